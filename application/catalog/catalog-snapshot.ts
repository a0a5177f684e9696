/** What the catalog read model is built from, besides products: the small reference tables. */
import type { CatalogProduct, SizeGuide } from "../../domain/catalog/catalog-product.ts"
import type { CategoryRecord } from "../../domain/catalog/category.ts"
import type { PublishableKey, Shop } from "../../domain/catalog/shop.ts"
import type { ShippingMethodRecord } from "./shipping-method-record.ts"

export interface CatalogReferenceData {
  readonly shops: ReadonlyArray<Shop>
  readonly publishableKeys: ReadonlyArray<PublishableKey>
  readonly categories: ReadonlyArray<CategoryRecord>
  readonly sizeGuides: ReadonlyArray<SizeGuide>
  readonly shippingMethods: ReadonlyArray<ShippingMethodRecord>
}

/**
 * An opaque position in the catalog's change stream. Everything committed before the cursor
 * was taken is covered by a load that starts at it; loads may also return rows changed
 * after it (re-applying a product is harmless).
 */
export type ChangeCursor = string

export interface ProductPage {
  readonly products: ReadonlyArray<CatalogProduct>
  /** Pass as `afterId` to read the next page; null when this was the last page. */
  readonly nextAfterId: string | null
}
