/**
 * A variant as the cart and checkout need it, read from the store (the authority for prices and
 * stock): price, stock, weight and visibility in the cart's shop, plus what a cart line shows of
 * its product. Money in minor units, weight in grams.
 */
import type { StockedVariant } from "../../domain/cart/stock.ts"

export interface CartVariant extends StockedVariant {
  readonly variantId: string
  readonly productId: string
  readonly sku: string
  readonly originalPrice: number
  readonly salePrice: number | null
  readonly stock: number
  readonly weightGrams: number
  readonly images: ReadonlyArray<string>
  readonly optionValues: Readonly<Record<string, string>>
  /** The product is enabled and offered in the shop the variant was looked up for. */
  readonly visible: boolean
  readonly requiresShipping: boolean
  readonly productName: string
  readonly productSlug: string
  readonly productSku: string
  readonly thumbnail: string | null
}
