// The `couriers` shape's setting (courier-figures.ts measures): the Steadfast simulator in this
// process, and the server process with Steadfast configured against it as every shop's courier
// (DEFAULT_COURIER), on a database of its own: a fresh `storefront_bench_couriers` beside the
// bench database (PostgreSQL), or a new embedded database (PGlite). The server loads the demo
// catalog into it and is measured through its demo key. A booking call Steadfast held past the
// courier's timeout is retried after DELIVERY_RETRY_FIRST_MS, set short here.
// Runnable alone, with the project's Node:
//   npm exec -- node test/bench/courier-shape.ts [postgres-url]   (no URL: PGlite)
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { STEADFAST_CREDENTIALS, startSteadfastSimulator } from "../support/steadfast-simulator.ts"
import { dropDatabaseBeside, recreateDatabaseBeside, redactDatabaseUrl } from "./bench-database.ts"
import { type CourierFigures, describeCouriers, measureCouriers } from "./courier-figures.ts"
import { startServer } from "./server-process.ts"
import { makeStoreApi } from "./store-api.ts"

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
  const steadfast = await startSteadfastSimulator()
  const postgres = settings.besideDatabaseUrl
  const dataDir = postgres === null ? mkdtempSync(join(tmpdir(), "storefront-bench-couriers-")) : null
  try {
    const databaseUrl = postgres === null ? "" : recreateDatabaseBeside(postgres, COURIERS_DATABASE)
    console.log(`[bench] couriers: server on ${postgres === null ? `PGlite in ${dataDir}` : redactDatabaseUrl(databaseUrl)}, Steadfast ${steadfast.baseUrl}`)
    const server = await startServer({
      entry: settings.entry,
      cwd: settings.cwd,
      databaseUrl,
      readyTimeoutMs: settings.readyTimeoutMs,
      env: {
        DEFAULT_COURIER: "steadfast",
        STEADFAST_BASE_URL: steadfast.baseUrl,
        STEADFAST_API_KEY: STEADFAST_CREDENTIALS.apiKey,
        STEADFAST_SECRET_KEY: STEADFAST_CREDENTIALS.secretKey,
        STEADFAST_WEBHOOK_TOKEN: STEADFAST_CREDENTIALS.webhookToken,
        DELIVERY_RETRY_FIRST_MS: "200",
        DELIVERY_RETRY_MAX_MS: "1000",
        ...(dataDir === null ? {} : { DATA_DIR: dataDir })
      }
    })
    try {
      return await measureCouriers(makeStoreApi(server.baseUrl, DEMO_PUBLISHABLE_KEY), steadfast, postgres === null ? "pglite" : "postgres")
    } finally {
      await server.stop()
    }
  } finally {
    await steadfast.close()
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
