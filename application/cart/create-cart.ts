/**
 * Use case: POST /cart. A new active cart of the shop, owned by the signed-in customer (a guest
 * cart otherwise), with the initial items: each variant visible in the shop, lines of one
 * variant merged (1..999), each within stock.
 *
 * No unit of work: the only write is the one INSERT of the new cart, and the variants are read
 * as they are at that moment, as a change of the cart would read them (checkout checks stock
 * again under its locks).
 */
import { Effect } from "effect"
import { createCart as newCart } from "../../domain/cart/cart.ts"
import { assertQuantityInStock, assertVariantAvailable } from "../../domain/cart/stock.ts"
import { CartId, type CustomerId, LineId, type ShopId, type VariantId } from "../../domain/shared/ids.ts"
import type { CartPorts } from "./cart-ports.ts"
import { currentCartChange } from "./change-cart.ts"
import { priceCart } from "./priced-cart.ts"
import { currentShippingOptions } from "./shipping-options.ts"

export interface NewCartItem {
  readonly variantId: VariantId
  readonly quantity: number
}

export interface CreateCartRequest {
  readonly shopId: ShopId
  /** `null` for a guest. */
  readonly customerId: CustomerId | null
  readonly items: ReadonlyArray<NewCartItem>
}

export const createCart = (ports: CartPorts, request: CreateCartRequest) =>
  Effect.gen(function*() {
    const { ids } = ports
    const change = yield* currentCartChange(ports)
    const variantIds = [...new Set(request.items.map((item) => item.variantId))]
    const variants = variantIds.length === 0
      ? new Map()
      : yield* ports.inventory.variantsForShop(request.shopId, variantIds)
    const lines = []
    for (const item of request.items) {
      const variant = yield* Effect.fromResult(assertVariantAvailable(item.variantId, variants.get(item.variantId)))
      lines.push({ lineId: LineId.make(yield* ids.next("item")), variantId: item.variantId, productId: variant.productId, quantity: item.quantity })
    }
    const cart = yield* Effect.fromResult(newCart({
      id: CartId.make(yield* ids.next("cart")),
      shopId: request.shopId,
      customerId: request.customerId,
      lines
    }, change))
    for (const line of cart.lines) {
      const variant = yield* Effect.fromResult(assertVariantAvailable(line.variantId, variants.get(line.variantId)))
      yield* Effect.fromResult(assertQuantityInStock(variant, line.quantity))
    }
    yield* ports.carts.insert(cart)
    return priceCart(cart, { variants, coupon: null, shippingOptions: currentShippingOptions(ports.readModel) })
  })
