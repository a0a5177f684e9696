/**
 * Handlers of the cart group (docs/contract/cart.md). Each answers the whole cart as JSON text with its
 * ETag; creation and checkout run under their Idempotency-Key, which records exactly that text.
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { CartService } from "../../../application/cart/cart-service.ts"
import type { CartChangeRequest } from "../../../application/cart/change-cart.ts"
import type { PricedCart } from "../../../application/cart/priced-cart.ts"
import type { CartId } from "../../../domain/shared/ids.ts"
import { CheckoutService } from "../../../application/checkout/checkout-service.ts"
import { Idempotency } from "../../../application/idempotency/run-idempotently.ts"
import type { RecordedResponse } from "../../../application/idempotency/recorded-response.ts"
import type { CartRequester } from "../../../application/cart/cart-requester.ts"
import { cartAddressChoice, type CartAddressBody } from "../api/cart-address-body.ts"
import { StorefrontApi } from "../api/storefront-api.ts"
import { cartAddressProblems } from "../problems/cart-problem-table.ts"
import { answerWith } from "./answer-with.ts"
import { asCartProblems, asCartProblemsWithQuantity } from "./cart-problem-mapping.ts"
import { cartResponse } from "./cart-rendering.ts"
import { currentRequester, expectedVersionsOf, httpResponseOf, idempotentRequest } from "./cart-request.ts"
import { orderDetailView } from "./order-rendering.ts"

const CREATED = 201

/** The address a PUT …-address body sets: as given, or copied from the requester's address book. */
const requestedAddress = (cart: CartService["Service"], body: CartAddressBody, request: CartChangeRequest) =>
  cart.resolveAddress(cartAddressChoice(body), request.requester).pipe(
    answerWith(cartAddressProblems)
  )

const pathOf = (url: string): string => url.split("?")[0] ?? url

/** The change request of a route with a cart id and If-Match. */
const changeRequest = (cartId: CartId, ifMatch: string | undefined) =>
  Effect.map(currentRequester, ({ requester }): CartChangeRequest => ({
    cartId,
    requester,
    expectedVersions: expectedVersionsOf(ifMatch)
  }))

/** A change to the cart of the route (its id, under its If-Match), answered with the changed cart. */
const changed = <E, R>(
  params: { readonly cartId: CartId },
  headers: { readonly "if-match"?: string | undefined },
  change: (request: CartChangeRequest) => Effect.Effect<PricedCart, E, R>
) =>
  Effect.flatMap(changeRequest(params.cartId, headers["if-match"]), (request) =>
    Effect.map(change(request), (priced) => httpResponseOf(cartResponse(priced))))

/** The cart a recorded creation answered is still as it was created (version 1, not checked out), or gone. */
const unchangedSinceCreation = (cart: CartService["Service"], recorded: RecordedResponse, requester: CartRequester) => {
  const created = JSON.parse(recorded.body) as { readonly id: CartId }
  return cart.get(created.id, requester).pipe(
    Effect.map((priced) => priced.cart.version === 1),
    Effect.catchTags({
      CartNotFound: () => Effect.succeed(true),
      CartExpired: () => Effect.succeed(true),
      CartCompleted: () => Effect.succeed(false),
      CartVersionMismatch: () => Effect.succeed(false)
    })
  )
}

