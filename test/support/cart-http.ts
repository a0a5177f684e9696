/**
 * Helpers for the cart, checkout and order HTTP tests: the stores of a buying-path test server
 * (the buying fixture on the SQL adapter over every test engine), raw requests with the
 * publishable key, a bearer token, If-Match or Idempotency-Key, and cart assertions.
 */
import { expect } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { ClientIpPolicy } from "../../adapters/http/request/client-ip.ts"
import { buyingFixture } from "./buying-fixture.ts"
import { postgresBuyingTestStores } from "./buying-stores.ts"
import { testEngines } from "./test-database.ts"
import type { HttpClientResponse } from "effect/http"
import type { CartView, CreateCartBody } from "../../adapters/http/api/cart-views.ts"
import { type Caller, expectDecoded, type HttpResult, storeClient } from "./store-http.ts"

export { SHOP_A_KEY } from "./store-http.ts"
export const SHOP_B_KEY = "pk_b"
export const BOTH_SHOPS_KEY = "pk_ab"

/** The buying fixture on every SQL engine, trusting one proxy hop (tests pick client IPs). */
export const buyingTestEngines = () =>
  testEngines().map((engine) => ({
    name: engine.name,
    stores: postgresBuyingTestStores(engine, buyingFixture()).pipe(
      Layer.provideMerge(Layer.succeed(ClientIpPolicy, { trustedProxyHops: 1 }))
    )
  }))

export interface CartItemBody {
  readonly id: string
  readonly productId: string
  readonly variantId: string
  readonly quantity: number
  readonly unitPrice: number
  readonly compareAtPrice: number
  readonly lineTotal: number
  readonly product: { readonly name: string; readonly slug: string; readonly thumbnail: string }
  readonly variant: {
    readonly images: ReadonlyArray<string>
    readonly inStock: boolean
    readonly lowStock: boolean
    readonly optionValues: Readonly<Record<string, string>>
  }
}

export interface CartBody {
  readonly id: string
  readonly shopId: string
  readonly customerId: string
  readonly status: string
  readonly items: ReadonlyArray<CartItemBody>
  readonly itemCount: number
  readonly subtotal: number
  readonly discountTotal: number
  readonly couponCode: string
  readonly couponDiscount: number
  readonly shippingFee: number
  readonly codFee: number
  readonly total: number
  readonly shippingAddress: Readonly<Record<string, string>>
  readonly billingAddress: Readonly<Record<string, string>>
  readonly shippingMethodId: string
  readonly shippingMethodName: string
  readonly paymentMethod: string
  readonly customerNote: string
  readonly createdAt: string
  readonly updatedAt: string
  readonly expiresAt: string
}

/** A successful cart response: its body and version (from the ETag). */
export const expectCart = (response: HttpResult, status = 200) => {
  expect(response.status, response.text).toBe(status)
  expect(response.headers["content-type"]).toMatch(/^application\/json/)
  const etag = response.headers["etag"] ?? ""
  expect(etag).toMatch(/^"\d+"$/)
  return { cart: response.body as CartBody, etag, version: Number(etag.slice(1, -1)) }
}

/** A cart answer of the typed client ([{body, headers}, response]): the decoded cart and its version (from the ETag). */
export const expectTypedCart = (
  answer: readonly [{ readonly body: CartView; readonly headers: { readonly etag: string } }, HttpClientResponse.HttpClientResponse],
  status = 200
) => {
  const { body, headers } = expectDecoded(answer, status)
  expect(headers.etag).toMatch(/^"\d+"$/)
  return { cart: body, etag: headers.etag, version: Number(headers.etag.slice(1, -1)) }
}

/** Creates a cart through the typed client (201, the decoded cart and its version). */
export const createCart = (body: typeof CreateCartBody.Type = {}, caller: Caller = {}) =>
  Effect.flatMap(storeClient(caller), (client) =>
    Effect.map(
      client.cart.createCart({ headers: {}, payload: body, responseMode: "decoded-and-response" }),
      (answer) => expectTypedCart(answer, 201)
    ))

export const DHAKA_ADDRESS = {
  name: "Rahim Uddin",
  phone: "+880 1711-000000",
  house: "12",
  road: "Lake Road",
  city: "Dhaka",
  postcode: "1212",
  note: "Ring twice"
}

export const SYLHET_ADDRESS = { name: "Karim", phone: "01711000000", district: "Sylhet" }
