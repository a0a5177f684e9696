// `node test/bench/engine-bench.ts`: the catalog engine alone, in one process, without HTTP or a
// database: builds the index the server builds (documents compressed) from the bench catalog and
// answers the bench's distinct listing queries and new search terms, printing the time per query
// and a digest of every answer (equal digests over the same snapshot = equal answers, to compare
// two engines; a new snapshot has new product ids, so other ties and another digest). With
// `node --cpu-prof` it gives the engine's profile. Not a test.
//   --products N   catalog size (default 100000); the products are read once through the memory
//                  streaming import and kept in bench-results/engine-snapshot-N.jsonl (a line
//                  per product) for later runs
//   --queries Q    distinct listing queries (default 2000)
//   --terms T      listing queries with a search term not seen before (default 200)
//   --plain        keep documents as they are instead of compressed (shorter builds, for A/B of engines)
//   --shared       answer from the index a listing worker would hold: shared (CatalogIndex.share)
//                  and rebuilt from its description (CatalogIndex.fromShared), printing the time
//                  and memory of both steps; the digests must equal those of a run without it
import { createHash } from "node:crypto"
import { once } from "node:events"
import { createReadStream, createWriteStream, existsSync } from "node:fs"
import { rename } from "node:fs/promises"
import { createInterface } from "node:readline"
import { join, resolve } from "node:path"
import { parseArgs } from "node:util"
import { Effect, Layer } from "effect"
import { catalogDocumentFile } from "../../adapters/file/catalog-document-file.ts"
import { dictionaryDocumentCodecTrainer, documentCodecFromDescription } from "../../adapters/catalog-engine/compression/dictionary-document-codec.ts"
import * as MemoryCatalogStore from "../../adapters/memory/memory-catalog-store.ts"
import * as MemoryCustomerRepository from "../../adapters/memory/memory-customer-repository.ts"
import * as CryptoIdGenerator from "../../adapters/security/crypto-id-generator.ts"
import type { ProductPage } from "../../application/catalog/catalog-snapshot.ts"
import { CatalogSource } from "../../application/catalog/catalog-source.ts"
import { importCatalogFrom } from "../../application/catalog-import/import-catalog.ts"
import type { CatalogProduct, SizeGuide } from "../../domain/catalog/catalog-product.ts"
import { CatalogIndex } from "../../adapters/catalog-engine/catalog-index/catalog-index.ts"
import { makeIndex } from "../support/catalog-fixtures.ts"
import { CategoryId, type ShopId } from "../../domain/shared/ids.ts"
import type { CategoryRecord } from "../../domain/catalog/category.ts"
import type { ProductQuery } from "../../domain/catalog/product-query.ts"
import type { Facets } from "../../domain/catalog/facets.ts"
import { toMajor, toMinor } from "../../domain/shared/money.ts"
import { generatedCatalog } from "./catalog-file.ts"
import { type ListingQuerySpec, makeListingQueries, makeNewTermQueries, vocabularyFrom } from "./listing-queries.ts"
import { quantile } from "./quantiles.ts"

const repoRoot = resolve(import.meta.dirname, "../..")
const resultsDir = join(repoRoot, "bench-results")

interface Snapshot {
  readonly categories: ReadonlyArray<CategoryRecord>
  readonly sizeGuides: ReadonlyArray<SizeGuide>
  readonly shopIds: ReadonlyArray<ShopId>
  readonly products: ReadonlyArray<CatalogProduct>
}

/** The products the read model would load, through the memory import of the bench catalog. */
const importedSnapshot = async (products: number): Promise<Snapshot> => {
  const catalog = await generatedCatalog(resolve(repoRoot, "scripts/make-catalog.ts"), resultsDir, products)
  return Effect.runPromise(Effect.gen(function*() {
    yield* importCatalogFrom(catalogDocumentFile(catalog.file))
    const source = yield* CatalogSource
    const reference = yield* source.loadReferenceData
    const loaded: Array<CatalogProduct> = []
    let afterId: string | null = null
    do {
      // one page: the memory source finds a later page by scanning from the start
      const page: ProductPage = yield* source.loadProducts({ since: null, afterId, limit: Number.MAX_SAFE_INTEGER })
      for (const product of page.products) loaded.push(product)
      afterId = page.nextAfterId
    } while (afterId !== null)
    return {
      categories: reference.categories,
      sizeGuides: reference.sizeGuides,
      shopIds: reference.shops.map((shop) => shop.id),
      products: loaded
    }
  }).pipe(Effect.provide(MemoryCatalogStore.layer.pipe(
    Layer.provideMerge(MemoryCustomerRepository.layer),
    Layer.provide(CryptoIdGenerator.layer)
  ))))
}

const loadSnapshot = async (products: number): Promise<Snapshot> => {
  const file = join(resultsDir, `engine-snapshot-${products}.jsonl`)
  if (!existsSync(file)) {
    const snapshot = await importedSnapshot(products)
    const { products: list, ...reference } = snapshot
    // a line at a time: a million products do not fit in one string
    const out = createWriteStream(`${file}.partial`)
    const write = (line: string) => out.write(`${line}\n`) ? Promise.resolve() : once(out, "drain").then(() => undefined)
    await write(JSON.stringify(reference))
    for (const product of list) await write(JSON.stringify(product))
    await new Promise<void>((resolveEnd) => out.end(resolveEnd))
    await rename(`${file}.partial`, file)
  }
  let reference: Omit<Snapshot, "products"> | undefined
  const list: Array<CatalogProduct> = []
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (line === "") continue
    if (reference === undefined) {
      reference = JSON.parse(line) as Omit<Snapshot, "products">
      continue
    }
    const product = JSON.parse(line) as CatalogProduct & { createdAt: string }
    list.push({ ...product, createdAt: new Date(product.createdAt) })
  }
  if (reference === undefined) throw new Error(`${file} is empty`)
  return { ...reference, products: list }
}

