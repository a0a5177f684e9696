/**
 * The ProductSearch contract, on both adapters: the catalog engine (adapters/catalog-engine) and
 * the memory search (adapters/memory, the naive reference rules). Each property builds both over
 * the same random catalog (seeded, so a run is repeatable) and asks both the same random
 * questions: listings (total, page documents, facets), documents by slug, category counts,
 * suggestions and "did you mean" corrections, before and after a batch of changes. Both agree
 * byte for byte, except for the order of categories of equal count and equal name in the
 * categories facet, which the contract leaves open.
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Effect, Schema } from "effect"
import * as EngineProductSearch from "../../../adapters/catalog-engine/engine-product-search.ts"
import { productJsonDocuments } from "../../../adapters/http/representation/product-document.ts"
import * as MemoryProductSearch from "../../../adapters/memory/memory-product-search.ts"
import { compareStrings } from "../../../adapters/memory/reference-listing.ts"
import type { ProductSearchIndex } from "../../../application/catalog/product-search.ts"
import type { CatalogProduct } from "../../../domain/catalog/catalog-product.ts"
import type { CategoryRecord } from "../../../domain/catalog/category.ts"
import type { Facets } from "../../../domain/catalog/facets.ts"
import {
  CatalogArbitrary,
  productFromSeed,
  ProductSeed,
  QUERY_SHOPS,
  queryFromSeed,
  QuerySeed,
  SEARCH_TERMS,
  SmallInt
} from "../../support/catalog-fixtures.ts"
import { SuggestCatalogArbitrary } from "../../adapters/catalog-engine/suggest/suggest-arbitraries.ts"

const SEEDED = (seed: number, runs = 60) => ({ arbitrary: { runs, size: 60, seed } })

const adapters = {
  engine: EngineProductSearch.engineProductSearch({ format: productJsonDocuments }),
  memory: MemoryProductSearch.memoryProductSearch(productJsonDocuments)
}

const both = (categories: ReadonlyArray<CategoryRecord>, products: ReadonlyArray<CatalogProduct>) => {
  const made = [adapters.engine, adapters.memory].map((search) => search.make({ categories, sizeGuides: [] }))
  for (const index of made) {
    index.apply(products)
    index.settle()
  }
  return made as [ProductSearchIndex, ProductSearchIndex]
}

/** Categories of equal count and name have no order in the contract: both sides sorted by id among them. */
const normalized = (facets: Facets | undefined): Facets | undefined =>
  facets === undefined ? undefined : {
    ...facets,
    categories: [...facets.categories].sort((left, right) =>
      right.count - left.count || compareStrings(left.name, right.name) || compareStrings(left.id, right.id)
    )
  }

const listingOf = (index: ProductSearchIndex, seed: QuerySeed) => {
  const call = queryFromSeed(seed)
  const found = Effect.runSync(index.list(call.query, call.shopIds))
  return { ...found, facets: normalized(found.facets) }
}

const ShopSets = Schema.Array(SmallInt(QUERY_SHOPS.length - 1)).check(Schema.isBetweenLength(0, 3))
const shopsOf = (seed: ReadonlyArray<number>) => [...new Set(seed.map((at) => QUERY_SHOPS[at]!))]

/** Changes after the first load: new products and replacements of loaded ones (same ids). */
const Updates = Arbitrary.schema(Schema.Array(Schema.Struct({ which: SmallInt(80), seed: ProductSeed })).check(Schema.isMaxLength(8)))

