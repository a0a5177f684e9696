/**
 * The ProductSearch the server runs: each index is a CatalogIndex (listings, facets, by-slug
 * lookups, category counts) and a SuggestIndex (suggestions and corrections) over the same
 * products, always changed together. A suggested product's name and thumbnail are read from its
 * document (kept per generation, as best-sellers come back in many answers), its price from the
 * index's lowest-price column.
 */
import { Effect, Layer } from "effect"
import {
  type FoundSuggestions,
  type ProductDocumentFormat,
  ProductSearch,
  type ProductSearchIndex,
  type SearchReference,
  type SuggestedProduct,
  type SuggestQuery
} from "../../application/catalog/product-search.ts"
import type { CatalogProduct } from "../../domain/catalog/catalog-product.ts"
import { CatalogIndex } from "./catalog-index/catalog-index.ts"
import { type EngineOptions, engineIndexOptions } from "./engine-options.ts"
import { engineSnapshots, type EngineParts } from "./engine-snapshots.ts"
import type { ProductQuery } from "../../domain/catalog/product-query.ts"
import { corrections } from "./suggest/corrections.ts"
import { SuggestIndex } from "./suggest/suggest-index.ts"
import type { ShopId } from "../../domain/shared/ids.ts"

const ITEM_CACHE_LIMIT = 10_000
const COUNTS_CACHE_LIMIT = 64

export class EngineSearchIndex implements ProductSearchIndex {
  readonly index: CatalogIndex
  readonly suggestions: SuggestIndex
  private readonly format: ProductDocumentFormat
  private cached: {
    generation: number
    readonly counts: Map<string, ReadonlyMap<string, number>>
    readonly items: Map<string, SuggestedProduct>
  } = { generation: -1, counts: new Map(), items: new Map() }

  /** An empty index, or one made from a snapshot's parts (engine-snapshots.ts). */
  constructor(
    reference: SearchReference,
    options: EngineOptions,
    restored?: EngineParts
  ) {
    this.format = options.format
    this.index = restored?.index ?? new CatalogIndex(reference, engineIndexOptions(options))
    // one set of product keys: the catalog index takes each product first (apply), the suggestions read its ids
    this.suggestions = restored?.suggestions ?? new SuggestIndex(reference.categories, this.index.productKeys.ids)
  }

  get generation(): number {
    return this.index.generation
  }

  get productCount(): number {
    return this.index.productCount
  }

  apply(products: ReadonlyArray<CatalogProduct>): void {
    for (const product of products) {
      this.index.upsertProduct(product)
      this.suggestions.upsertProduct(product)
    }
  }

  settle(): void {
    this.index.prepare()
    this.suggestions.settle()
  }

  categoryIdBySlug(slug: string): string | undefined {
    return this.index.categoryIdBySlug(slug)
  }

  list(query: ProductQuery, shopIds: ReadonlyArray<ShopId>) {
    return Effect.sync(() => this.index.list(query, shopIds))
  }

  bySlug(slug: string, shopIds: ReadonlyArray<ShopId>): string | undefined {
    return this.index.documentBySlug(slug, shopIds)
  }

  categoryCounts(shopIds: ReadonlyArray<ShopId>): ReadonlyMap<string, number> {
    return this.index.categoryProductCounts(shopIds)
  }

  suggest(query: SuggestQuery): FoundSuggestions {
    const cached = this.cacheForGeneration()
    const scope = [...query.shopIds].sort().join("\u0000")
    let counts = cached.counts.get(scope)
    if (counts === undefined) {
      counts = this.index.categoryProductCounts(query.shopIds)
      if (cached.counts.size >= COUNTS_CACHE_LIMIT) cached.counts.clear()
      cached.counts.set(scope, counts)
    }
    const categoryCounts = counts
    const found = this.suggestions.suggest({
      q: query.q,
      limit: query.limit,
      shopIds: query.shopIds,
      categoryProductCount: (categoryId) => categoryCounts.get(categoryId) ?? 0
    })
    const products: Array<SuggestedProduct> = []
    for (const { id, slug } of found.products) {
      let item = cached.items.get(id)
      if (item === undefined) {
        // found in these shops, so its document is visible in them
        const document = this.index.documentBySlug(slug, query.shopIds)
        const price = this.index.lowestPriceBySlug(slug, query.shopIds)
        if (document === undefined || price === undefined) continue
        const summary = this.format.summary(document)
        if (summary.id !== id) continue
        item = {
          id, slug, name: summary.name, thumbnail: summary.thumbnail, price,
          ...(summary.names === undefined ? {} : { names: summary.names })
        }
        if (cached.items.size >= ITEM_CACHE_LIMIT) cached.items.clear()
        cached.items.set(id, item)
      }
      products.push(item)
    }
    return { products, categories: found.categories, queries: found.queries }
  }

  corrections(term: string): ReadonlyArray<string> {
    return corrections(this.suggestions, term)
  }

  private cacheForGeneration() {
    if (this.cached.generation !== this.index.generation) {
      this.cached = { generation: this.index.generation, counts: new Map(), items: new Map() }
    }
    return this.cached
  }
}

/** The parts of an index of this engine (for a snapshot). */
export const engineParts = (index: ProductSearchIndex): EngineParts | undefined =>
  index instanceof EngineSearchIndex ? index : undefined

/** The engine's indexes for the read model, with snapshots when the options allow them. */
export const engineProductSearch = (options: EngineOptions) =>
  ProductSearch.of({
    make: (reference) => new EngineSearchIndex(reference, options),
    snapshots: engineSnapshots(options, (reference, restored) => new EngineSearchIndex(reference, options, restored), engineParts)
  })

export const layer = (options: EngineOptions) => Layer.succeed(ProductSearch, engineProductSearch(options))
