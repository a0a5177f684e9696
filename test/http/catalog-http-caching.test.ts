/**
 * HTTP caching through the real server on every test engine: catalog GETs carry a strong ETag
 * (per request, key and content coding), public Cache-Control and Vary; If-None-Match naming
 * the current tag (weak comparison, lists, `*`) is a bodiless 304; a catalog change gives new
 * tags (200 to the old one); customer, cart and auth responses say no-store, problems included.
 */
import { brotliDecompressSync } from "node:zlib"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { importCatalog } from "../../application/catalog-import/import-catalog.ts"
import { buyingFixture, renamedShirt } from "../support/buying-fixture.ts"
import { memoryBuyingTestStores } from "../support/buying-stores.ts"
import { BOTH_SHOPS_KEY, buyingTestEngines, createCart, SHOP_A_KEY } from "../support/cart-http.ts"
import { serverSuites, storeRequest } from "../support/store-http.ts"
import { testServer } from "../support/test-server.ts"
import { rawGet, type RawResponse } from "../support/raw-bytes.ts"

const KEY = { "x-publishable-api-key": SHOP_A_KEY }
const LISTING = "/v1/store/products?includeFacets=true&limit=50"
const CATALOG_ROUTES = [
  LISTING,
  "/v1/store/products/by-slug/classic-cotton-shirt",
  "/v1/store/categories",
  "/v1/store/categories/by-slug/clothing",
  "/v1/store/shop/shipping-methods"
]

const varyFields = (headers: Readonly<Record<string, string>>) =>
  (headers["vary"] ?? "").split(",").map((field) => field.trim().toLowerCase())

