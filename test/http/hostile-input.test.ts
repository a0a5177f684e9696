/**
 * Bad text never reaches a store (issue 9): NUL characters, lone surrogates and bytes that are
 * not UTF-8, in a JSON body, a query parameter or a path segment, answer 400 validation_failed
 * listing every bad field at once, and change nothing. On PostgreSQL a NUL used to be a 500
 * (`invalid byte sequence for encoding "UTF8": 0x00`).
 */
import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { fixtureVariant } from "../support/buying-fixture.ts"
import { buyingTestEngines, createCart, SHOP_A_KEY } from "../support/cart-http.ts"
import { cartRoutes } from "../support/cart-routes.ts"
import { expectProblem, serverSuites, storeRequest } from "../support/store-http.ts"

const errorPaths = (body: unknown) => (body as { errors: ReadonlyArray<{ path: string }> }).errors.map((error) => error.path).sort()

serverSuites(buyingTestEngines(), "hostile input", (it) => {
  describe("NUL, lone surrogates and non-UTF-8 bytes are 400 validation_failed, every field at once", () => {
    it.effect("in a JSON body: every bad string listed by its path; the cart is unchanged", () =>
      Effect.gen(function*() {
        const cart = yield* createCart({})
        const body = String.raw`{"name":"Ra\u0000him","phone":"01711000000","road":"\ud800 Lake","city":"Dhaka","note":"ok"}`
        const response = yield* storeRequest("PUT", `/cart/${cart.cart.id}/shipping-address`, body)
        expectProblem(response, 400, "validation_failed")
        expect(errorPaths(response.body)).toEqual(["name", "road"])
        const after = yield* cartRoutes.get(cart.cart.id)
        expect(after.version).toBe(cart.version)
        expect(after.cart.shippingAddress).toEqual(cart.cart.shippingAddress)
      }))

    it.effect("in nested bodies, keys included: cart items, notes, coupon codes, login", () =>
      Effect.gen(function*() {
        const linen = yield* fixtureVariant("FIX-6-1")
        const items = yield* storeRequest("POST", "/cart", String.raw`{"items":[{"variantId":"${linen.variant.id}\u0000","quantity":1}]}`)
        expect(errorPaths(items.body)).toEqual(["items.0.variantId"])
        const cart = yield* createCart({})
        expectProblem(yield* storeRequest("PUT", `/cart/${cart.cart.id}/notes`, String.raw`{"note":"\u0000"}`), 400, "validation_failed")
        expectProblem(yield* storeRequest("PUT", `/cart/${cart.cart.id}/coupon`, String.raw`{"code":"SAVE\u000010"}`), 400, "validation_failed")
        const login = yield* storeRequest("POST", "/auth/login", String.raw`{"email":"a\u0000@example.com","password":"\udfff"}`)
        expect(errorPaths(login.body)).toEqual(["email", "password"])
        const key = yield* storeRequest("POST", "/cart", String.raw`{"items":[],"\u0000":1}`)
        expectProblem(key, 400, "validation_failed")
      }))

    it.effect("in the query and the path", () =>
      Effect.gen(function*() {
        const search = yield* storeRequest("GET", "/products?search=shirt%00&limit=2")
        expectProblem(search, 400, "validation_failed")
        expect(errorPaths(search.body)).toEqual(["search"])
        const notUtf8 = yield* storeRequest("GET", "/products?search=%FF%FE")
        expectProblem(notUtf8, 400, "validation_failed")
        const cartId = yield* storeRequest("GET", "/cart/cart_abc%00def")
        expectProblem(cartId, 400, "validation_failed")
        const order = yield* storeRequest("GET", "/customers/me/orders/ord_%ED%A0%80")
        expectProblem(order, 400, "validation_failed")
      }))

    it.effect("a body whose bytes are not UTF-8", () =>
      Effect.gen(function*() {
        const client = yield* HttpClient.HttpClient
        const bytes = new Uint8Array([...new TextEncoder().encode("{\"note\":\""), 0xff, 0xfe, ...new TextEncoder().encode("\"}")])
        const cart = yield* createCart({})
        const response = yield* client.execute(
          HttpClientRequest.put(`/v1/store/cart/${cart.cart.id}/notes`).pipe(
            HttpClientRequest.setHeader("x-publishable-api-key", SHOP_A_KEY),
            HttpClientRequest.bodyUint8Array(bytes, "application/json")
          )
        )
        expect(response.status).toBe(400)
        expect((yield* response.json) as object).toMatchObject({ code: "validation_failed" })
      }))
  })
})
