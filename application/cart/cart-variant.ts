/**
 * A variant as the cart and checkout need it, read from the store (the authority for prices and
 * stock): price, stock, weight and visibility in the cart's shop, plus what a cart line shows of
 * its product. Money in minor units, weight in grams.
 */
import type { StockedVariant } from "../../domain/cart/stock.ts"
import type { ProductId } from "../../domain/shared/ids.ts"
import type { CatalogVariant } from "../../domain/catalog/catalog-product.ts"

/** The catalog's variant (under `variantId`) with what the cart needs of its product. */
export interface CartVariant extends StockedVariant, Omit<CatalogVariant, "id"> {
  readonly productId: ProductId
  /** The product is enabled and offered in the shop the variant was looked up for. */
  readonly visible: boolean
  readonly requiresShipping: boolean
  readonly productName: string
  readonly productSlug: string
  readonly productSku: string
  readonly thumbnail: string | null
}
