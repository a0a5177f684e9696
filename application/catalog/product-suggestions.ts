/**
 * Use cases over the product search's suggestions: what to show under the search box as the
 * shopper types (GET /products/suggest), and the "did you mean" of a search that finds nothing.
 * Both are scoped to the key's shops like listings. Suggestions are cached per catalog
 * generation, so a prefix many shoppers type costs one lookup until the catalog changes.
 */
import { Effect } from "effect"
import type { ProductQuery } from "../../domain/catalog/product-query.ts"
import type { CatalogReadModel } from "./catalog-read-model.ts"
import type { CatalogState } from "./catalog-state.ts"
import type { FoundSuggestions } from "./product-search.ts"
import type { ShopId } from "../../domain/shared/ids.ts"

export type { SuggestedProduct } from "./product-search.ts"

export type ProductSuggestions = FoundSuggestions

export interface SuggestionRequest {
  readonly q: string
  readonly limit: number
}

const CACHE_LIMIT = 1024
const CORRECTIONS_CACHE_LIMIT = 4096

const cache = new WeakMap<object, {
  generation: number
  entries: Map<string, ProductSuggestions>
  /** The corrections of each search term (they depend on the term alone, not on the filters or shops). */
  corrections: Map<string, ReadonlyArray<string>>
}>()

const cacheFor = (state: CatalogState) => {
  let entry = cache.get(state.search)
  if (entry === undefined || entry.generation !== state.search.generation) {
    entry = { generation: state.search.generation, entries: new Map(), corrections: new Map() }
    cache.set(state.search, entry)
  }
  return entry
}

export const suggestProducts = (
  readModel: CatalogReadModel["Service"],
  request: SuggestionRequest,
  shopIds: ReadonlyArray<ShopId>
) =>
  Effect.sync(() => {
    const state = readModel.state()
    const entry = cacheFor(state)
    const key = JSON.stringify([[...shopIds].sort().join("\u0000"), request.q, request.limit])
    const cached = entry.entries.get(key)
    if (cached !== undefined) return cached
    const suggestions = state.search.suggest({ q: request.q, limit: request.limit, shopIds })
    if (entry.entries.size >= CACHE_LIMIT) entry.entries.clear()
    entry.entries.set(key, suggestions)
    return suggestions
  })

/** The corrections of `term`, kept per catalog generation: distinct listings that find nothing repeat their terms. */
const correctionsOf = (state: CatalogState, term: string): ReadonlyArray<string> => {
  const entry = cacheFor(state)
  let found = entry.corrections.get(term)
  if (found === undefined) {
    found = state.search.corrections(term)
    if (entry.corrections.size >= CORRECTIONS_CACHE_LIMIT) entry.corrections.clear()
    entry.corrections.set(term, found)
  }
  return found
}

/**
 * The closest correction of `query.search` that finds something with the query's other filters in
 * these shops (undefined when none does). Only a few candidates are tried, each a listing.
 */
export const didYouMean = (
  state: CatalogState,
  query: ProductQuery,
  shopIds: ReadonlyArray<ShopId>
): Effect.Effect<string | undefined> => {
  if (query.search === undefined) return Effect.succeed(undefined)
  const candidates = correctionsOf(state, query.search)
  const tryFrom = (at: number): Effect.Effect<string | undefined> => {
    const candidate = candidates[at]
    if (candidate === undefined) return Effect.succeed(undefined)
    return Effect.flatMap(
      state.search.list({ ...query, search: candidate, page: 1, limit: 1, includeFacets: false }, shopIds),
      (found) => found.total > 0 ? Effect.succeed(candidate) : tryFrom(at + 1)
    )
  }
  return tryFrom(0)
}
