/**
 * The typed fetch client (`storefront-service/client`) end to end against the real server, as a
 * storefront that does not use Effect would call it: browse with facets and filters, register,
 * build a signed-in cart, meet a typed problem, check out with no body, and find the order in the
 * history; on every test engine. The client's types come from the OpenAPI document the server
 * serves at /openapi.json, which is checked to be the one they were generated from.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { HttpServer } from "effect/http"
import { OpenApi } from "effect/http-api"
import { NetAddress } from "effect/net"
import { StorefrontApi } from "../../adapters/http/api/storefront-api.ts"
import { createStorefrontClient } from "../../client/index.ts"
import { freshEmail, freshPhone, STRONG_PASSWORD } from "../support/account-http.ts"
import { buyingTestEngines, DHAKA_ADDRESS, SHOP_A_KEY } from "../support/cart-http.ts"
import { testServer } from "../support/test-server.ts"

const ADDRESS = { thana: "Gulshan", district: "Dhaka", division: "Dhaka", country: "BD", ...DHAKA_ADDRESS }

/** The base URL of the in-process test server. */
const baseUrl = Effect.gen(function*() {
  const address = (yield* HttpServer.HttpServer).address
  if (NetAddress.isUnixPathAddress(address)) return yield* Effect.die(new Error("a TCP test server is needed"))
  return `http://127.0.0.1:${address.port}`
})

for (const engine of buyingTestEngines()) {
  layer(testServer(engine.stores, Layer.empty), { excludeTestServices: true })(`typed fetch client (${engine.name})`, (it) => {
    describe("storefront-service/client", () => {
      it.effect("serves the OpenAPI document the client's types were generated from", () =>
        Effect.gen(function*() {
          const base = yield* baseUrl
          const served = yield* Effect.promise(() => fetch(`${base}/openapi.json`).then((response) => response.json()))
          expect(served).toEqual(JSON.parse(JSON.stringify(OpenApi.fromApi(StorefrontApi))))
        }))

      it.effect("browses, registers, fills a cart, checks out and finds the order in the history", () =>
        Effect.gen(function*() {
          const base = yield* baseUrl
          yield* Effect.promise(async () => {
            let accessToken: string | undefined
            const store = createStorefrontClient({ baseUrl: base, publishableKey: SHOP_A_KEY, accessToken: () => accessToken })

            // browse with facets, then narrow by a category the facets offer and a price floor
            const listing = await store.GET("/v1/store/products", { params: { query: { includeFacets: true, limit: 50 } } })
            expect(listing.error).toBeUndefined()
            const page = listing.data!
            expect(page.data.length).toBeGreaterThan(0)
            const category = page.facets!.categories[0]!
            const inCategory = await store.GET("/v1/store/products", { params: { query: { categoryId: category.id } } })
            expect(inCategory.data!.total).toBe(category.count)
            const floor = page.facets!.priceRange.min + 1
            const narrowed = await store.GET("/v1/store/products", {
              params: { query: { categoryId: category.id, minPrice: floor, sortBy: "price", sortOrder: "asc" } }
            })
            expect(narrowed.data!.total).toBeLessThan(category.count + 1)
            expect(narrowed.data!.data.length).toBeGreaterThan(0)
            for (const product of narrowed.data!.data) {
              expect(product.variants.some((variant) => (variant.salePrice ?? variant.originalPrice) >= floor)).toBe(true)
            }
            const badPage = await store.GET("/v1/store/products", { params: { query: { limit: 0 } } })
            expect(badPage.response.status).toBe(400)
            expect(badPage.error).toMatchObject({ code: "validation_failed" })

            // a product page, and the unauthenticated profile is a typed 401
            const buyable = page.data.find((product) => product.slug !== null && product.variants.some((variant) => variant.inStock))!
            const product = await store.GET("/v1/store/products/by-slug/{slug}", { params: { path: { slug: buyable.slug! } } })
            const variant = product.data!.variants.find((entry) => entry.inStock)!
            const anonymous = await store.GET("/v1/store/customers/me")
            expect(anonymous.error).toMatchObject({ code: "unauthorized", status: 401 })

            // register: the client sends the token from now on
            const email = freshEmail("client")
            const registered = await store.POST("/v1/store/auth/register", {
              body: { name: "Client Tester", email, password: STRONG_PASSWORD, phone: freshPhone() }
            })
            expect(registered.response.status).toBe(201)
            accessToken = registered.data!.tokens.accessToken
            const me = await store.GET("/v1/store/customers/me")
            expect(me.data!.email).toBe(email)

            // a signed-in cart: created with a line, addressed, shipped, paid by COD
            const created = await store.POST("/v1/store/cart", { body: { items: [{ variantId: variant.id, quantity: 1 }] } })
            expect(created.response.status).toBe(201)
            const cart = created.data!
            expect(cart.customerId).toBe(registered.data!.customerId)
            const path = { cartId: cart.id }
            const firstTag = created.response.headers.get("etag")!
            const addressed = await store.PUT("/v1/store/cart/{cartId}/shipping-address", {
              params: { path, header: { "if-match": firstTag } },
              body: ADDRESS
            })
            expect(addressed.data!.shippingAddress.city).toBe("Dhaka")
            const stale = await store.PUT("/v1/store/cart/{cartId}/payment-method", {
              params: { path, header: { "if-match": firstTag } },
              body: { paymentMethod: "cod" }
            })
            expect(stale.response.status).toBe(412)
            expect(stale.error).toMatchObject({ code: "cart_version_mismatch" })
            const methods = await store.GET("/v1/store/shop/shipping-methods")
            const standard = methods.data!.methods.find((method) => method.id === "sm_a_standard")!
            await store.PUT("/v1/store/cart/{cartId}/shipping-method", { params: { path }, body: { shippingMethodId: standard.id } })
            const ready = await store.PUT("/v1/store/cart/{cartId}/payment-method", { params: { path }, body: { paymentMethod: "cod" } })
            expect(ready.data!.total).toBeGreaterThan(ready.data!.subtotal)

            // checkout takes no body
            const checkout = await store.POST("/v1/store/cart/{cartId}/checkout", { params: { path } })
            expect(checkout.response.status).toBe(201)
            const order = checkout.data!
            expect(order.totalPrice).toBe(ready.data!.total)
            expect(order.items.map((item) => item.productVariant.id)).toEqual([variant.id])

            // the order history
            const history = await store.GET("/v1/store/customers/me/orders", { params: { query: { page: 1, limit: 10 } } })
            expect(history.data!.data.map((entry) => entry.id)).toEqual([order.id])
            const detail = await store.GET("/v1/store/customers/me/orders/{orderId}", { params: { path: { orderId: order.id } } })
            expect(detail.data!.orderNumber).toBe(order.orderNumber)
            expect(detail.data!.shippingAddress.thana).toBe("Gulshan")
          })
        }))
    })
  })
}
