/**
 * `npm run import -- FILE`: imports a catalog document (CONTRACT §9) into the configured
 * database (DATABASE_URL, else the embedded one in DATA_DIR), after running the migrations.
 * Prints progress and a summary and exits 0; a file that cannot be read or parsed, or a document
 * with problems (each printed as `path: message`), exits 1 with nothing written.
 */
import { readFile } from "node:fs/promises"
import { NodeRuntime } from "@effect/platform-node"
import { Console, Effect, Layer, Schema } from "effect"
import type { ImportProgress } from "../application/catalog-import/catalog-import-writer.ts"
import { importCatalog } from "../application/catalog-import/import-catalog.ts"
import type { EntityCounts, ImportSummary } from "../application/catalog-import/import-summary.ts"
import { databaseLayer } from "../adapters/postgres/database-layer.ts"
import { runMigrations } from "../adapters/postgres/migrations.ts"
import { PostgresCatalogImportWriterLayer } from "../adapters/postgres/postgres-catalog-import-writer.ts"
import { CryptoIdGeneratorLayer } from "../adapters/security/crypto-id-generator.ts"
import { AppSettings } from "./app-config.ts"

/** The command cannot go on; the message says why. */
class ImportCommandFailed extends Schema.TaggedError<ImportCommandFailed>()("ImportCommandFailed", {
  message: Schema.String
}) {}

const PROGRESS_EVERY = 10_000

const errorMessage = (error: unknown): string => error instanceof Error ? error.message : String(error)

const readDocument = (file: string) =>
  Effect.gen(function*() {
    const text = yield* Effect.tryPromise({
      try: () => readFile(file, "utf8"),
      catch: (error) => new ImportCommandFailed({ message: `Cannot read ${file}: ${errorMessage(error)}` })
    })
    return yield* Effect.try({
      try: (): unknown => JSON.parse(text),
      catch: (error) => new ImportCommandFailed({ message: `${file} is not valid JSON: ${errorMessage(error)}` })
    })
  })

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

const DatabaseLive = Layer.unwrap(Effect.map(AppSettings, (settings) =>
  databaseLayer({
    databaseUrl: settings.databaseUrl,
    dataDir: settings.dataDir,
    maxConnections: settings.databaseMaxConnections
  })
)).pipe(Layer.provide(AppSettings.layer))

const ImportLive = PostgresCatalogImportWriterLayer.pipe(
  Layer.provide(CryptoIdGeneratorLayer),
  Layer.provideMerge(DatabaseLive)
)

const importFile = (file: string) =>
  Effect.gen(function*() {
    const document = yield* readDocument(file)
    return yield* Effect.gen(function*() {
      yield* runMigrations
      const started = performance.now()
      const elapsed = () => (performance.now() - started) / 1000
      const onProgress = (progress: ImportProgress) =>
        progress.productsWritten % PROGRESS_EVERY === 0 || progress.productsWritten === progress.productsTotal
          ? Console.log(
            `  ${progress.productsWritten}/${progress.productsTotal} products ` +
              `(${elapsed().toFixed(1)} s, ${rate(progress.productsWritten, elapsed())} products/s)`
          )
          : Effect.void
      yield* Console.log(`Importing ${file}`)
      const summary = yield* importCatalog(document, onProgress)
      const seconds = elapsed()
      for (const line of summaryLines(summary)) yield* Console.log(line)
      const products = summary.products.inserted + summary.products.updated + summary.products.unchanged
      yield* Console.log(`Imported ${products} products in ${seconds.toFixed(1)} s (${rate(products, seconds)} products/s)`)
    }).pipe(Effect.provide(ImportLive))
  })

const fail = (lines: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    for (const line of lines) yield* Console.error(line)
    process.exitCode = 1
  })

const main = Effect.gen(function*() {
  const file = process.argv[2]
  if (file === undefined || file === "") {
    return yield* fail(["Usage: npm run import -- FILE"])
  }
  yield* importFile(file).pipe(
    Effect.catchTags({
      ImportCommandFailed: (error) => fail([error.message]),
      ImportRejected: (error) =>
        fail([
          `Rejected ${file}: ${error.problems.length} problem(s), nothing was written`,
          ...error.problems.map((problem) => `${problem.path}: ${problem.message}`)
        ]),
      StoreUnavailable: (error) => fail([`The database is unavailable (${error.reason}); nothing was written`])
    })
  )
})

NodeRuntime.runMain(main)
