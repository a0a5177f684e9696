// The `couriers` shape's setting (courier-figures.ts measures): the Steadfast and Pathao
// simulators in this process, and the server process on a database of its own (a fresh
// `storefront_bench_couriers` beside the bench database on PostgreSQL, or a new embedded
// database), which it fills with the demo catalog and is measured through the demo key: first
// with Steadfast configured against its simulator as every shop's courier (DEFAULT_COURIER),
// then, restarted on the same database, with Pathao. A booking call Steadfast held past the
// courier's timeout is retried after DELIVERY_RETRY_FIRST_MS, set short here.
// Runnable alone, with the project's Node:
//   npm exec -- node test/bench/courier-shape.ts [postgres-url]   (no URL: PGlite)
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { loadavg } from "node:os"
import { PATHAO_CREDENTIALS, startPathaoSimulator } from "../support/pathao-simulator.ts"
import { STEADFAST_CREDENTIALS, startSteadfastSimulator } from "../support/steadfast-simulator.ts"
import { dropDatabaseBeside, recreateDatabaseBeside, redactDatabaseUrl } from "./bench-database.ts"
import { round } from "./courier-events.ts"
import { type CourierFigures, describeCouriers, measureSteadfast } from "./courier-figures.ts"
import { measurePathao } from "./pathao-events.ts"
import { startServer } from "./server-process.ts"
import { makeStoreApi, type StoreApi } from "./store-api.ts"

const COURIERS_DATABASE = "storefront_bench_couriers"
const DEMO_PUBLISHABLE_KEY = "pk_demo_main_storefront"

export interface CourierShapeSettings {
  /** the server's entry, relative to `cwd` */
  readonly entry: string
  readonly cwd: string
  /** a PostgreSQL server's database URL (the couriers' database is made beside it); null: PGlite */
  readonly besideDatabaseUrl: string | null
  readonly readyTimeoutMs: number
}

export const runCourierShape = async (settings: CourierShapeSettings): Promise<CourierFigures> => {
  const before = loadavg()[0]!
  const steadfast = await startSteadfastSimulator()
  const pathao = await startPathaoSimulator()
  const postgres = settings.besideDatabaseUrl
  const dataDir = postgres === null ? mkdtempSync(join(tmpdir(), "storefront-bench-couriers-")) : null
  try {
    const databaseUrl = postgres === null ? "" : recreateDatabaseBeside(postgres, COURIERS_DATABASE)
    console.log(`[bench] couriers: server on ${postgres === null ? `PGlite in ${dataDir}` : redactDatabaseUrl(databaseUrl)}`)
    const withServer = async <A>(env: Record<string, string>, measure: (api: StoreApi) => Promise<A>): Promise<A> => {
      const server = await startServer({
        entry: settings.entry,
        cwd: settings.cwd,
        databaseUrl,
        readyTimeoutMs: settings.readyTimeoutMs,
        env: { DELIVERY_RETRY_FIRST_MS: "200", DELIVERY_RETRY_MAX_MS: "1000", ...env, ...(dataDir === null ? {} : { DATA_DIR: dataDir }) }
      })
      try {
        return await measure(makeStoreApi(server.baseUrl, DEMO_PUBLISHABLE_KEY))
      } finally {
        await server.stop()
      }
    }
    const sf = await withServer({
      DEFAULT_COURIER: "steadfast",
      STEADFAST_BASE_URL: steadfast.baseUrl,
      STEADFAST_API_KEY: STEADFAST_CREDENTIALS.apiKey,
      STEADFAST_SECRET_KEY: STEADFAST_CREDENTIALS.secretKey,
      STEADFAST_WEBHOOK_TOKEN: STEADFAST_CREDENTIALS.webhookToken
    }, (api) => measureSteadfast(api, steadfast))
    const pa = await withServer({
      DEFAULT_COURIER: "pathao",
      PATHAO_BASE_URL: pathao.origin,
      PATHAO_CLIENT_ID: PATHAO_CREDENTIALS.clientId,
      PATHAO_CLIENT_SECRET: PATHAO_CREDENTIALS.clientSecret,
      PATHAO_USERNAME: PATHAO_CREDENTIALS.username,
      PATHAO_PASSWORD: PATHAO_CREDENTIALS.password,
      PATHAO_STORE_ID: PATHAO_CREDENTIALS.storeId,
      PATHAO_WEBHOOK_SECRET: PATHAO_CREDENTIALS.webhookSecret
    }, (api) => measurePathao(api, pathao))
    return {
      engine: postgres === null ? "pglite" : "postgres",
      loadAverage: { before: round(before), after: round(loadavg()[0]!) },
      booking: sf.booking,
      steadfastWebhook: sf.webhook,
      pathaoWebhook: pa.webhook,
      failures: [...sf.failures, ...pa.failures]
    }
  } finally {
    await steadfast.close()
    await pathao.close()
    if (postgres !== null) dropDatabaseBeside(postgres, COURIERS_DATABASE)
    if (dataDir !== null) rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCourierShape({
    entry: "config/main.ts",
    cwd: resolve(import.meta.dirname, "../.."),
    besideDatabaseUrl: process.argv[2] ?? null,
    readyTimeoutMs: 180_000
  }).then((figures) => {
    console.log(`[bench] ${describeCouriers(figures)}`)
    process.exit(figures.failures.length > 0 ? 1 : 0)
  }, (error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
