/**
 * Handlers of the cart group (CONTRACT §6). Each answers the whole cart as JSON text with its
 * ETag; creation and checkout run under their Idempotency-Key, which records exactly that text.
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import type { CatalogReadModel } from "../../../application/catalog/catalog-read-model.ts"
import { addCartItem } from "../../../application/cart/add-cart-item.ts"
import type { CartRepository } from "../../../application/cart/cart-repository.ts"
import type { CouponRepository } from "../../../application/cart/coupon-repository.ts"
import type { Inventory } from "../../../application/cart/inventory.ts"
import type { AddressBook } from "../../../application/customer/address-book.ts"
import type { CustomerRepository } from "../../../application/customer/customer-repository.ts"
import type { IdempotencyStore } from "../../../application/idempotency/idempotency-store.ts"
import type { OrderRepository } from "../../../application/orders/order-repository.ts"
import type { Transactions } from "../../../application/shared/transactions.ts"
import type { IdGenerator } from "../../../domain/shared/id-generator.ts"
import { applyCartCoupon, removeCartCoupon } from "../../../application/cart/cart-coupon.ts"
import type { CartChangeRequest } from "../../../application/cart/change-cart.ts"
import { chooseCartShop } from "../../../application/cart/choose-cart-shop.ts"
import { createCart } from "../../../application/cart/create-cart.ts"
import { getCart } from "../../../application/cart/get-cart.ts"
import { removeCartItem } from "../../../application/cart/remove-cart-item.ts"
import {
  resolveCartAddress,
  setCartBillingAddress,
  setCartShippingAddress
} from "../../../application/cart/set-cart-addresses.ts"
import { setCartNote } from "../../../application/cart/set-cart-note.ts"
import { setCartPaymentMethod } from "../../../application/cart/set-cart-payment-method.ts"
import { setCartShippingMethod } from "../../../application/cart/set-cart-shipping-method.ts"
import { updateCartItem } from "../../../application/cart/update-cart-item.ts"
import { checkout } from "../../../application/checkout/checkout.ts"
import { runIdempotently } from "../../../application/idempotency/run-idempotently.ts"
import { cartAddressChoice, type CartAddressBody } from "../api/cart-address-body.ts"
import { StorefrontApi } from "../api/storefront-api.ts"
import { cartAddressProblems } from "../problems/cart-problem-table.ts"
import { answerWith } from "./answer-with.ts"
import { asCartProblems, asCartProblemsWithQuantity } from "./cart-problem-mapping.ts"
import { cartResponse } from "./cart-rendering.ts"
import { currentRequester, expectedVersionsOf, httpResponseOf, idempotentRequest } from "./cart-request.ts"
import { orderDetailView } from "./order-rendering.ts"

const CREATED = 201

/** What the cart and checkout use cases run on. */
export type CartPorts =
  | CartRepository
  | Inventory
  | CouponRepository
  | OrderRepository
  | IdempotencyStore
  | Transactions
  | CustomerRepository
  | AddressBook
  | IdGenerator
  | CatalogReadModel

/** The address a PUT …-address body sets: as given, or copied from the requester's address book. */
const requestedAddress = (body: CartAddressBody, request: CartChangeRequest) =>
  resolveCartAddress(cartAddressChoice(body), request.requester).pipe(
    answerWith(cartAddressProblems)
  )

const pathOf = (url: string): string => url.split("?")[0] ?? url

/** The change request of a route with a cart id and If-Match. */
const changeRequest = (cartId: string, ifMatch: string | undefined) =>
  Effect.map(currentRequester, ({ requester }): CartChangeRequest => ({
    cartId,
    requester,
    expectedVersions: expectedVersionsOf(ifMatch)
  }))