describe("ProductSearch contract: the engine and the memory search agree", () => {
  it.prop("listings: total, page documents and facets", [CatalogArbitrary, Arbitrary.schema(Schema.Array(QuerySeed).check(Schema.isBetweenLength(1, 8)))], ([catalog, queries]) => {
    const [engine, memory] = both(catalog.categories, catalog.products)
    for (const seed of queries) expect(listingOf(engine, seed), JSON.stringify(queryFromSeed(seed))).toEqual(listingOf(memory, seed))
  }, SEEDED(22))

  it.prop("after a batch of changes, as after a fresh load", [CatalogArbitrary, Updates, Arbitrary.schema(QuerySeed)], ([catalog, updates, query]) => {
    const [engine, memory] = both(catalog.categories, catalog.products)
    const changed = updates.map(({ which, seed }) => {
      const at = which % (catalog.products.length + 4)
      const id = catalog.products[at]?.id ?? `prod_new_${at}`
      return productFromSeed(id, `slug-${at}`, seed)
    })
    for (const index of [engine, memory]) {
      index.apply(changed)
      index.settle()
    }
    expect(engine.productCount).toBe(memory.productCount)
    expect(engine.generation).toBeGreaterThanOrEqual(changed.length)
    expect(listingOf(engine, query)).toEqual(listingOf(memory, query))
  }, SEEDED(23))

  it.prop("documents by slug, category counts and category ids by slug", [CatalogArbitrary, Arbitrary.schema(ShopSets)], ([catalog, shopSeed]) => {
    const [engine, memory] = both(catalog.categories, catalog.products)
    const shopIds = shopsOf(shopSeed)
    for (const product of catalog.products) expect(engine.bySlug(product.slug, shopIds)).toBe(memory.bySlug(product.slug, shopIds))
    expect(engine.bySlug("no-such-slug", shopIds)).toBeUndefined()
    expect(memory.bySlug("no-such-slug", shopIds)).toBeUndefined()
    expect([...engine.categoryCounts(shopIds)]).toEqual([...memory.categoryCounts(shopIds)])
    for (const category of catalog.categories) expect(engine.categoryIdBySlug(category.slug)).toBe(memory.categoryIdBySlug(category.slug))
  }, SEEDED(24))

  it.prop("suggestions: products (with name, thumbnail and lowest price), categories and queries", [SuggestCatalogArbitrary, Arbitrary.schema(Schema.Struct({ q: Schema.String, limit: SmallInt(6), shops: ShopSets }))], ([catalog, ask]) => {
    const [engine, memory] = both(catalog.categories, catalog.products)
    const words = catalog.products.flatMap((product) => product.name.split(/[ -]/))
    for (const q of [ask.q, ...words.slice(0, 3), words.slice(0, 2).join(" "), words[0]?.slice(0, 2) ?? "s"]) {
      const query = { q, limit: ask.limit, shopIds: shopsOf(ask.shops) }
      expect(engine.suggest(query), JSON.stringify(query)).toEqual(memory.suggest(query))
    }
  }, SEEDED(25))

  it.prop("suggestions over Bangla names: Bangla, spelling variants, other Unicode forms and Banglish", [CatalogArbitrary, Arbitrary.schema(Schema.Struct({ limit: SmallInt(6), shops: ShopSets }))], ([catalog, ask]) => {
    const [engine, memory] = both(catalog.categories, catalog.products)
    for (const q of [...SEARCH_TERMS, "panj", "shar", "jamdani sh", "ilish mach", "gamc", "masoor", "নকশ", "শা\u09dc"]) {
      const query = { q, limit: ask.limit, shopIds: shopsOf(ask.shops) }
      expect(engine.suggest(query), JSON.stringify(query)).toEqual(memory.suggest(query))
    }
  }, SEEDED(27, 40))

  it.prop("corrections of search terms", [SuggestCatalogArbitrary, CatalogArbitrary], ([words, catalog]) => {
    for (const products of [words.products, catalog.products]) {
      const [engine, memory] = both([], products)
      const typed = products.flatMap((product) => product.name.split(/[ -]/)).slice(0, 4)
      for (const term of [...typed.map((word) => `${word}x`), ...typed.map((word) => word.slice(1)), ...SEARCH_TERMS]) {
        expect(engine.corrections(term), term).toEqual(memory.corrections(term))
      }
    }
  }, SEEDED(26, 40))
})
