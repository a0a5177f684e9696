/**
 * Use cases: PUT /cart/{id}/shipping-address (which clears the shipping method, since the zone
 * may change) and PUT /cart/{id}/billing-address.
 */
import { Effect } from "effect"
import { setBillingAddress, setShippingAddress } from "../../domain/cart/cart.ts"
import type { Address } from "../../domain/shipping/address.ts"
import { type CartChangeRequest, changeCart } from "./change-cart.ts"

export interface CartAddressRequest extends CartChangeRequest {
  readonly address: Address
}

export const setCartShippingAddress = (request: CartAddressRequest) =>
  changeCart(request, {
    apply: (cart, { change }) => Effect.fromResult(setShippingAddress(cart, request.address, change))
  })

export const setCartBillingAddress = (request: CartAddressRequest) =>
  changeCart(request, {
    apply: (cart, { change }) => Effect.fromResult(setBillingAddress(cart, request.address, change))
  })