const toProductQuery = (spec: ListingQuerySpec, index: CatalogIndex): ProductQuery => ({
  page: spec.page,
  limit: spec.limit,
  search: spec.search,
  categoryIds: spec.categorySlug === undefined ? undefined : [CategoryId.make(index.categoryIdBySlug(spec.categorySlug) ?? "-")],
  tags: spec.tags,
  attributes: spec.attribute === undefined ? undefined : [spec.attribute],
  minPrice: spec.minPrice === undefined ? undefined : toMinor(spec.minPrice),
  maxPrice: spec.maxPrice === undefined ? undefined : toMinor(spec.maxPrice),
  inStock: spec.inStock,
  sortBy: spec.sortBy,
  sortOrder: spec.sortOrder,
  includeFacets: true
})

/** The facets with the price range in major units, as the API and the digests of older engines have it. */
const majorFacets = (facets: Facets | undefined) =>
  facets === undefined ? undefined : { ...facets, priceRange: { min: toMajor(facets.priceRange.min), max: toMajor(facets.priceRange.max) } }

const run = (label: string, index: CatalogIndex, shopIds: ReadonlyArray<ShopId>, specs: ReadonlyArray<ListingQuerySpec>) => {
  const digest = createHash("sha256")
  const times: Array<number> = []
  const slowest: Array<{ ms: number; spec: ListingQuerySpec }> = []
  const started = performance.now()
  for (const spec of specs) {
    const before = performance.now()
    const result = index.list(toProductQuery(spec, index), shopIds)
    const ms = performance.now() - before
    times.push(ms)
    slowest.push({ ms, spec })
    if (slowest.length > 3) slowest.splice(slowest.reduce((low, entry, at) => (entry.ms < slowest[low]!.ms ? at : low), 0), 1)
    digest.update(`${result.total}\n${result.documents.join("\n")}\n${JSON.stringify(majorFacets(result.facets))}\n`)
  }
  const elapsed = performance.now() - started
  times.sort((left, right) => left - right)
  console.log(
    `${label}: ${specs.length} queries in ${elapsed.toFixed(0)} ms = ${(specs.length / elapsed * 1000).toFixed(0)} /s, ` +
      `mean ${(elapsed / specs.length).toFixed(2)} ms, p50 ${quantile(times, 0.5).toFixed(2)} ms, ` +
      `p99 ${quantile(times, 0.99).toFixed(2)} ms, max ${quantile(times, 1).toFixed(2)} ms, digest ${digest.digest("hex").slice(0, 16)}`
  )
  for (const { ms, spec } of slowest.sort((left, right) => right.ms - left.ms)) console.log(`  slowest ${ms.toFixed(1)} ms: ${JSON.stringify(spec)}`)
}

const memory = (): string => {
  const usage = process.memoryUsage()
  return `heap ${(usage.heapUsed / 2 ** 20).toFixed(0)} MB, rss ${(usage.rss / 2 ** 20).toFixed(0)} MB`
}

/** The index a listing worker holds: one generation shared, and rebuilt from its description (timed). */
const sharedCopy = (index: CatalogIndex): CatalogIndex => {
  const before = memory()
  let started = performance.now()
  const shared = index.share()
  const shareMs = performance.now() - started
  started = performance.now()
  const rebuilt = CatalogIndex.fromShared(shared, documentCodecFromDescription)
  console.log(`share: ${shareMs.toFixed(0)} ms, fromShared: ${(performance.now() - started).toFixed(0)} ms; ` +
    `before ${before}, after ${memory()}`)
  return rebuilt
}

const main = async () => {
  const { values } = parseArgs({
    options: {
      products: { type: "string" },
      queries: { type: "string" },
      terms: { type: "string" },
      plain: { type: "boolean" },
      shared: { type: "boolean" }
    }
  })
  const products = Number(values.products ?? 100_000)
  const snapshot = await loadSnapshot(products)
  const started = performance.now()
  const index = makeIndex(snapshot, { documentCodec: values.plain === true ? undefined : dictionaryDocumentCodecTrainer() })
  for (const product of snapshot.products) index.upsertProduct(product)
  // what the read model does once loaded (an engine without it builds on first use)
  const prepared = index as unknown as { prepare?: () => void }
  prepared.prepare?.()
  console.log(`build: ${index.productCount} products in ${(performance.now() - started).toFixed(0)} ms, ` +
    `heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB, rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`)

  const first = index.list({ page: 1, limit: 100, includeFacets: true }, snapshot.shopIds)
  const names = first.documents.map((document) => (JSON.parse(document) as { name: string }).name)
  const vocabulary = vocabularyFrom(
    { total: first.total, facets: majorFacets(first.facets) },
    snapshot.categories.map((category) => category.slug),
    names
  )
  const answering = values.shared === true ? sharedCopy(index) : index
  run("distinct", answering, snapshot.shopIds, makeListingQueries(vocabulary, Number(values.queries ?? 2000)))
  run("new-terms", answering, snapshot.shopIds, makeNewTermQueries(vocabulary, Number(values.terms ?? 200)))
}

await main()
