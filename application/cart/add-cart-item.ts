/**
 * Use case: POST /cart/{id}/items. Adds `quantity` of a variant visible in the cart's shop; a
 * variant already in the cart adds to its line (1..999 per line). The resulting line may not ask
 * for more than the store has in stock.
 */
import { Effect } from "effect"
import { addLine } from "../../domain/cart/cart.ts"
import { assertQuantityInStock, assertVariantAvailable } from "../../domain/cart/stock.ts"
import { LineId, type VariantId } from "../../domain/shared/ids.ts"
import type { CartPorts } from "./cart-ports.ts"
import { type CartChangeRequest, changeCart } from "./change-cart.ts"

export interface AddCartItemRequest extends CartChangeRequest {
  readonly variantId: VariantId
  readonly quantity: number
}

export const addCartItem = (ports: CartPorts, request: AddCartItemRequest) =>
  changeCart(ports, request, {
    addsVariants: [request.variantId],
    apply: (cart, { change, variants }) =>
      Effect.gen(function*() {
        const variant = yield* Effect.fromResult(assertVariantAvailable(request.variantId, variants.get(request.variantId)))
        const lineId = LineId.make(yield* ports.ids.next("item"))
        const changed = yield* Effect.fromResult(addLine(cart, {
          lineId,
          variantId: request.variantId,
          productId: variant.productId,
          quantity: request.quantity
        }, change))
        const line = changed.lines.find((candidate) => candidate.variantId === request.variantId)
        if (line !== undefined) yield* Effect.fromResult(assertQuantityInStock(variant, line.quantity))
        return changed
      })
  })