const expectCatalogHeaders = (response: RawResponse) => {
  expect(response.headers["etag"]).toMatch(/^"[!#-~]+"$/)
  expect(response.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=300")
  expect(varyFields(response.headers)).toEqual(expect.arrayContaining(["x-publishable-api-key", "accept-encoding"]))
}

const etagOf = (path: string, headers: Readonly<Record<string, string>> = KEY) =>
  Effect.map(rawGet(path, headers), (response) => {
    expect(response.status).toBe(200)
    return response.headers["etag"]!
  })

serverSuites(buyingTestEngines(), "HTTP caching", (it) => {
  describe("catalog GETs", () => {
    it.effect("carry a strong ETag, public Cache-Control and Vary on the key and the coding", () =>
      Effect.gen(function*() {
        for (const path of CATALOG_ROUTES) {
          const response = yield* rawGet(path, KEY)
          expect(response.status, path).toBe(200)
          expectCatalogHeaders(response)
          // the same request gets the same tag
          expect(yield* etagOf(path)).toBe(response.headers["etag"])
        }
      }))

    it.effect("the tag follows the normalised request: route, query, key and coding", () =>
      Effect.gen(function*() {
        const tag = yield* etagOf("/v1/store/products?limit=5&page=1")
        // the same request written differently
        expect(yield* etagOf("/v1/store/products?page=1&limit=5")).toBe(tag)
        expect(yield* etagOf("/v1/store/products")).toBe(yield* etagOf("/v1/store/products?page=1&limit=20"))
        // a different request, key or coding
        expect(yield* etagOf("/v1/store/products?limit=5&page=2")).not.toBe(tag)
        expect(yield* etagOf("/v1/store/products?limit=5&page=1", { "x-publishable-api-key": BOTH_SHOPS_KEY }))
          .not.toBe(tag)
        const brTag = yield* etagOf("/v1/store/products?limit=5&page=1", { ...KEY, "accept-encoding": "br" })
        const gzipTag = yield* etagOf("/v1/store/products?limit=5&page=1", { ...KEY, "accept-encoding": "gzip" })
        expect(new Set([tag, brTag, gzipTag]).size).toBe(3)
        const tags = yield* Effect.forEach(CATALOG_ROUTES, (path) => etagOf(path))
        expect(new Set(tags).size).toBe(CATALOG_ROUTES.length)
      }))

    it.effect("If-None-Match naming the current tag is a 304 with the validators and no body", () =>
      Effect.gen(function*() {
        for (const path of CATALOG_ROUTES) {
          const tag = yield* etagOf(path)
          const notModified = yield* rawGet(path, { ...KEY, "if-none-match": tag })
          expect(notModified.status, path).toBe(304)
          expect(notModified.body.length).toBe(0)
          expect(notModified.headers["etag"]).toBe(tag)
          expectCatalogHeaders(notModified)
        }
      }))

    it.effect("weak comparison, lists and * (for a resource that exists)", () =>
      Effect.gen(function*() {
        const tag = yield* etagOf(LISTING)
        const status = (ifNoneMatch: string, path = LISTING) =>
          Effect.map(rawGet(path, { ...KEY, "if-none-match": ifNoneMatch }), (response) => response.status)
        expect(yield* status(`W/${tag}`)).toBe(304)
        expect(yield* status(`"other", "with,comma" ,${tag}`)).toBe(304)
        expect(yield* status("*")).toBe(304)
        expect(yield* status(`"other", W/"another"`)).toBe(200)
        expect(yield* status(tag.slice(0, -2) + "\"")).toBe(200)
        expect(yield* status("garbage")).toBe(200)
        expect(yield* status("*", "/v1/store/products/by-slug/no-such-product")).toBe(404)
        expect(yield* status(tag, "/v1/store/products?limit=3")).toBe(200)
      }))

    it.effect("a tag names one coding: the brotli body's tag is a 304 only to a request that takes brotli", () =>
      Effect.gen(function*() {
        const br = yield* rawGet(LISTING, { ...KEY, "accept-encoding": "br" })
        expect(br.headers["content-encoding"]).toBe("br")
        const tag = br.headers["etag"]!
        expect((yield* rawGet(LISTING, { ...KEY, "accept-encoding": "gzip, br", "if-none-match": tag })).status)
          .toBe(304)
        const plain = yield* rawGet(LISTING, { ...KEY, "if-none-match": tag })
        expect(plain.status).toBe(200)
        expect(plain.headers["content-encoding"]).toBeUndefined()
        expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
      }))

    it.effect("a catalog change gives new tags: the old one gets the new content, the new one a 304", () =>
      Effect.gen(function*() {
        const path = "/v1/store/products/by-slug/classic-cotton-shirt"
        const before = yield* rawGet(path, KEY)
        const oldTag = before.headers["etag"]!
        const listingTag = yield* etagOf(LISTING)
        yield* Effect.orDie(importCatalog(renamedShirt("Classic Cotton Shirt, Renamed")))
        // the read model picks the change up within a poll (100 ms in tests)
        const changed = yield* rawGet(path, { ...KEY, "if-none-match": oldTag }).pipe(
          Effect.repeat({
            schedule: Schedule.spaced("50 millis"),
            // a refresh already under way when the import committed may end first (a new tag, the old name)
            until: (response) => response.status === 200 && response.body.toString("utf8").includes("Renamed"),
            times: 200
          })
        )
        expect(changed.status).toBe(200)
        expect(JSON.parse(changed.body.toString("utf8"))).toMatchObject({ name: "Classic Cotton Shirt, Renamed" })
        const newTag = changed.headers["etag"]!
        expect(newTag).not.toBe(oldTag)
        expect((yield* rawGet(path, { ...KEY, "if-none-match": newTag })).status).toBe(304)
        // every catalog response changed version, the listing too
        expect((yield* rawGet(LISTING, { ...KEY, "if-none-match": listingTag })).status).toBe(200)
        yield* Effect.orDie(importCatalog(buyingFixture()))
      }))

    it.effect("catalog problems are not made cacheable", () =>
      Effect.gen(function*() {
        const missing = yield* rawGet("/v1/store/products/by-slug/no-such-product", KEY)
        expect(missing.status).toBe(404)
        expect(missing.headers["etag"]).toBeUndefined()
        expect(missing.headers["cache-control"]).toBeUndefined()
      }))
  })

  describe("customer and cart responses", () => {
    it.effect("say no-store, problems included, and keep the cart's own ETag", () =>
      Effect.gen(function*() {
        const { cart, etag } = yield* createCart()
        const created = yield* storeRequest("POST", "/cart", {})
        expect(created.status).toBe(201)
        expect(created.headers["cache-control"]).toBe("no-store")
        const read = yield* storeRequest("GET", `/cart/${cart.id}`)
        expect(read.status).toBe(200)
        expect(read.headers["cache-control"]).toBe("no-store")
        expect(read.headers["etag"]).toBe(etag)
        const answers = [
          yield* storeRequest("GET", "/cart/cart_aaaaaaaaaaaaaaaaaaaaaaaaaa"),
          yield* storeRequest("GET", "/customers/me"),
          yield* storeRequest("GET", "/customers/me/orders"),
          yield* storeRequest("POST", "/auth/login", { email: "nobody@example.com", password: "not-the-password" }),
          yield* storeRequest("GET", "/orders"),
          yield* storeRequest("DELETE", "/cart")
        ]
        expect(answers.map((answer) => answer.status)).toEqual([404, 401, 401, 401, 404, 405])
        for (const answer of answers) expect(answer.headers["cache-control"]).toBe("no-store")
      }))

    it.effect("a catalog response never says no-store, and operational routes are left alone", () =>
      Effect.gen(function*() {
        expect((yield* rawGet("/v1/store/categories", KEY)).headers["cache-control"]).toMatch(/^public/)
        expect((yield* rawGet("/health")).headers["cache-control"]).toBeUndefined()
      }))
  })
})

layer(
  testServer(memoryBuyingTestStores(buyingFixture()), undefined, {
    catalogCache: { maxAgeSeconds: 5, staleWhileRevalidateSeconds: 0 }
  }),
  { excludeTestServices: true }
)("HTTP caching settings (memory adapters)", (it) => {
  it.effect("Cache-Control carries the configured max-age and stale-while-revalidate, on 200 and 304", () =>
    Effect.gen(function*() {
      const response = yield* rawGet(LISTING, KEY)
      expect(response.headers["cache-control"]).toBe("public, max-age=5, stale-while-revalidate=0")
      const notModified = yield* rawGet(LISTING, { ...KEY, "if-none-match": response.headers["etag"]! })
      expect(notModified.status).toBe(304)
      expect(notModified.headers["cache-control"]).toBe("public, max-age=5, stale-while-revalidate=0")
    }))
})
