/**
 * One consistent view of the catalog: the product index and the reference data it was
 * rendered with. The read model replaces it whole when reference data changes.
 */
import type { CatalogIndex } from "../../domain/catalog/catalog-index/catalog-index.ts"
import type { PublishableKey } from "../../domain/catalog/shop.ts"
import type { SuggestIndex } from "../../domain/catalog/suggest/suggest-index.ts"
import type { CatalogReferenceData } from "./catalog-snapshot.ts"

export interface CatalogState {
  readonly index: CatalogIndex
  /** Search-box suggestions over the same products, changed with `index`. */
  readonly suggestions: SuggestIndex
  readonly reference: CatalogReferenceData
  readonly publishableKeys: ReadonlyMap<string, PublishableKey>
}
