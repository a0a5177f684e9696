/** Use case: PUT /cart/{id}/notes. The note becomes the order's `customerNotes`. */
import { Effect } from "effect"
import { setNote } from "../../domain/cart/cart-checkout-details.ts"
import type { CartPorts } from "./cart-ports.ts"
import { type CartChangeRequest, changeCart } from "./change-cart.ts"

export const setCartNote = (ports: CartPorts, request: CartChangeRequest & { readonly note: string }) =>
  changeCart(ports, request, {
    apply: (cart, { change }) => Effect.fromResult(setNote(cart, request.note, change))
  })