export const layer = HttpApiBuilder.group(StorefrontApi, "cart", (handlers) =>
  Effect.gen(function*() {
    const cart = yield* CartService
    const checkout = yield* CheckoutService
    const idempotency = yield* Idempotency
    return handlers
    .handle("createCart", ({ headers, payload, request }) =>
      Effect.gen(function*() {
        const { requester, publishableKey } = yield* currentRequester
        const shopId = yield* cart.chooseShop(payload.shopId, requester.shopIds)
        const keyed = idempotentRequest({
          operation: "create-cart",
          key: headers["idempotency-key"],
          publishableKey,
          customerId: requester.customerId,
          method: request.method,
          path: pathOf(request.url),
          payload
        })
        // a guest's key is its only secret: once the cart it made has changed, its creator has
        // had the response, so a replay would hand the cart to someone else (docs/contract/cart.md)
        const guarded = keyed === null || requester.customerId !== null
          ? keyed
          : { ...keyed, replayable: (recorded: RecordedResponse) => unchangedSinceCreation(cart, recorded, requester) }
        const work = Effect.map(
          cart.create({ shopId, customerId: requester.customerId, items: payload.items ?? [] }),
          (priced) => cartResponse(priced, CREATED)
        )
        return httpResponseOf(yield* idempotency.run(guarded, work))
      }).pipe(asCartProblemsWithQuantity("items")))
    .handle("getCart", ({ params }) =>
      Effect.gen(function*() {
        const { requester } = yield* currentRequester
        return httpResponseOf(cartResponse(yield* cart.get(params.cartId, requester)))
      }).pipe(asCartProblems))
    .handle("addCartItem", ({ params, headers, payload }) =>
      changed(params, headers, (request) => cart.addItem({ ...request, ...payload }))
        .pipe(asCartProblemsWithQuantity("quantity")))
    .handle("updateCartItem", ({ params, headers, payload }) =>
      changed(params, headers, (request) => cart.updateItem({ ...request, itemId: params.itemId, quantity: payload.quantity }))
        .pipe(asCartProblemsWithQuantity("quantity")))
    .handle("removeCartItem", ({ params, headers }) =>
      changed(params, headers, (request) => cart.removeItem({ ...request, itemId: params.itemId }))
        .pipe(asCartProblems))
    .handle("setCartNote", ({ params, headers, payload }) =>
      changed(params, headers, (request) => cart.setNote({ ...request, note: payload.note ?? "" }))
        .pipe(asCartProblems))
    .handle("setShippingAddress", ({ params, headers, payload }) =>
      changed(params, headers, (request) =>
        Effect.flatMap(requestedAddress(cart, payload, request), (address) =>
          cart.setShippingAddress({ ...request, address }).pipe(asCartProblems))))
    .handle("setBillingAddress", ({ params, headers, payload }) =>
      changed(params, headers, (request) =>
        Effect.flatMap(requestedAddress(cart, payload, request), (address) =>
          cart.setBillingAddress({ ...request, address }).pipe(asCartProblems))))
    .handle("setShippingMethod", ({ params, headers, payload }) =>
      changed(params, headers, (request) => cart.setShippingMethod({ ...request, shippingMethodId: payload.shippingMethodId }))
        .pipe(asCartProblems))
    .handle("setPaymentMethod", ({ params, headers, payload }) =>
      changed(params, headers, (request) => cart.setPaymentMethod({ ...request, paymentMethod: payload.paymentMethod }))
        .pipe(asCartProblems))
    .handle("applyCoupon", ({ params, headers, payload }) =>
      changed(params, headers, (request) => cart.applyCoupon({ ...request, code: payload.code })).pipe(asCartProblems))
    .handle("removeCoupon", ({ params, headers }) =>
      changed(params, headers, (request) => cart.removeCoupon(request)).pipe(asCartProblems))
    .handle("checkout", ({ params, headers, payload, request }) =>
      Effect.gen(function*() {
        const change = yield* changeRequest(params.cartId, headers["if-match"])
        const { publishableKey } = yield* currentRequester
        const keyed = idempotentRequest({
          operation: "checkout",
          resource: params.cartId,
          key: headers["idempotency-key"],
          publishableKey,
          customerId: change.requester.customerId,
          method: request.method,
          path: pathOf(request.url),
          payload: payload ?? {}
        })
        const work = Effect.map(checkout.placeOrder(change, { saveAddress: payload?.saveAddress !== false }), (placed) => ({
          status: CREATED,
          headers: {},
          body: JSON.stringify({ ...orderDetailView(placed.order), orderToken: placed.orderToken })
        }))
        return httpResponseOf(yield* idempotency.run(keyed, work))
      }).pipe(asCartProblems))
  }))
