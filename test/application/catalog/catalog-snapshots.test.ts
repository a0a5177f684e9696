/**
 * The read model's snapshots (application/catalog/catalog-snapshots.ts) over the memory catalog
 * and snapshot store, with the server's engine and codec: the first start builds the index and
 * stores a snapshot; a later start reads it instead of making an index, applies what changed
 * since, and answers as an index built from the products would; a change to the reference data,
 * a snapshot of another format or one that does not decode makes the start build the index
 * again; a catch-up of more than a tenth of the catalog stores a new snapshot.
 */
import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer, Option } from "effect"
import * as EngineProductSearch from "../../../adapters/catalog-engine/engine-product-search.ts"
import { dictionaryDocumentCodecTrainer, documentCodecFromDescription } from "../../../adapters/catalog-engine/compression/dictionary-document-codec.ts"
import { productJsonDocuments } from "../../../adapters/http/representation/product-document.ts"
import * as MemoryCatalogSnapshotStore from "../../../adapters/memory/memory-catalog-snapshot-store.ts"
import * as MemoryCatalogStore from "../../../adapters/memory/memory-catalog-store.ts"
import * as MemoryCustomerRepository from "../../../adapters/memory/memory-customer-repository.ts"
import * as CryptoIdGenerator from "../../../adapters/security/crypto-id-generator.ts"
import { CatalogReadModel } from "../../../application/catalog/catalog-read-model.ts"
import { CatalogSnapshotStore } from "../../../application/catalog/catalog-snapshot-store.ts"
import { CatalogSource } from "../../../application/catalog/catalog-source.ts"
import { ProductSearch, type ProductSearchIndex } from "../../../application/catalog/product-search.ts"
import { CatalogImportWriter } from "../../../application/catalog-import/catalog-import-writer.ts"
import { importCatalog } from "../../../application/catalog-import/import-catalog.ts"
import { ShopId } from "../../../domain/shared/ids.ts"
import { generatedCatalogJson } from "../../support/catalog-documents.ts"

const engine = (format = productJsonDocuments) => EngineProductSearch.engineProductSearch({
  format,
  documentCodec: dictionaryDocumentCodecTrainer({ sampleSize: 20 }),
  codecFromDescription: documentCodecFromDescription
})

/** The engine, counting the indexes it makes from nothing (a start that reads a snapshot makes none). */
const counted = (search: ProductSearch["Service"]) => {
  const made: { count: number; last?: ProductSearchIndex } = { count: 0 }
  return {
    made,
    search: ProductSearch.of({ ...search, make: (reference) => (made.count++, made.last = search.make(reference)) })
  }
}

const catalog = (products: number) => generatedCatalogJson(products, 7) as { products: Array<Record<string, unknown>>; categories: Array<Record<string, unknown>> }

/** Memory catalog and snapshot stores with a generated catalog of `products` imported, and that catalog. */
const catalogWorld = (products: number) =>
  Effect.gen(function*() {
    const stores = yield* Layer.build(
      MemoryCatalogStore.layer.pipe(Layer.provide(MemoryCustomerRepository.layer), Layer.provide(CryptoIdGenerator.layer))
    )
    const world = Context.add(stores, CatalogSnapshotStore, MemoryCatalogSnapshotStore.make())
    const document = catalog(products)
    yield* Effect.provideContext(importCatalog(document), world)
    return { world, document }
  })

/** A start of the read model over the world's stores: its state's index and how many indexes were made. */
const start = (world: Context.Context<CatalogSource | CatalogImportWriter | CatalogSnapshotStore>, search = engine()) =>
  Effect.gen(function*() {
    const { made, search: countedSearch } = counted(search)
    const model = yield* Layer.build(
      CatalogReadModel.layer({ pollInterval: "1 hour", snapshots: { minProducts: 1 } }).pipe(
        Layer.provide(Layer.succeed(ProductSearch, countedSearch)),
        Layer.provide(Layer.succeedContext(world))
      )
    )
    return { state: Context.get(model, CatalogReadModel).state(), made: made.count, lastMade: made.last }
  })

const SHOPS = [ShopId.make("shop_dhaka_fashion"), ShopId.make("shop_chittagong_electronics")]

/** What a shopper can see: every listing page of the catalog with facets, and every product by slug. */
const answers = (state: { readonly search: ProductSearchIndex }) =>
  Effect.gen(function*() {
    const pages = []
    for (const sortBy of ["name", "price", "newest"] as const) {
      for (let page = 1; page <= 3; page++) {
        pages.push(yield* state.search.list({ page, limit: 20, sortBy, includeFacets: true }, SHOPS))
      }
    }
    pages.push(yield* state.search.list({ page: 1, limit: 10, search: "classic", includeFacets: true }, SHOPS))
    return { count: state.search.productCount, pages, counts: [...state.search.categoryCounts(SHOPS)] }
  })


