/**
 * Use case: list products for a publishable key's shops (GET /products). Category slugs and ids
 * are resolved against the read model; an unknown category matches no product. Results are
 * cached per catalog generation, so repeated listings (category pages, first pages) cost a
 * map lookup until the catalog changes; the cache holds at most 512 listings and 16 MiB of their
 * documents, the least recently used leaving first (distinct listings, which rarely repeat, would
 * otherwise keep 512 pages of up to 100 documents each, and their bodies, alive). A search that finds nothing carries `didYouMean`, the
 * closest correction of the term that finds something under the same filters.
 */
import { Effect } from "effect"
import type { CatalogIndex } from "../../domain/catalog/catalog-index/catalog-index.ts"
import type { Facets } from "../../domain/catalog/facets.ts"
import type { ProductQuery } from "../../domain/catalog/product-query.ts"
import type { CatalogReadModel } from "./catalog-read-model.ts"
import { didYouMean } from "./product-suggestions.ts"

export interface ProductListingRequest extends Omit<ProductQuery, "categoryIds"> {
  readonly categoryIds?: ReadonlyArray<string> | undefined
  readonly categorySlugs?: ReadonlyArray<string> | undefined
}

export interface ProductListing {
  readonly total: number
  readonly page: number
  readonly limit: number
  readonly totalPages: number
  /** Rendered Product JSON documents. */
  readonly documents: ReadonlyArray<string>
  readonly facets: Facets | undefined
  /** When a search finds nothing: the closest search that finds something, if any. */
  readonly didYouMean?: string | undefined
}

const UNKNOWN_CATEGORY = "\u0000unknown-category"
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

/**
 * The listing of `request` from the index alone, without `didYouMean` (which needs the suggestion
 * index), and the query it ran: what a listing worker answers from a shared index.
 */
export const indexListing = (
  index: CatalogIndex,
  request: ProductListingRequest,
  shopIds: ReadonlyArray<string>
): { readonly listing: ProductListing; readonly query: ProductQuery } => {
  const { categorySlugs, ...rest } = request
  const categoryIds = request.categoryIds === undefined && categorySlugs === undefined
    ? undefined
    : [
      ...(request.categoryIds ?? []),
      ...(categorySlugs ?? []).map((slug) => index.categoryIdBySlug(slug) ?? UNKNOWN_CATEGORY)
    ]
  const query = { ...rest, categoryIds }
  const result = index.list(query, shopIds)
  const listing: ProductListing = {
    total: result.total,
    page: request.page,
    limit: request.limit,
    totalPages: Math.ceil(result.total / request.limit),
    documents: result.documents,
    facets: result.facets
  }
  return { listing, query }
}

export const listProducts = (
  readModel: CatalogReadModel["Service"],
  request: ProductListingRequest,
  shopIds: ReadonlyArray<string>
) =>
  Effect.sync((): ProductListing => {
    const state = readModel.state()
    const { index } = state
    const key = JSON.stringify([[...shopIds].sort(), request])
    let entry = cache.get(index)
    if (entry === undefined || entry.generation !== index.generation) {
      entry = { generation: index.generation, entries: new Map(), bytes: 0 }
      cache.set(index, entry)
    }
    const cached = entry.entries.get(key)
    if (cached !== undefined) {
      entry.entries.delete(key)
      entry.entries.set(key, cached)
      return cached.listing
    }

    const found = indexListing(index, request, shopIds)
    const correction = found.listing.total === 0 ? didYouMean(state, found.query, shopIds) : undefined
    const listing: ProductListing = correction === undefined ? found.listing : { didYouMean: correction, ...found.listing }
    const bytes = bytesOf(listing)
    while (entry.entries.size > 0 && (entry.entries.size >= CACHE_LIMIT || entry.bytes + bytes > CACHE_BYTES)) {
      const [oldestKey, oldest] = entry.entries.entries().next().value!
      entry.entries.delete(oldestKey)
      entry.bytes -= oldest.bytes
    }
    entry.entries.set(key, { listing, bytes })
    entry.bytes += bytes
    return listing
  })
