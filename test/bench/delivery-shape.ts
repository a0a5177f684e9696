// The `delivery` shape's setting (delivery-figures.ts measures): an SMTP server in this process,
// and the server process with SMTP_URL pointing at it, on a database of its own so that no
// message waiting in the bench database's outbox is sent in the measurement: a fresh
// `storefront_bench_delivery` beside the bench database (PostgreSQL), or a new embedded database
// (PGlite). The server loads the demo catalog into it and is measured through its demo key.
// Runnable alone, with the project's Node:
//   npm exec -- node test/bench/delivery-shape.ts [postgres-url]   (no URL: PGlite)
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { startSmtpInbox } from "../support/smtp-inbox.ts"
import { dropDatabaseBeside, recreateDatabaseBeside, redactDatabaseUrl } from "./bench-database.ts"
import { type DeliveryFigures, describeDelivery, measureDelivery } from "./delivery-figures.ts"
import { startServer } from "./server-process.ts"
import { makeStoreApi } from "./store-api.ts"

const DELIVERY_DATABASE = "storefront_bench_delivery"
const DEMO_PUBLISHABLE_KEY = "pk_demo_main_storefront"

export interface DeliveryShapeSettings {
  /** the server's entry, relative to `cwd` */
  readonly entry: string
  readonly cwd: string
  /** a PostgreSQL server's database URL (the delivery database is made beside it); null: PGlite */
  readonly besideDatabaseUrl: string | null
  readonly readyTimeoutMs: number
}

export const runDeliveryShape = async (settings: DeliveryShapeSettings): Promise<DeliveryFigures> => {
  const inbox = await startSmtpInbox()
  const postgres = settings.besideDatabaseUrl
  const dataDir = postgres === null ? mkdtempSync(join(tmpdir(), "storefront-bench-delivery-")) : null
  try {
    const databaseUrl = postgres === null ? "" : recreateDatabaseBeside(postgres, DELIVERY_DATABASE)
    console.log(`[bench] delivery: server on ${postgres === null ? `PGlite in ${dataDir}` : redactDatabaseUrl(databaseUrl)}, SMTP ${inbox.url}`)
    const server = await startServer({
      entry: settings.entry,
      cwd: settings.cwd,
      databaseUrl,
      readyTimeoutMs: settings.readyTimeoutMs,
      env: { SMTP_URL: inbox.url, ...(dataDir === null ? {} : { DATA_DIR: dataDir }) }
    })
    try {
      return await measureDelivery(makeStoreApi(server.baseUrl, DEMO_PUBLISHABLE_KEY), inbox, postgres === null ? "pglite" : "postgres")
    } finally {
      await server.stop()
    }
  } finally {
    await inbox.close()
    if (postgres !== null) dropDatabaseBeside(postgres, DELIVERY_DATABASE)
    if (dataDir !== null) rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runDeliveryShape({
    entry: "config/main.ts",
    cwd: resolve(import.meta.dirname, "../.."),
    besideDatabaseUrl: process.argv[2] ?? null,
    readyTimeoutMs: 180_000
  }).then((figures) => {
    console.log(`[bench] ${describeDelivery(figures)}`)
    process.exit(figures.failures.length > 0 ? 1 : 0)
  }, (error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