export const CartHandlers = HttpApiBuilder.group(StorefrontApi, "cart", (handlers) =>
  Effect.gen(function*() {
    // the ports, taken from the app's layers once at start
    const withPorts = Effect.provideContext(yield* Effect.context<CartPorts>())
    return handlers
    .handle("createCart", ({ headers, payload, request }) =>
      withPorts(Effect.gen(function*() {
        const { requester, publishableKey } = yield* currentRequester
        const shopId = yield* chooseCartShop(payload.shopId, requester.shopIds)
        const idempotency = idempotentRequest({
          operation: "create-cart",
          key: headers["idempotency-key"],
          publishableKey,
          customerId: requester.customerId,
          method: request.method,
          path: pathOf(request.url),
          payload
        })
        const work = Effect.map(
          createCart({ shopId, customerId: requester.customerId, items: payload.items ?? [] }),
          (priced) => cartResponse(priced, CREATED)
        )
        return httpResponseOf(yield* runIdempotently(idempotency, work))
      })).pipe(asCartProblemsWithQuantity("items")))
    .handle("getCart", ({ params }) =>
      withPorts(Effect.gen(function*() {
        const { requester } = yield* currentRequester
        return httpResponseOf(cartResponse(yield* getCart(params.cartId, requester)))
      })).pipe(asCartProblems))
    .handle("addCartItem", ({ params, headers, payload }) =>
      withPorts(Effect.gen(function*() {
        const request = yield* changeRequest(params.cartId, headers["if-match"])
        return httpResponseOf(cartResponse(yield* addCartItem({ ...request, ...payload })))
      })).pipe(asCartProblemsWithQuantity("quantity")))
    .handle("updateCartItem", ({ params, headers, payload }) =>
      withPorts(Effect.gen(function*() {
        const request = yield* changeRequest(params.cartId, headers["if-match"])
        return httpResponseOf(cartResponse(yield* updateCartItem({ ...request, itemId: params.itemId, quantity: payload.quantity })))
      })).pipe(asCartProblemsWithQuantity("quantity")))
    .handle("removeCartItem", ({ params, headers }) =>
      withPorts(Effect.gen(function*() {
        const request = yield* changeRequest(params.cartId, headers["if-match"])
        return httpResponseOf(cartResponse(yield* removeCartItem({ ...request, itemId: params.itemId })))
      })).pipe(asCartProblems))
    .handle("setCartNote", ({ params, headers, payload }) =>
      withPorts(Effect.gen(function*() {
        const request = yield* changeRequest(params.cartId, headers["if-match"])
        return httpResponseOf(cartResponse(yield* setCartNote({ ...request, note: payload.note ?? "" })))
      })).pipe(asCartProblems))
    .handle("setShippingAddress", ({ params, headers, payload }) =>
      withPorts(Effect.gen(function*() {
        const request = yield* changeRequest(params.cartId, headers["if-match"])
        const address = yield* requestedAddress(payload, request)
        return httpResponseOf(cartResponse(yield* setCartShippingAddress({ ...request, address }).pipe(asCartProblems)))
      })))
    .handle("setBillingAddress", ({ params, headers, payload }) =>
      withPorts(Effect.gen(function*() {
        const request = yield* changeRequest(params.cartId, headers["if-match"])
        const address = yield* requestedAddress(payload, request)
        return httpResponseOf(cartResponse(yield* setCartBillingAddress({ ...request, address }).pipe(asCartProblems)))
      })))
    .handle("setShippingMethod", ({ params, headers, payload }) =>
      withPorts(Effect.gen(function*() {
        const request = yield* changeRequest(params.cartId, headers["if-match"])
        return httpResponseOf(
          cartResponse(yield* setCartShippingMethod({ ...request, shippingMethodId: payload.shippingMethodId }))
        )
      })).pipe(asCartProblems))
    .handle("setPaymentMethod", ({ params, headers, payload }) =>
      withPorts(Effect.gen(function*() {
        const request = yield* changeRequest(params.cartId, headers["if-match"])
        return httpResponseOf(cartResponse(yield* setCartPaymentMethod({ ...request, paymentMethod: payload.paymentMethod })))
      })).pipe(asCartProblems))
    .handle("applyCoupon", ({ params, headers, payload }) =>
      withPorts(Effect.gen(function*() {
        const request = yield* changeRequest(params.cartId, headers["if-match"])
        return httpResponseOf(cartResponse(yield* applyCartCoupon({ ...request, code: payload.code })))
      })).pipe(asCartProblems))
    .handle("removeCoupon", ({ params, headers }) =>
      withPorts(Effect.gen(function*() {
        const request = yield* changeRequest(params.cartId, headers["if-match"])
        return httpResponseOf(cartResponse(yield* removeCartCoupon(request)))
      })).pipe(asCartProblems))
    .handle("checkout", ({ params, headers, payload, request }) =>
      withPorts(Effect.gen(function*() {
        const change = yield* changeRequest(params.cartId, headers["if-match"])
        const { publishableKey } = yield* currentRequester
        const idempotency = idempotentRequest({
          operation: "checkout",
          key: headers["idempotency-key"],
          publishableKey,
          customerId: change.requester.customerId,
          method: request.method,
          path: pathOf(request.url),
          payload: payload ?? {}
        })
        const work = Effect.map(checkout(change, { saveAddress: payload?.saveAddress !== false }), (order) => ({
          status: CREATED,
          headers: {},
          body: JSON.stringify(orderDetailView(order))
        }))
        return httpResponseOf(yield* runIdempotently(idempotency, work))
      })).pipe(asCartProblems))
  }))
