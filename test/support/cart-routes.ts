/**
 * The cart routes' successes through the typed client derived from the StorefrontApi definition:
 * each sends the caller's headers (key, bearer token, If-Match), checks the status, the JSON
 * content type and the ETag, and returns the decoded cart with its version, as expectCart does for
 * a raw response. For bad input, problem bodies and raw bytes the tests keep storeRequest; so too
 * for the address routes, whose typed payload is the decoded address (every field present), so
 * the client would send fields the test left out.
 */
import { Effect } from "effect"
import type { HttpClientResponse } from "effect/http"
import type { CartView } from "../../adapters/http/api/cart-views.ts"
import { CartId, LineId } from "../../domain/shared/ids.ts"
import { expectTypedCart } from "./cart-http.ts"
import { type Caller, expectDecoded, storeClient } from "./store-http.ts"

type StoreClient = Effect.Success<ReturnType<typeof storeClient>>
type CartAnswer = readonly [
  { readonly body: CartView; readonly headers: { readonly etag: string } },
  HttpClientResponse.HttpClientResponse
]
type Params = { readonly cartId: CartId } | { readonly cartId: CartId; readonly itemId: LineId }
/** The route's params as the tests hold them (plain strings), branded as the typed client takes them. */
type Plain<P> = { readonly [K in keyof P]: string }
const branded = <P extends Params>(params: Plain<P>): P =>
  ("itemId" in params
    ? { cartId: CartId.make(params.cartId), itemId: LineId.make(params["itemId"] as string) }
    : { cartId: CartId.make(params.cartId) }) as unknown as P

/** One cart route: its params, If-Match (from the caller), payload when it takes one. */
const route = <P extends Params, B>(
  pick: (client: StoreClient) => (request: {
    readonly params: P
    readonly headers: {}
    readonly payload: B
    readonly responseMode: "decoded-and-response"
  }) => Effect.Effect<CartAnswer, unknown>
) =>
(params: Plain<P>, payload: B, caller: Caller = {}) =>
  Effect.flatMap(storeClient(caller), (client) =>
    Effect.map(pick(client)({ params: branded(params), headers: {}, payload, responseMode: "decoded-and-response" }), (answer) =>
      expectTypedCart(answer)))

/** A route without a payload. */
const bare = <P extends Params>(
  pick: (client: StoreClient) => (request: {
    readonly params: P
    readonly headers: {}
    readonly responseMode: "decoded-and-response"
  }) => Effect.Effect<CartAnswer, unknown>
) =>
(params: Plain<P>, caller: Caller = {}) =>
  Effect.flatMap(storeClient(caller), (client) =>
    Effect.map(pick(client)({ params: branded(params), headers: {}, responseMode: "decoded-and-response" }), (answer) => expectTypedCart(answer)))

export const cartRoutes = {
  get: (cartId: string, caller: Caller = {}) =>
    Effect.flatMap(storeClient(caller), (client) =>
      Effect.map(client.cart.getCart({ params: { cartId: CartId.make(cartId) }, responseMode: "decoded-and-response" }), (answer) =>
        expectTypedCart(answer))),
  addItem: route((client) => client.cart.addCartItem<"decoded-and-response">),
  updateItem: route((client) => client.cart.updateCartItem<"decoded-and-response">),
  removeItem: bare((client) => client.cart.removeCartItem<"decoded-and-response">),
  setNote: route((client) => client.cart.setCartNote<"decoded-and-response">),
  setShippingMethod: route((client) => client.cart.setShippingMethod<"decoded-and-response">),
  setPaymentMethod: route((client) => client.cart.setPaymentMethod<"decoded-and-response">),
  applyCoupon: route((client) => client.cart.applyCoupon<"decoded-and-response">),
  removeCoupon: bare((client) => client.cart.removeCoupon<"decoded-and-response">),
  /** POST /cart/{id}/checkout with `{}` (the defaults): 201 and the decoded order. */
  checkout: (cartId: string, caller: Caller = {}, payload: { readonly saveAddress?: boolean } = {}) =>
    Effect.flatMap(storeClient(caller), (client) =>
      Effect.map(
        client.cart.checkout({ params: { cartId: CartId.make(cartId) }, headers: {}, payload, responseMode: "decoded-and-response" }),
        (answer) => expectDecoded(answer, 201)
      ))
}
