/** Use case: PUT /cart/{id}/payment-method (`cod` or `prepaid`; the COD fee follows). */
import { Effect } from "effect"
import { setPaymentMethod } from "../../domain/cart/cart-checkout-details.ts"
import type { PaymentMethod } from "../../domain/shipping/cod-fee.ts"
import type { CartPorts } from "./cart-ports.ts"
import { type CartChangeRequest, changeCart } from "./change-cart.ts"

export const setCartPaymentMethod = (ports: CartPorts, request: CartChangeRequest & { readonly paymentMethod: PaymentMethod }) =>
  changeCart(ports, request, {
    apply: (cart, { change }) => Effect.fromResult(setPaymentMethod(cart, request.paymentMethod, change))
  })
