/**
 * One consistent view of the catalog: the product search index and the reference data it was
 * made over. The read model replaces it whole when reference data changes.
 */
import type { PublishableKey } from "../../domain/catalog/shop.ts"
import type { CatalogReferenceData } from "./catalog-snapshot.ts"
import type { ProductSearchIndex } from "./product-search.ts"

export interface CatalogState {
  /** Listings, suggestions, products by slug and category counts over the loaded products. */
  readonly search: ProductSearchIndex
  readonly reference: CatalogReferenceData
  readonly publishableKeys: ReadonlyMap<string, PublishableKey>
}
