/** Use case: PUT /cart/{id}/payment-method (`cod` or `prepaid`; the COD fee follows). */
import { Effect } from "effect"
import { setPaymentMethod } from "../../domain/cart/cart.ts"
import type { PaymentMethod } from "../../domain/shipping/cod-fee.ts"
import { type CartChangeRequest, changeCart } from "./change-cart.ts"

export const setCartPaymentMethod = (request: CartChangeRequest & { readonly paymentMethod: PaymentMethod }) =>
  changeCart(request, {
    apply: (cart, { change }) => Effect.fromResult(setPaymentMethod(cart, request.paymentMethod, change))
  })
