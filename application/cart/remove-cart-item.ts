/** Use case: DELETE /cart/{id}/items/{itemId}. */
import { Effect } from "effect"
import { removeLine } from "../../domain/cart/cart.ts"
import type { LineId } from "../../domain/shared/ids.ts"
import type { CartPorts } from "./cart-ports.ts"
import { type CartChangeRequest, changeCart } from "./change-cart.ts"

export interface RemoveCartItemRequest extends CartChangeRequest {
  readonly itemId: LineId
}

export const removeCartItem = (ports: CartPorts, request: RemoveCartItemRequest) =>
  changeCart(ports, request, {
    apply: (cart, { change }) => Effect.fromResult(removeLine(cart, request.itemId, change))
  })
