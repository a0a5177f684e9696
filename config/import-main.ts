/**
 * `npm run import -- FILE`: imports a catalog document (docs/contract/catalog-import.md) into the configured
 * database (DATABASE_URL, else the embedded one in DATA_DIR), after running the migrations.
 * The file is read as a stream and written batch by batch in one transaction while it is read,
 * so memory stays bounded whatever its size. Prints progress and a summary and exits 0; a file
 * that cannot be read or parsed, or a document with problems (each printed as
 * `path: message`), exits 1 with nothing written. Once the catalog is written it runs the
 * catalog snapshot job (catalog-snapshot-job.ts, in a process of its own) so that instances start
 * from a stored index; `--no-snapshot` leaves that to `npm run catalog:snapshot` (or to the first
 * instance started). A job that fails is reported; the import stands.
 */
import { NodeRuntime } from "@effect/platform-node"
import { Console, Effect, Layer } from "effect"
import type { ImportProgress } from "../application/catalog-import/catalog-import-writer.ts"
import { importCatalogFrom } from "../application/catalog-import/import-catalog.ts"
import type { EntityCounts, ImportSummary } from "../application/catalog-import/import-summary.ts"
import { catalogDocumentFile } from "../adapters/file/catalog-document-file.ts"
import * as Database from "../adapters/postgres/database-layer.ts"
import { runMigrations } from "../adapters/postgres/migrations.ts"
import * as PostgresCatalogImportWriter from "../adapters/postgres/postgres-catalog-import-writer.ts"
import * as CryptoIdGenerator from "../adapters/security/crypto-id-generator.ts"
import { AppSettings } from "./app-config.ts"
import { runCatalogSnapshotJob } from "./catalog-snapshot-job.ts"

const PROGRESS_EVERY = 10_000

const rate = (count: number, seconds: number): string => seconds > 0 ? (count / seconds).toFixed(0) : "-"

const countsLine = (name: string, counts: EntityCounts): string =>
  `  ${name.padEnd(17)} ${String(counts.inserted).padStart(8)} inserted ${String(counts.updated).padStart(8)} updated ` +
  `${String(counts.unchanged).padStart(8)} unchanged`

const summaryLines = (summary: ImportSummary): Array<string> => [
  countsLine("shops", summary.shops),
  countsLine("publishable keys", summary.publishableKeys),
  countsLine("categories", summary.categories),
  countsLine("size guides", summary.sizeGuides),
  countsLine("products", summary.products),
  countsLine("variants", summary.variants),
  `  ${"variants removed".padEnd(17)} ${String(summary.removedVariants).padStart(8)}`,
  countsLine("shipping methods", summary.shippingMethods),
  countsLine("coupons", summary.coupons),
  countsLine("customers", summary.customers)
]

const database = Layer.unwrap(Effect.map(AppSettings, (settings) =>
  Database.layer({
    databaseUrl: settings.databaseUrl,
    dataDir: settings.dataDir,
    maxConnections: settings.databaseMaxConnections
  })
)).pipe(Layer.provide(AppSettings.layer))

const importWriter = PostgresCatalogImportWriter.layer.pipe(
  Layer.provide(CryptoIdGenerator.layer),
  Layer.provideMerge(database)
)

const importFile = (file: string) =>
  Effect.gen(function*() {
    return yield* Effect.gen(function*() {
      yield* runMigrations
      const started = performance.now()
      const elapsed = () => (performance.now() - started) / 1000
      const onProgress = (progress: ImportProgress) =>
        progress.completing
          ? Console.log(`  writing the ${progress.productsWritten} products into the catalog (${elapsed().toFixed(1)} s)`)
          : progress.productsWritten % PROGRESS_EVERY === 0
          ? Console.log(
            `  ${progress.productsWritten} products ` +
              `(${elapsed().toFixed(1)} s, ${rate(progress.productsWritten, elapsed())} products/s, ` +
              `RSS ${(process.memoryUsage.rss() / 1048576).toFixed(0)} MB)`
          )
          : Effect.void
      yield* Console.log(`Importing ${file}`)
      const summary = yield* importCatalogFrom(catalogDocumentFile(file), onProgress)
      const seconds = elapsed()
      for (const line of summaryLines(summary)) yield* Console.log(line)
      const products = summary.products.inserted + summary.products.updated + summary.products.unchanged
      yield* Console.log(`Imported ${products} products in ${seconds.toFixed(1)} s (${rate(products, seconds)} products/s)`)
    }).pipe(Effect.provide(importWriter))
  })

const fail = (lines: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    for (const line of lines) yield* Console.error(line)
    process.exitCode = 1
  })

const main = Effect.gen(function*() {
  const args = process.argv.slice(2)
  const snapshot = !args.includes("--no-snapshot")
  const file = args.find((arg) => arg !== "--no-snapshot")
  if (file === undefined || file === "") {
    return yield* fail(["Usage: npm run import -- FILE [--no-snapshot]"])
  }
  yield* importFile(file).pipe(
    Effect.catchTags({
      DocumentUnreadable: (error) => fail([error.message, "Nothing was written"]),
      ImportRejected: (error) =>
        fail([
          `Rejected ${file}: ${error.problems.length} problem(s), nothing was written`,
          ...error.problems.map((problem) => `${problem.path}: ${problem.message}`)
        ]),
      StoreUnavailable: (error) => fail([`The database is unavailable (${error.reason}); nothing was written`]),
      DataDirInUse: (error) => fail([error.message, "Nothing was written"])
    })
  )
  // the database is closed by now: the job (and an embedded database's lock) is its own
  if (process.exitCode === 1 || !snapshot) return
  const code = yield* Effect.promise(runCatalogSnapshotJob)
  if (code !== 0) {
    yield* Console.error(
      `The catalog snapshot was not stored (exit code ${code}): run npm run catalog:snapshot, or the first instance started builds the index`
    )
  }
})

NodeRuntime.runMain(main)
