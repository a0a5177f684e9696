/**
 * Port: product search over the catalog the read model loads: listings with disjunctive facets,
 * search-box suggestions and their "did you mean" corrections, products by slug and the visible
 * products per category. The read model makes one index per set of reference data (`make`),
 * applies every product change to it in place and reads it synchronously, except for listings,
 * which an adapter may answer elsewhere (the listing workers).
 *
 * Results are structured, money in minor units; a product is returned as the document the
 * `ProductDocumentFormat` made of it when it last changed (the HTTP adapter's Product JSON).
 *
 * Adapters: adapters/catalog-engine (the index the server runs: bit sets, typed columns,
 * WebAssembly counts, compressed documents), adapters/catalog-engine/workers (the same, listings on
 * worker threads), adapters/memory/memory-product-search.ts (plain arrays, the reference the
 * contract suite holds the engine to).
 */
import { Context, type Effect } from "effect"
import type { CatalogProduct, SizeGuide } from "../../domain/catalog/catalog-product.ts"
import type { CategoryRecord, CategoryRef } from "../../domain/catalog/category.ts"
import type { Facets } from "../../domain/catalog/facets.ts"
import type { ProductQuery } from "../../domain/catalog/product-query.ts"
import type { MinorUnits } from "../../domain/shared/money.ts"
import type { ShopId } from "../../domain/shared/ids.ts"

/** The reference data an index is made over (a change to it makes a new index). */
export interface SearchReference {
  readonly categories: ReadonlyArray<CategoryRecord>
  readonly sizeGuides: ReadonlyArray<SizeGuide>
}

/** What a document is made with besides the product: its categories and size guide as they are now. */
export interface DocumentContext {
  readonly categoryRef: (categoryId: string) => CategoryRef | undefined
  readonly sizeGuide: (sizeGuideId: string) => SizeGuide | undefined
}

/**
 * How a product is kept for answers: `render` makes its document once per change; `summary`
 * reads back the name (and its translations by language tag) and thumbnail a suggestion shows.
 */
export interface ProductDocumentFormat {
  readonly render: (product: CatalogProduct, context: DocumentContext) => string
  readonly summary: (document: string) => {
    readonly id: string
    readonly name: string
    readonly thumbnail: string | null
    readonly names?: Readonly<Record<string, string>>
  }
}

export interface SearchListing {
  readonly total: number
  /** The documents of the requested page, in order. */
  readonly documents: ReadonlyArray<string>
  /** Counted in products; `priceRange` in minor units. */
  readonly facets: Facets | undefined
}

export interface SuggestedProduct {
  readonly id: string
  readonly slug: string
  readonly name: string
  /** The name in other languages by language tag (`bn`), when translated. */
  readonly names?: Readonly<Record<string, string>>
  readonly thumbnail: string | null
  /** The product's lowest price (its cheapest variant's effective price). */
  readonly price: MinorUnits
}

export interface SuggestedCategory {
  readonly id: string
  readonly slug: string
  readonly name: string
}

export interface FoundSuggestions {
  readonly products: ReadonlyArray<SuggestedProduct>
  readonly categories: ReadonlyArray<SuggestedCategory>
  readonly queries: ReadonlyArray<string>
}

export interface SuggestQuery {
  readonly q: string
  /** Most entries of each list. */
  readonly limit: number
  readonly shopIds: ReadonlyArray<ShopId>
}

/** One index over one set of reference data, with a single writer. */
export interface ProductSearchIndex {
  /** Increases with every change: results may be kept while it stays. */
  readonly generation: number
  readonly productCount: number
  /** Adds or replaces products (matched by id). */
  readonly apply: (products: ReadonlyArray<CatalogProduct>) => void
  /** Builds now what the first queries after a batch of changes would build. */
  readonly settle: () => void
  readonly categoryIdBySlug: (slug: string) => string | undefined
  /** The listing of `query` over the products visible in `shopIds` (enabled in one of them). */
  readonly list: (query: ProductQuery, shopIds: ReadonlyArray<ShopId>) => Effect.Effect<SearchListing>
  /** The document of the visible product with this slug. */
  readonly bySlug: (slug: string, shopIds: ReadonlyArray<ShopId>) => string | undefined
  /** Visible products in each category or any of its descendants, by category id. */
  readonly categoryCounts: (shopIds: ReadonlyArray<ShopId>) => ReadonlyMap<string, number>
  readonly suggest: (query: SuggestQuery) => FoundSuggestions
  /** Corrected versions of a search term, closest first (each to be tried as a search). */
  readonly corrections: (term: string) => ReadonlyArray<string>
}

/** Reads a snapshot's bytes as they come; `finish` makes the index once all have come. */
export interface SnapshotReader {
  readonly push: (piece: Uint8Array) => void
  readonly finish: () => ProductSearchIndex
}

/**
 * An adapter's indexes as bytes and back (catalog-snapshot-store.ts keeps them). `format` names
 * the form of the bytes, the documents' included: a snapshot of another format is not read.
 */
export interface ProductSearchSnapshots {
  readonly format: string
  /** The index's bytes, in parts (views of the index: store them before it changes again). */
  readonly write: (index: ProductSearchIndex) => ReadonlyArray<Uint8Array>
  /** A reader that makes, from a snapshot's bytes, an index over `reference` (the one the snapshot was made over). */
  readonly read: (reference: SearchReference) => SnapshotReader
}

export class ProductSearch extends Context.Service<ProductSearch, {
  /** A new, empty index over `reference`. */
  readonly make: (reference: SearchReference) => ProductSearchIndex
  /** Absent where the adapter keeps no snapshots (its indexes are quick to build). */
  readonly snapshots?: ProductSearchSnapshots | undefined
}>()("storefront/ProductSearch") {}
