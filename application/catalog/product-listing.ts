/**
 * Use case: list products for a publishable key's shops (GET /products). Category slugs and ids
 * are resolved against the read model; an unknown category matches no product. Results are
 * cached per catalog generation, so repeated listings (category pages, first pages) cost a
 * map lookup until the catalog changes; the cache holds at most 512 listings and 16 MiB of their
 * documents, the least recently used leaving first (distinct listings, which rarely repeat, would
 * otherwise keep 512 pages of up to 100 documents each, and their bodies, alive). A search that
 * finds nothing carries `didYouMean`, the closest correction of the term that finds something
 * under the same filters.
 */
import { Effect } from "effect"
import type { Facets } from "../../domain/catalog/facets.ts"
import { normaliseSearchTerm, type ProductQuery } from "../../domain/catalog/product-query.ts"
import type { CatalogReadModel } from "./catalog-read-model.ts"
import { didYouMean } from "./product-suggestions.ts"
import type { ProductSearchIndex, SearchListing } from "./product-search.ts"
import { CategoryId, type ShopId } from "../../domain/shared/ids.ts"

/** A listing query as callers give it: categories by id or slug, the search term as typed (normalised here). */
export interface ProductListingRequest extends ProductQuery {
  readonly categorySlugs?: ReadonlyArray<string> | undefined
}

export interface ProductListing {
  readonly total: number
  readonly page: number
  readonly limit: number
  readonly totalPages: number
  /** The page's product documents, in order. */
  readonly documents: ReadonlyArray<string>
  readonly facets: Facets | undefined
  /** When a search finds nothing: the closest search that finds something, if any. */
  readonly didYouMean?: string | undefined
}

const UNKNOWN_CATEGORY = CategoryId.make("\u0000unknown-category")
const CACHE_LIMIT = 512
const CACHE_BYTES = 16 * 1024 * 1024

interface ListingCache {
  readonly generation: number
  /** least recently used first */
  readonly entries: Map<string, { readonly listing: ProductListing; readonly bytes: number }>
  bytes: number
}

const cache = new WeakMap<object, ListingCache>()

/** About the bytes a listing keeps alive: its documents (the body made from them is as large). */
const bytesOf = (listing: ProductListing): number => {
  let bytes = 1024
  for (const document of listing.documents) bytes += document.length
  return bytes
}

/** The query a listing request asks of `search`: its category slugs resolved to ids. */
export const productQueryOf = (
  search: Pick<ProductSearchIndex, "categoryIdBySlug">,
  request: ProductListingRequest
): ProductQuery => {
  const { categorySlugs, ...rest } = request
  const categoryIds = request.categoryIds === undefined && categorySlugs === undefined
    ? undefined
    : [
      ...(request.categoryIds ?? []),
      ...(categorySlugs ?? []).map((slug) => {
        const id = search.categoryIdBySlug(slug)
        return id === undefined ? UNKNOWN_CATEGORY : CategoryId.make(id)
      })
    ]
  return { ...rest, search: normaliseSearchTerm(rest.search), categoryIds }
}

/** The listing of `request` made of what the search found (and the correction, when there is one). */
export const listingOf = (request: ProductListingRequest, found: SearchListing, correction?: string): ProductListing => {
  const listing: ProductListing = {
    total: found.total,
    page: request.page,
    limit: request.limit,
    totalPages: Math.ceil(found.total / request.limit),
    documents: found.documents,
    facets: found.facets
  }
  return correction === undefined ? listing : { didYouMean: correction, ...listing }
}

const remember = (entry: ListingCache, key: string, listing: ProductListing): void => {
  const bytes = bytesOf(listing)
  while (entry.entries.size > 0 && (entry.entries.size >= CACHE_LIMIT || entry.bytes + bytes > CACHE_BYTES)) {
    const [oldestKey, oldest] = entry.entries.entries().next().value!
    entry.entries.delete(oldestKey)
    entry.bytes -= oldest.bytes
  }
  entry.entries.set(key, { listing, bytes })
  entry.bytes += bytes
}

export const listProducts = (
  readModel: CatalogReadModel["Service"],
  given: ProductListingRequest,
  shopIds: ReadonlyArray<ShopId>
): Effect.Effect<ProductListing> =>
  Effect.suspend(() => {
    const request: ProductListingRequest = { ...given, search: normaliseSearchTerm(given.search) }
    const state = readModel.state()
    const { search } = state
    const key = JSON.stringify([[...shopIds].sort(), request])
    let entry = cache.get(search)
    if (entry === undefined || entry.generation !== search.generation) {
      entry = { generation: search.generation, entries: new Map(), bytes: 0 }
      cache.set(search, entry)
    }
    const cached = entry.entries.get(key)
    if (cached !== undefined) {
      entry.entries.delete(key)
      entry.entries.set(key, cached)
      return Effect.succeed(cached.listing)
    }
    const kept = entry
    const query = productQueryOf(search, request)
    return Effect.flatMap(search.list(query, shopIds), (found) => {
      const done = (correction: string | undefined) => {
        const listing = listingOf(request, found, correction)
        remember(kept, key, listing)
        return listing
      }
      return found.total === 0 && query.search !== undefined
        ? Effect.map(didYouMean(state, query, shopIds), done)
        : Effect.succeed(done(undefined))
    })
  })