describe("catalog snapshots at start", () => {
  it.effect("a later start reads the snapshot, applies what changed since and answers as a build would", () =>
    Effect.scoped(Effect.gen(function*() {
      const { world, document } = yield* catalogWorld(120)
      const first = yield* start(world)
      expect(first.made).toBe(1)
      const stored = Option.getOrThrow(yield* Context.get(world, CatalogSnapshotStore).latest(engine().snapshots!.format))
      expect(stored.products).toBe(120)
      // the index it built was stored, let go and read back: the start serves the snapshot's index
      expect(first.state.search).not.toBe(first.lastMade)
      const plain = yield* start(world, EngineProductSearch.engineProductSearch({ format: productJsonDocuments }))
      expect(yield* answers(first.state)).toEqual(yield* answers(plain.state))

      // a few products change and one is added after the snapshot: under a tenth of the catalog
      const changed = document.products.slice(0, 5).map((product) => ({ ...product, name: `${String(product["name"])} Renamed` }))
      const added = catalog(121).products[120]!
      yield* Effect.provideContext(importCatalog({ ...document, products: [...changed, added] }), world)

      const second = yield* start(world)
      expect(second.made).toBe(0)
      // the engine without snapshots builds the index from the products
      const built = yield* start(world, EngineProductSearch.engineProductSearch({ format: productJsonDocuments }))
      expect(built.made).toBe(1)
      expect(yield* answers(second.state)).toEqual(yield* answers(built.state))
      expect(second.state.search.productCount).toBe(121)
      // the catch-up was small: the snapshot stays the one stored first
      expect(Option.getOrThrow(yield* Context.get(world, CatalogSnapshotStore).latest(engine().snapshots!.format)).id).toBe(stored.id)
    })), 120_000)

  it.effect("a change to the categories, or a snapshot of another format, makes the start build the index", () =>
    Effect.scoped(Effect.gen(function*() {
      const { world, document } = yield* catalogWorld(60)
      expect((yield* start(world)).made).toBe(1)
      expect((yield* start(world)).made).toBe(0)
      // another document format: its snapshots are another format's
      const otherFormat = { ...productJsonDocuments, render: (...args: Parameters<typeof productJsonDocuments.render>) => `${productJsonDocuments.render(...args)}\n` }
      expect((yield* start(world, engine(otherFormat))).made).toBe(1)

      const categories = document.categories.map((category, at) => at === 0 ? { ...category, name: "Renamed Root" } : category)
      yield* Effect.provideContext(importCatalog({ ...document, categories }), world)
      expect((yield* start(world)).made).toBe(1)
      // that start stored a snapshot over the new categories, which the next reads
      expect((yield* start(world)).made).toBe(0)
    })), 120_000)

  it.effect("a catch-up of more than a tenth of the catalog stores a new snapshot", () =>
    Effect.scoped(Effect.gen(function*() {
      const { world, document } = yield* catalogWorld(50)
      yield* start(world)
      const snapshots = Context.get(world, CatalogSnapshotStore)
      const format = engine().snapshots!.format
      const before = Option.getOrThrow(yield* snapshots.latest(format))
      const changed = document.products.slice(0, 10).map((product) => ({ ...product, salesCount: 999 }))
      yield* Effect.provideContext(importCatalog({ ...document, products: changed }), world)
      expect((yield* start(world)).made).toBe(0)
      const after = Option.getOrThrow(yield* snapshots.latest(format))
      expect(after.id).not.toBe(before.id)
      expect(after.cursor).not.toBe(before.cursor)
    })), 120_000)

  it.effect("starts together on a catalog without a snapshot: one builds the index, the others read its snapshot", () =>
    Effect.scoped(Effect.gen(function*() {
      const { world } = yield* catalogWorld(80)
      const starts = yield* Effect.all([start(world), start(world), start(world)], { concurrency: "unbounded" })
      expect(starts.map((started) => started.made).sort()).toEqual([0, 0, 1])
      const [first, ...others] = yield* Effect.forEach(starts, (started) => answers(started.state))
      for (const other of others) expect(other).toEqual(first)
    })), 120_000)

  it.effect("the snapshot job's settings store a new snapshot whenever a product changed since the stored one", () =>
    Effect.scoped(Effect.gen(function*() {
      const { world, document } = yield* catalogWorld(40)
      yield* start(world)
      const snapshots = Context.get(world, CatalogSnapshotStore)
      const format = engine().snapshots!.format
      const job = (settings = { minProducts: 0, staleShare: 0 }) =>
        Layer.build(CatalogReadModel.layer({ pollInterval: "1 hour", snapshots: settings }).pipe(
          Layer.provide(Layer.succeed(ProductSearch, engine())),
          Layer.provide(Layer.succeedContext(world))
        ))
      const before = Option.getOrThrow(yield* snapshots.latest(format))
      // nothing changed: the stored snapshot stays
      yield* job()
      expect(Option.getOrThrow(yield* snapshots.latest(format)).id).toBe(before.id)
      // one product of forty changed: a start keeps the snapshot (under a tenth), the job stores a new one
      yield* Effect.provideContext(importCatalog({ ...document, products: [{ ...document.products[0]!, salesCount: 7 }] }), world)
      yield* job({ minProducts: 1, staleShare: 0.1 })
      expect(Option.getOrThrow(yield* snapshots.latest(format)).id).toBe(before.id)
      yield* job()
      expect(Option.getOrThrow(yield* snapshots.latest(format)).id).not.toBe(before.id)
    })), 120_000)

  it.effect("a snapshot that does not decode is logged and the start builds the index", () =>
    Effect.scoped(Effect.gen(function*() {
      const { world } = yield* catalogWorld(30)
      const snapshots = Context.get(world, CatalogSnapshotStore)
      const format = engine().snapshots!.format
      const { referenceKey } = yield* Effect.map(start(world), () => Option.getOrThrow(Effect.runSync(snapshots.latest(format))))
      yield* snapshots.save({ format, referenceKey, cursor: "0", products: 30 }, [new TextEncoder().encode("SFSNAP01 but not really")])
      const restarted = yield* start(world)
      expect(restarted.made).toBe(1)
      expect(restarted.state.search.productCount).toBe(30)
    })), 120_000)
})
