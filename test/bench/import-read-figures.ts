// The reading side of `npm run import`, without a database: a document file read as a stream,
// every product validated, converted and batched exactly as the import does, each batch handed
// to a writer that only counts it. Prints the time, products per second and the process's
// largest RSS (sampled every 100 ms), so the importer's own cost and memory at any size are
// measured apart from PostgreSQL's. Not a test.
//   npm exec -- node --max-old-space-size=640 test/bench/import-read-figures.ts FILE
import { Effect } from "effect"
import { catalogDocumentFile } from "../../adapters/file/catalog-document-file.ts"
import { CatalogImportWriter, noProductChanges } from "../../application/catalog-import/catalog-import-writer.ts"
import { importCatalogFrom } from "../../application/catalog-import/import-catalog.ts"
import { countsOf, noListChanges } from "../../application/catalog-import/import-summary.ts"

const file = process.argv[2]
if (file === undefined) {
  console.error("usage: node test/bench/import-read-figures.ts FILE")
  process.exit(2)
}

let maxRssMB = 0
const sample = () => void (maxRssMB = Math.max(maxRssMB, process.memoryUsage.rss() / 1048576))
const sampler = setInterval(sample, 100)

const countingWriter = CatalogImportWriter.of({
  existingReferences: Effect.succeed({ shopIds: [], sizeGuideIds: [], categories: [] }),
  transaction: (use) =>
    use({
      writeLists: () => Effect.succeed(noListChanges),
      writeProducts: (batch) =>
        Effect.succeed({ products: countsOf(batch.length, batch.length, 0), variants: countsOf(0, 0, 0), removedVariants: 0 }),
      completeProducts: Effect.succeed(noProductChanges)
    })
})

const started = performance.now()
const cpuAtStart = process.cpuUsage()
const summary = await Effect.runPromise(importCatalogFrom(catalogDocumentFile(file), (progress) =>
  Effect.sync(() => {
    if (!progress.completing && progress.productsWritten % 100_000 === 0) {
      sample()
      const seconds = (performance.now() - started) / 1000
      console.log(`${progress.productsWritten} products read and checked, ${seconds.toFixed(1)} s, RSS max ${maxRssMB.toFixed(0)} MB`)
    }
  })).pipe(Effect.provideService(CatalogImportWriter, countingWriter)))
clearInterval(sampler)
sample()
const seconds = (performance.now() - started) / 1000
const products = summary.products.inserted
const cpu = process.cpuUsage(cpuAtStart)
const cpuSeconds = (cpu.user + cpu.system) / 1e6
// CPU time says what a free core would do when the machine is shared (wall time depends on the load)
console.log(
  `${products} products read, validated and batched in ${seconds.toFixed(1)} s ` +
    `(${(products / seconds).toFixed(0)} products/s), ${cpuSeconds.toFixed(1)} s of CPU ` +
    `(${(products / cpuSeconds).toFixed(0)} products per CPU second), RSS max ${maxRssMB.toFixed(0)} MB`
)
