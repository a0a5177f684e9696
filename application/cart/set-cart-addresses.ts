/**
 * Use cases: PUT /cart/{id}/shipping-address (which clears the shipping method, since the zone
 * may change) and PUT /cart/{id}/billing-address. The address is given, or named by the id of
 * one of the signed-in requester's saved addresses (issue 13) and copied onto the cart, so later
 * changes to the address book change neither the cart nor its order. A guest naming a saved
 * address is Unauthorized; an address the customer does not see in their book is AddressNotFound.
 */
import { Effect } from "effect"
import { Unauthorized } from "../../domain/auth/errors/unauthorized.ts"
import { setBillingAddress, setShippingAddress } from "../../domain/cart/cart-checkout-details.ts"
import type { AddressId } from "../../domain/shared/ids.ts"
import type { Address } from "../../domain/shipping/address.ts"
import type { CustomerService } from "../customer/customer-service.ts"
import type { CartPorts } from "./cart-ports.ts"
import { type CartChangeRequest, changeCart } from "./change-cart.ts"
import type { CartRequester } from "./cart-requester.ts"

export interface CartAddressRequest extends CartChangeRequest {
  readonly address: Address
}

/** Where the address comes from: the request itself, or the requester's address book. */
export type CartAddressSource = { readonly address: Address } | { readonly addressId: AddressId }

/** The address a request sets: the given one, or a copy of the signed-in requester's saved address. */
export const resolveCartAddress = (customer: CustomerService["Service"]) =>
  Effect.fn("Cart.resolveAddress")(function*(source: CartAddressSource, requester: CartRequester) {
    if ("address" in source) return source.address
    if (requester.customerId === null) return yield* new Unauthorized()
    return (yield* customer.findAddress(requester.customerId, source.addressId)).address
  })

export const setCartShippingAddress = (ports: CartPorts, request: CartAddressRequest) =>
  changeCart(ports, request, {
    apply: (cart, { change }) => Effect.fromResult(setShippingAddress(cart, request.address, change))
  })

export const setCartBillingAddress = (ports: CartPorts, request: CartAddressRequest) =>
  changeCart(ports, request, {
    apply: (cart, { change }) => Effect.fromResult(setBillingAddress(cart, request.address, change))
  })
