/**
 * Use cases over the suggestion index: what to show under the search box as the shopper types
 * (GET /products/suggest), and the "did you mean" of a search that finds nothing. Both are scoped
 * to the key's shops like listings. Suggested products are shown as the product index rendered
 * them. Suggestions are cached per catalog generation, so a prefix many shoppers type costs one
 * lookup until the catalog changes.
 */
import { Effect } from "effect"
import type { CategorySuggestion } from "../../domain/catalog/suggest/suggest-index.ts"
import type { ProductView } from "../../domain/catalog/product-view.ts"
import { toMinor } from "../../domain/shared/money.ts"
import { corrections } from "../../domain/catalog/suggest/corrections.ts"
import type { ProductQuery } from "../../domain/catalog/product-query.ts"
import type { CatalogReadModel } from "./catalog-read-model.ts"
import type { CatalogState } from "./catalog-state.ts"

export interface SuggestedProduct {
  readonly id: string
  readonly slug: string
  readonly name: string
  readonly thumbnail: string | null
  /** The product's lowest price (its cheapest variant's effective price), minor units. */
  readonly price: number
}

export interface ProductSuggestions {
  readonly products: ReadonlyArray<SuggestedProduct>
  readonly categories: ReadonlyArray<CategorySuggestion>
  readonly queries: ReadonlyArray<string>
}

export interface SuggestionRequest {
  readonly q: string
  readonly limit: number
}

const CACHE_LIMIT = 1024
const ITEM_CACHE_LIMIT = 10_000
const CORRECTIONS_CACHE_LIMIT = 4096

const cache = new WeakMap<object, {
  generation: number
  counts: Map<string, ReadonlyMap<string, number>>
  entries: Map<string, ProductSuggestions>
  /** Suggested products as rendered, by id: best-sellers come back in many answers. */
  items: Map<string, SuggestedProduct>
  /** The corrections of each search term (they depend on the term alone, not on the filters or shops). */
  corrections: Map<string, ReadonlyArray<string>>
}>()

const cacheFor = (state: CatalogState) => {
  let entry = cache.get(state.suggestions)
  if (entry === undefined || entry.generation !== state.index.generation) {
    entry = {
      generation: state.index.generation,
      counts: new Map(),
      entries: new Map(),
      items: new Map(),
      corrections: new Map()
    }
    cache.set(state.suggestions, entry)
  }
  return entry
}

export const suggestProducts = Effect.fn("suggestProducts")(function*(
  readModel: CatalogReadModel["Service"],
  request: SuggestionRequest,
  shopIds: ReadonlyArray<string>
) {
  const state = readModel.state()
  const entry = cacheFor(state)
  const scope = [...shopIds].sort().join("\u0000")
  const key = JSON.stringify([scope, request.q, request.limit])
  const cached = entry.entries.get(key)
  if (cached !== undefined) return cached
  let counts = entry.counts.get(scope)
  if (counts === undefined) {
    counts = state.index.categoryProductCounts(shopIds)
    entry.counts.set(scope, counts)
  }
  const categoryCounts = counts
  const found = state.suggestions.suggest({
    q: request.q,
    limit: request.limit,
    shopIds,
    categoryProductCount: (categoryId) => categoryCounts.get(categoryId) ?? 0
  })
  // the names, thumbnails and prices as the product index rendered them
  const products: Array<SuggestedProduct> = []
  for (const { id, slug } of found.products) {
    let item = entry.items.get(id)
    if (item === undefined) {
      // found in these shops, so its document is visible in them
      const document = state.index.documentBySlug(slug, shopIds)
      if (document === undefined) continue
      const product = JSON.parse(document) as Pick<ProductView, "id" | "name" | "thumbnail" | "priceRange">
      if (product.id !== id) continue
      item = { id, slug, name: product.name, thumbnail: product.thumbnail, price: toMinor(product.priceRange.minPrice) }
      if (entry.items.size >= ITEM_CACHE_LIMIT) entry.items.clear()
      entry.items.set(id, item)
    }
    products.push(item)
  }
  const suggestions: ProductSuggestions = { products, categories: found.categories, queries: found.queries }
  if (entry.entries.size >= CACHE_LIMIT) entry.entries.clear()
  entry.entries.set(key, suggestions)
  return suggestions
})

/** The corrections of `term`, kept per catalog generation: distinct listings that find nothing repeat their terms. */
const correctionsOf = (state: CatalogState, term: string): ReadonlyArray<string> => {
  const entry = cacheFor(state)
  let found = entry.corrections.get(term)
  if (found === undefined) {
    found = corrections(state.suggestions, term)
    if (entry.corrections.size >= CORRECTIONS_CACHE_LIMIT) entry.corrections.clear()
    entry.corrections.set(term, found)
  }
  return found
}

/**
 * The closest correction of `query.search` that finds something with the query's other filters in
 * these shops (undefined when none does). Only a few candidates are tried, each a listing.
 */
export const didYouMean = (state: CatalogState, query: ProductQuery, shopIds: ReadonlyArray<string>): string | undefined => {
  if (query.search === undefined) return undefined
  for (const candidate of correctionsOf(state, query.search)) {
    const found = state.index.list({ ...query, search: candidate, page: 1, limit: 1, includeFacets: false }, shopIds)
    if (found.total > 0) return candidate
  }
  return undefined
}
