/**
 * The cart, checkout and customer use cases as calls on their services (config/application-services.ts),
 * under the names the application tests use: each takes its service from the context.
 */
import { Effect } from "effect"
import type { AddCartItemRequest } from "../../application/cart/add-cart-item.ts"
import type { CartRequester } from "../../application/cart/cart-requester.ts"
import { CartService } from "../../application/cart/cart-service.ts"
import type { CartChangeRequest } from "../../application/cart/change-cart.ts"
import type { CreateCartRequest } from "../../application/cart/create-cart.ts"
import type { CartAddressRequest, CartAddressSource } from "../../application/cart/set-cart-addresses.ts"
import type { UpdateCartItemRequest } from "../../application/cart/update-cart-item.ts"
import type { CheckoutOptions } from "../../application/checkout/checkout.ts"
import { CheckoutService } from "../../application/checkout/checkout-service.ts"
import type { CustomerProfileChange } from "../../application/customer/customer-profile.ts"
import { CustomerService } from "../../application/customer/customer-service.ts"
import type { AddressPatch } from "../../domain/address-book/saved-address.ts"
import type { AddressId, CartId, CustomerId, ShippingMethodId } from "../../domain/shared/ids.ts"
import type { Address } from "../../domain/shipping/address.ts"

export const createCart = (request: CreateCartRequest) => Effect.flatMap(CartService, (cart) => cart.create(request))
export const getCart = (cartId: CartId, requester: CartRequester) =>
  Effect.flatMap(CartService, (cart) => cart.get(cartId, requester))
export const addCartItem = (request: AddCartItemRequest) => Effect.flatMap(CartService, (cart) => cart.addItem(request))
export const updateCartItem = (request: UpdateCartItemRequest) =>
  Effect.flatMap(CartService, (cart) => cart.updateItem(request))
export const applyCartCoupon = (request: CartChangeRequest & { readonly code: string }) =>
  Effect.flatMap(CartService, (cart) => cart.applyCoupon(request))
export const setCartShippingAddress = (request: CartAddressRequest) =>
  Effect.flatMap(CartService, (cart) => cart.setShippingAddress(request))
export const setCartShippingMethod = (request: CartChangeRequest & { readonly shippingMethodId: ShippingMethodId }) =>
  Effect.flatMap(CartService, (cart) => cart.setShippingMethod(request))
export const resolveCartAddress = (source: CartAddressSource, requester: CartRequester) =>
  Effect.flatMap(CartService, (cart) => cart.resolveAddress(source, requester))
export const checkout = (request: CartChangeRequest, options?: CheckoutOptions) =>
  Effect.flatMap(CheckoutService, (service) => Effect.map(service.placeOrder(request, options), (placed) => placed.order))

export const getCustomerProfile = (customerId: CustomerId) =>
  Effect.flatMap(CustomerService, (customer) => customer.getProfile(customerId))
export const updateCustomerProfile = (customerId: CustomerId, patch: CustomerProfileChange) =>
  Effect.flatMap(CustomerService, (customer) => customer.updateProfile(customerId, patch))
export const listSavedAddresses = (customerId: CustomerId) =>
  Effect.flatMap(CustomerService, (customer) => customer.listAddresses(customerId))
export const saveAddress = (customerId: CustomerId, address: Address) =>
  Effect.flatMap(CustomerService, (customer) => customer.saveAddress(customerId, address))
export const editSavedAddress = (customerId: CustomerId, addressId: AddressId, patch: AddressPatch) =>
  Effect.flatMap(CustomerService, (customer) => customer.editAddress(customerId, addressId, patch))
export const removeSavedAddress = (customerId: CustomerId, addressId: AddressId) =>
  Effect.flatMap(CustomerService, (customer) => customer.removeAddress(customerId, addressId))
