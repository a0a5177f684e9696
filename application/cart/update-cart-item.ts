/**
 * Use case: PATCH /cart/{id}/items/{itemId}. Sets a line's quantity (1..999, within stock);
 * 0 removes the line.
 */
import { Effect } from "effect"
import { setLineQuantity } from "../../domain/cart/cart.ts"
import { assertQuantityInStock, assertVariantAvailable } from "../../domain/cart/stock.ts"
import type { LineId } from "../../domain/shared/ids.ts"
import type { CartPorts } from "./cart-ports.ts"
import { type CartChangeRequest, changeCart } from "./change-cart.ts"

export interface UpdateCartItemRequest extends CartChangeRequest {
  readonly itemId: LineId
  readonly quantity: number
}

export const updateCartItem = (ports: CartPorts, request: UpdateCartItemRequest) =>
  changeCart(ports, request, {
    apply: (cart, { change, variants }) =>
      Effect.gen(function*() {
        const changed = yield* Effect.fromResult(setLineQuantity(cart, request.itemId, request.quantity, change))
        const line = changed.lines.find((candidate) => candidate.id === request.itemId)
        if (line === undefined) return changed
        const variant = yield* Effect.fromResult(assertVariantAvailable(line.variantId, variants.get(line.variantId)))
        yield* Effect.fromResult(assertQuantityInStock(variant, line.quantity))
        return changed
      })
  })
