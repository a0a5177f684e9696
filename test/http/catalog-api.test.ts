/**
 * The catalog side of the API through the real HTTP server (in-process, random port), on the
 * SQL adapter over every test engine, against the hand-written fixture catalog.
 */
import { assert, describe, expect, layer } from "@effect/vitest"
import { Effect, Layer, Stream } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { catalogFixture, FIXTURE_KEYS, STANDARD_SHIPPING_A, VISIBLE_SLUGS } from "../support/catalog-fixture.ts"
import { seededPostgresStores } from "../support/seeded-stores.ts"
import { testEngines } from "../support/test-database.ts"
import { rawRequest, storefrontClient, testServer } from "../support/test-server.ts"
import { ShopId } from "../../domain/shared/ids.ts"

const KEY = { "x-publishable-api-key": FIXTURE_KEYS.shopA }

interface ListedProduct {
  readonly slug: string | null
}
interface Listing {
  readonly data: ReadonlyArray<ListedProduct>
  readonly total: number
  readonly page: number
  readonly limit: number
  readonly totalPages: number
  readonly facets?: unknown
}

const slugsOf = (listing: { readonly data: ReadonlyArray<ListedProduct> }) => listing.data.map((product) => product.slug)

const list = (query: string, key: string = FIXTURE_KEYS.shopA) =>
  Effect.map(
    rawRequest("GET", `/v1/store/products${query}`, { headers: { "x-publishable-api-key": key } }),
    (response) => {
      assert.strictEqual(response.status, 200, response.text)
      return response.body as Listing
    }
  )

const expectProblem = (
  response: { readonly status: number; readonly headers: Readonly<Record<string, string>>; readonly body: unknown },
  status: number,
  code: string
) => {
  expect(response.status).toBe(status)
  expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/)
  expect(response.body).toMatchObject({ status, code, type: `urn:storefront:error:${code}` })
  expect(typeof (response.body as { title: unknown }).title).toBe("string")
}

for (const engine of testEngines()) {
  const server = testServer(seededPostgresStores(engine.layer, catalogFixture()), Layer.empty, {
    docsPublishableKey: FIXTURE_KEYS.shopA
  })
  layer(server, { excludeTestServices: true })(
    `catalog API over HTTP (${engine.name})`,
    (it) => {
      describe("publishable key", () => {
        it.effect("a missing key is 400 publishable_key_required", () =>
          Effect.gen(function*() {
            expectProblem(yield* rawRequest("GET", "/v1/store/products"), 400, "publishable_key_required")
            expectProblem(yield* rawRequest("GET", "/v1/store/categories"), 400, "publishable_key_required")
          }))

        it.effect("an unknown or revoked key is 401 publishable_key_invalid", () =>
          Effect.gen(function*() {
            for (const key of ["pk_nope", FIXTURE_KEYS.revoked]) {
              const response = yield* rawRequest("GET", "/v1/store/products", { headers: { "x-publishable-api-key": key } })
              expectProblem(response, 401, "publishable_key_invalid")
            }
          }))

        it.effect("the key check comes before query validation", () =>
          Effect.gen(function*() {
            expectProblem(yield* rawRequest("GET", "/v1/store/products?limit=0"), 400, "publishable_key_required")
          }))

        it.effect("operational routes need no key", () =>
          Effect.gen(function*() {
            const health = yield* rawRequest("GET", "/health")
            expect(health.status).toBe(200)
            expect(health.body).toEqual({ status: "ok" })
            expect((yield* rawRequest("GET", "/ready")).status).toBe(200)
            const openapi = yield* rawRequest("GET", "/openapi.json")
            expect(openapi.status).toBe(200)
            expect(openapi.body).toMatchObject({ openapi: "3.1.0" })
            expect(Object.keys((openapi.body as { paths: object }).paths)).toEqual(
              expect.arrayContaining(["/v1/store/products", "/v1/store/products/by-slug/{slug}", "/v1/store/categories"])
            )
            const docs = yield* rawRequest("GET", "/docs")
            expect(docs.status).toBe(200)
            expect(docs.text).toContain("<html")
            expect(docs.text).not.toMatch(/<script[^>]+src=["']https?:/)
            // the key the server was given, known to the catalog, is filled in for "Test request"
            expect(docs.text).toContain(`"publishableKey":{"name":"x-publishable-api-key","in":"header","value":"${FIXTURE_KEYS.shopA}"}`)
          }))
      })

      describe("scoping by key", () => {
        it.effect("each key sees exactly the enabled products of its shops", () =>
          Effect.gen(function*() {
            for (const [key, slugs] of Object.entries(VISIBLE_SLUGS)) {
              const listing = yield* list("?limit=100", key)
              expect([...slugsOf(listing)].sort()).toEqual([...slugs].sort())
              expect(listing.total).toBe(slugs.length)
            }
          }))

        it.effect("by-slug answers 404 product_not_found outside the key's shops and for disabled products", () =>
          Effect.gen(function*() {
            expectProblem(yield* rawRequest("GET", "/v1/store/products/by-slug/budget-phone", { headers: KEY }), 404, "product_not_found")
            expectProblem(yield* rawRequest("GET", "/v1/store/products/by-slug/hidden-disabled-shirt", { headers: KEY }), 404, "product_not_found")
            expectProblem(yield* rawRequest("GET", "/v1/store/products/by-slug/no-such-product", { headers: KEY }), 404, "product_not_found")
            const visible = yield* rawRequest("GET", "/v1/store/products/by-slug/budget-phone", { headers: { "x-publishable-api-key": FIXTURE_KEYS.shopB } })
            expect(visible.status).toBe(200)
          }))
      })

      describe("listing, paging and sorting", () => {
        it.effect("defaults: newest first, page 1, limit 20, no facets", () =>
          Effect.gen(function*() {
            const response = yield* rawRequest("GET", "/v1/store/products", { headers: KEY })
            const listing = response.body as Listing
            expect(slugsOf(listing)).toEqual(["kids-tee", "linen-shirt-100-off", "premium-phone-x", "silk-saree-deluxe", "classic-cotton-shirt"])
            expect(listing).toMatchObject({ total: 5, page: 1, limit: 20, totalPages: 1 })
            expect("facets" in listing).toBe(false)
            expect("facets" in (yield* list("?includeFacets=false"))).toBe(false)
          }))

        it.effect("pages never overlap or skip", () =>
          Effect.gen(function*() {
            const second = yield* list("?limit=2&page=2")
            expect(slugsOf(second)).toEqual(["premium-phone-x", "silk-saree-deluxe"])
            expect(second).toMatchObject({ total: 5, page: 2, limit: 2, totalPages: 3 })
            const collected: Array<string | null> = []
            for (let page = 1; page <= 3; page++) collected.push(...slugsOf(yield* list(`?limit=2&page=${page}&sortBy=bestselling`)))
            expect(new Set(collected).size).toBe(5)
            expect((yield* list("?page=9")).data).toEqual([])
          }))

        it.effect("every sort key, with its default order and an explicit one", () =>
          Effect.gen(function*() {
            expect(slugsOf(yield* list("?sortBy=price"))).toEqual(["kids-tee", "classic-cotton-shirt", "linen-shirt-100-off", "silk-saree-deluxe", "premium-phone-x"])
            expect(slugsOf(yield* list("?sortBy=price&sortOrder=desc"))).toEqual(["premium-phone-x", "silk-saree-deluxe", "linen-shirt-100-off", "classic-cotton-shirt", "kids-tee"])
            expect(slugsOf(yield* list("?sortBy=name"))).toEqual(["classic-cotton-shirt", "kids-tee", "linen-shirt-100-off", "premium-phone-x", "silk-saree-deluxe"])
            expect(slugsOf(yield* list("?sortBy=newest&sortOrder=asc"))).toEqual(["classic-cotton-shirt", "silk-saree-deluxe", "premium-phone-x", "linen-shirt-100-off", "kids-tee"])
            const bestselling = slugsOf(yield* list("?sortBy=bestselling"))
            expect(new Set(bestselling.slice(0, 2))).toEqual(new Set(["classic-cotton-shirt", "linen-shirt-100-off"]))
            expect(bestselling.slice(2)).toEqual(["silk-saree-deluxe", "premium-phone-x", "kids-tee"])
            expect(slugsOf(yield* list("?sortBy=bestselling&sortOrder=asc"))).toEqual([...bestselling].reverse())
          }))

        it.effect("out-of-range or malformed paging and sorting is 400 validation_failed naming the parameter", () =>
          Effect.gen(function*() {
            for (const [query, path] of [
              ["?page=0", "page"],
              ["?limit=0", "limit"],
              ["?limit=101", "limit"],
              ["?limit=ten", "limit"],
              ["?page=1.5", "page"],
              ["?sortBy=random", "sortBy"],
              ["?sortOrder=up", "sortOrder"],
              ["?includeFacets=yes", "includeFacets"],
              ["?minPrice=-1", "minPrice"]
            ] as const) {
              const response = yield* rawRequest("GET", `/v1/store/products${query}`, { headers: KEY })
              expectProblem(response, 400, "validation_failed")
              const errors = (response.body as { errors: ReadonlyArray<{ path: string; message: string }> }).errors
              expect(errors.map((error) => error.path), query).toContain(path)
              expect(errors.every((error) => error.message.length > 0)).toBe(true)
            }
          }))

        it.effect("unknown query parameters are ignored", () =>
          Effect.gen(function*() {
            expect((yield* list("?utm_source=newsletter&fbclid=x")).total).toBe(5)
          }))
      })

      describe("filters", () => {
        it.effect("search: case-insensitive substring over name, sku, description and tags, name matches first", () =>
          Effect.gen(function*() {
            expect(slugsOf(yield* list("?search=lassic"))).toEqual(["classic-cotton-shirt", "premium-phone-x"])
            expect(slugsOf(yield* list("?search=CLASSIC"))).toEqual(["classic-cotton-shirt", "premium-phone-x"])
            expect(slugsOf(yield* list("?search=fix-4"))).toEqual(["premium-phone-x"])
            expect(slugsOf(yield* list("?search=cotton"))).toEqual(["classic-cotton-shirt"])
            expect(slugsOf(yield* list("?search=premium"))).toEqual(["premium-phone-x"])
            expect(slugsOf(yield* list("?search=lassic&sortBy=name&sortOrder=desc"))).toEqual(["premium-phone-x", "classic-cotton-shirt"])
          }))

        it.effect("search treats %, _ and \\ as literal characters", () =>
          Effect.gen(function*() {
            expect(slugsOf(yield* list(`?search=${encodeURIComponent("100%_")}`))).toEqual(["linen-shirt-100-off"])
            expect(slugsOf(yield* list(`?search=${encodeURIComponent("%")}`))).toEqual(["linen-shirt-100-off"])
            expect((yield* list(`?search=${encodeURIComponent("\\")}`)).total).toBe(0)
            expect((yield* list(`?search=${encodeURIComponent("shirt_")}`)).total).toBe(0)
          }))

        it.effect("categories include descendants; several form a union; slug and unknown categories", () =>
          Effect.gen(function*() {
            const category = (slug: string) =>
              Effect.map(
                rawRequest("GET", `/v1/store/categories/by-slug/${slug}`, { headers: KEY }),
                (response) => (response.body as { id: string }).id
              )
            const clothing = yield* category("clothing")
            const sarees = yield* category("clothing-sarees")
            const phones = yield* category("electronics-phones")
            expect([...slugsOf(yield* list(`?categoryId=${clothing}`))].sort()).toEqual(
              ["classic-cotton-shirt", "kids-tee", "linen-shirt-100-off", "silk-saree-deluxe"]
            )
            expect(slugsOf(yield* list(`?categoryIds=${sarees}&categoryIds=${phones}`))).toEqual(["premium-phone-x", "silk-saree-deluxe"])
            expect(slugsOf(yield* list(`?categoryIds=${sarees},${phones}`))).toEqual(["premium-phone-x", "silk-saree-deluxe"])
            expect(slugsOf(yield* list("?categorySlug=electronics"))).toEqual(["premium-phone-x"])
            expect((yield* list("?categorySlug=no-such-category")).total).toBe(0)
            expect((yield* list("?categoryId=cat_unknown")).total).toBe(0)
          }))

        it.effect("price range: some variant's effective price within [minPrice, maxPrice]", () =>
          Effect.gen(function*() {
            expect(slugsOf(yield* list("?minPrice=800&maxPrice=800"))).toEqual(["classic-cotton-shirt"])
            expect((yield* list("?minPrice=900&maxPrice=999")).total).toBe(0)
            expect(slugsOf(yield* list("?minPrice=1100&maxPrice=1300"))).toEqual(["classic-cotton-shirt"])
            expect(slugsOf(yield* list("?maxPrice=300"))).toEqual(["kids-tee"])
            expect(slugsOf(yield* list("?minPrice=52000"))).toEqual(["premium-phone-x"])
            expect(slugsOf(yield* list("?minPrice=9999.99&maxPrice=9999.99", FIXTURE_KEYS.shopB))).toEqual(["budget-phone"])
            const inverted = yield* rawRequest("GET", "/v1/store/products?minPrice=5&maxPrice=1", { headers: KEY })
            expectProblem(inverted, 400, "validation_failed")
            expect((inverted.body as { errors: ReadonlyArray<{ path: string }> }).errors[0]!.path).toBe("minPrice")
          }))

        it.effect("tags match any; attributes match any value within a key and every key", () =>
          Effect.gen(function*() {
            expect(slugsOf(yield* list("?tags=sale"))).toEqual(["linen-shirt-100-off", "classic-cotton-shirt"])
            expect(slugsOf(yield* list("?tags=eid,new"))).toEqual(["premium-phone-x", "silk-saree-deluxe"])
            expect(slugsOf(yield* list("?attributes=brand:Aarong"))).toEqual(["linen-shirt-100-off", "classic-cotton-shirt"])
            expect(slugsOf(yield* list(`?attributes=${encodeURIComponent("brand:Aarong|Yellow,material:Silk")}`))).toEqual(["silk-saree-deluxe"])
            expect(slugsOf(yield* list(`?attributes=${encodeURIComponent("brand:Samsung,material:Silk")}`))).toEqual([])
            const malformed = yield* rawRequest("GET", "/v1/store/products?attributes=brand", { headers: KEY })
            expectProblem(malformed, 400, "validation_failed")
            expect((malformed.body as { errors: ReadonlyArray<{ path: string }> }).errors[0]!.path).toBe("attributes")
          }))

        it.effect("inStock true/false", () =>
          Effect.gen(function*() {
            expect((yield* list("?inStock=true")).total).toBe(5)
            expect((yield* list("?inStock=false")).total).toBe(0)
            expect(slugsOf(yield* list("?inStock=false", FIXTURE_KEYS.shopB))).toEqual(["budget-phone"])
          }))
      })

      describe("facets", () => {
        it.effect("are disjunctive: each group counted without its own filter", () =>
          Effect.gen(function*() {
            const listing = yield* list("?tags=sale&includeFacets=true")
            expect(listing.total).toBe(2)
            expect(listing.facets).toEqual({
              attributes: [
                { key: "brand", values: [{ value: "Aarong", count: 2 }] },
                { key: "material", values: [{ value: "Cotton", count: 1 }, { value: "Linen", count: 1 }] }
              ],
              availability: { inStock: 2, outOfStock: 0 },
              categories: [
                { id: expect.any(String), name: "Clothing", slug: "clothing", count: 2 },
                { id: expect.any(String), name: "Shirts", slug: "clothing-shirts", count: 2 }
              ],
              priceRange: { min: 800, max: 1500 },
              tags: [
                { value: "sale", count: 2 },
                { value: "cotton", count: 1 },
                { value: "eid", count: 1 },
                { value: "new", count: 1 },
                { value: "premium", count: 1 }
              ]
            })
          }))

        it.effect("attribute values of a filtered key are counted over the other filters only", () =>
          Effect.gen(function*() {
            const listing = yield* list(`?attributes=${encodeURIComponent("brand:Yellow")}&includeFacets=true`)
            const facets = listing.facets as { attributes: ReadonlyArray<{ key: string; values: ReadonlyArray<{ value: string; count: number }> }> }
            expect(facets.attributes.find((group) => group.key === "brand")!.values).toEqual([
              { value: "Aarong", count: 2 },
              { value: "Samsung", count: 1 },
              { value: "Yellow", count: 1 }
            ])
            expect(facets.attributes.find((group) => group.key === "material")!.values).toEqual([{ value: "Silk", count: 1 }])
          }))

        it.effect("the typed client derived from the API decodes a faceted listing", () =>
          Effect.gen(function*() {
            const client = yield* storefrontClient(FIXTURE_KEYS.both)
            const listing = yield* client.catalog.listProducts({ query: { includeFacets: true, inStock: false } })
            expect(listing.data.map((product) => product.slug)).toEqual(["budget-phone"])
            expect(listing.facets?.availability).toEqual({ inStock: 5, outOfStock: 1 })
          }))
      })

      describe("product rendering", () => {
        it.effect("by-slug returns the listing rendering with money in major units", () =>
          Effect.gen(function*() {
            const client = yield* storefrontClient(FIXTURE_KEYS.shopA)
            const shirt = yield* client.catalog.getProductBySlug({ params: { slug: "classic-cotton-shirt" }, query: {} })
            expect(shirt).toMatchObject({
              slug: "classic-cotton-shirt",
              name: "Classic Cotton Shirt",
              sku: "FIX-1",
              originalPrice: 1000,
              salePrice: 800,
              priceRange: { minPrice: 800, maxPrice: 1200 },
              availableForSale: true,
              requiresShipping: true,
              tags: ["sale", "cotton"],
              attributes: { brand: { type: "text", value: "Aarong" }, material: { type: "text", value: "Cotton" } },
              sizeGuide: { id: "sg_apparel", name: "Apparel" },
              categories: [{ name: "Shirts", slug: "clothing-shirts" }],
              variantOptions: [{ key: "size", values: ["S", "M"], position: 0 }],
              createdAt: "2026-01-01T00:00:00.000Z"
            })
            expect(shirt.id).toMatch(/^prod_/)
            expect(shirt.variants.map((variant) => [variant.sku, variant.inStock, variant.lowStock, variant.originalPrice, variant.salePrice]))
              .toEqual([["FIX-1-1", true, false, 1000, 800], ["FIX-1-2", false, false, 1200, null]])
            expect(shirt.variants[0]!.id).toMatch(/^var_/)
            const saree = yield* client.catalog.getProductBySlug({ params: { slug: "silk-saree-deluxe" }, query: {} })
            expect(saree.variants[0]!.lowStock).toBe(true)
            expect(saree.attributes).not.toBeNull()
            const tee = yield* client.catalog.getProductBySlug({ params: { slug: "kids-tee" }, query: {} })
            expect(tee.attributes).toBeNull()
            expect(tee.sizeGuide).not.toBeNull()
          }))

        it.effect("the listing renders products exactly as by-slug does", () =>
          Effect.gen(function*() {
            const listing = yield* list("?search=premium")
            const bySlug = yield* rawRequest("GET", "/v1/store/products/by-slug/premium-phone-x", { headers: KEY })
            expect(listing.data[0]).toEqual(bySlug.body)
          }))
      })

      describe("categories", () => {
        it.effect("lists every category with subtree, ancestors and per-key product counts", () =>
          Effect.gen(function*() {
            const client = yield* storefrontClient(FIXTURE_KEYS.shopA)
            const { data } = yield* client.catalog.listCategories({ query: {} })
            expect(data.map((category) => category.slug)).toEqual(["clothing", "clothing-sarees", "clothing-shirts", "electronics", "electronics-phones"])
            const bySlug = new Map(data.map((category) => [category.slug, category]))
            expect(bySlug.get("clothing")).toMatchObject({ level: 0, parentId: null, productCount: 4, ancestors: [], description: "Things to wear" })
            expect(bySlug.get("clothing")!.children.map((child) => child.slug)).toEqual(["clothing-sarees", "clothing-shirts"])
            expect(bySlug.get("clothing-shirts")).toMatchObject({ level: 1, productCount: 2, children: [], ancestors: [{ slug: "clothing", name: "Clothing" }] })
            expect(bySlug.get("clothing-shirts")!.parentId).toBe(bySlug.get("clothing")!.id)
            expect(bySlug.get("electronics")!.productCount).toBe(1)
            const forShopB = yield* (yield* storefrontClient(FIXTURE_KEYS.shopB)).catalog.listCategories({ query: {} })
            expect(forShopB.data.map((category) => [category.slug, category.productCount])).toEqual([
              ["clothing", 1], ["clothing-sarees", 1], ["clothing-shirts", 0], ["electronics", 1], ["electronics-phones", 1]
            ])
          }))

        it.effect("rootOnly and parentId", () =>
          Effect.gen(function*() {
            const client = yield* storefrontClient(FIXTURE_KEYS.shopA)
            const roots = yield* client.catalog.listCategories({ query: { rootOnly: true } })
            expect(roots.data.map((category) => category.slug)).toEqual(["clothing", "electronics"])
            expect(roots.data[0]!.children).toHaveLength(2)
            const children = yield* client.catalog.listCategories({ query: { parentId: roots.data[0]!.id } })
            expect(children.data.map((category) => category.slug)).toEqual(["clothing-sarees", "clothing-shirts"])
            expectProblem(yield* rawRequest("GET", "/v1/store/categories?parentId=cat_nope", { headers: KEY }), 404, "category_not_found")
          }))

        it.effect("by slug, with ancestors; unknown slug is 404 category_not_found", () =>
          Effect.gen(function*() {
            const client = yield* storefrontClient(FIXTURE_KEYS.shopA)
            const phones = yield* client.catalog.getCategoryBySlug({ params: { slug: "electronics-phones" }, query: {} })
            expect(phones).toMatchObject({ name: "Phones", level: 1, productCount: 1, ancestors: [{ slug: "electronics" }] })
            expectProblem(yield* rawRequest("GET", "/v1/store/categories/by-slug/nope", { headers: KEY }), 404, "category_not_found")
          }))
      })

      describe("shipping methods", () => {
        it.effect("of the key's shops, or one of them; money in major units", () =>
          Effect.gen(function*() {
            const forA = yield* (yield* storefrontClient(FIXTURE_KEYS.shopA)).catalog.listShippingMethods({ query: {} })
            expect(forA.methods).toEqual([STANDARD_SHIPPING_A])
            const both = yield* storefrontClient(FIXTURE_KEYS.both)
            expect((yield* both.catalog.listShippingMethods({ query: {} })).methods.map((method) => method.id)).toEqual(["sm_a_standard", "sm_b_flat"])
            const onlyB = yield* both.catalog.listShippingMethods({ query: { shopId: ShopId.make("shop_b") } })
            expect(onlyB.methods).toMatchObject([{ id: "sm_b_flat", codSurchargeType: "fixed", codSurchargeValue: 20.5, zones: [{ baseRate: 99.99, baseWeightKg: null }] }])
          }))

        it.effect("a shop outside the key's scope is 404 shop_not_found", () =>
          Effect.gen(function*() {
            expectProblem(yield* rawRequest("GET", "/v1/store/shop/shipping-methods?shopId=shop_b", { headers: KEY }), 404, "shop_not_found")
            expectProblem(yield* rawRequest("GET", "/v1/store/shop/shipping-methods?shopId=nope", { headers: KEY }), 404, "shop_not_found")
          }))
      })

      describe("the HTTP edge", () => {
        it.effect("unknown route 404 and wrong method 405 with Allow, as problem+json", () =>
          Effect.gen(function*() {
            expectProblem(yield* rawRequest("GET", "/v1/store/nothing-here", { headers: KEY }), 404, "not_found")
            expectProblem(yield* rawRequest("GET", "/nothing"), 404, "not_found")
            const wrongMethod = yield* rawRequest("DELETE", "/v1/store/products", { headers: KEY })
            expectProblem(wrongMethod, 405, "method_not_allowed")
            expect(wrongMethod.headers["allow"]).toBe("GET")
            expectProblem(yield* rawRequest("POST", "/health", { headers: { "content-type": "application/json" }, body: "{}" }), 405, "method_not_allowed")
          }))

        it.effect("a body that is not JSON is 415, a body over the limit is 413", () =>
          Effect.gen(function*() {
            const textBody = yield* rawRequest("POST", "/v1/store/products", { headers: { ...KEY, "content-type": "text/plain" }, body: "hello" })
            expectProblem(textBody, 415, "unsupported_media_type")
            const huge = yield* rawRequest("POST", "/v1/store/products", {
              headers: { ...KEY, "content-type": "application/json" },
              body: JSON.stringify({ padding: "x".repeat(10_000) })
            })
            expectProblem(huge, 413, "payload_too_large")
          }))

        it.effect("a chunked body (no Content-Length) over the limit is 413 too", () =>
          Effect.gen(function*() {
            const client = yield* HttpClient.HttpClient
            const chunk = new TextEncoder().encode(`"${"x".repeat(1_000)}",`)
            const body = Stream.concat(
              Stream.make(new TextEncoder().encode(`{"items":[],"padding":[`)),
              Stream.concat(Stream.fromIterable(Array.from({ length: 200 }, () => chunk)), Stream.make(new TextEncoder().encode(`""]}`)))
            )
            const request = HttpClientRequest.post("/v1/store/cart", { headers: KEY }).pipe(
              HttpClientRequest.bodyStream(body, { contentType: "application/json" })
            )
            const response = yield* client.execute(request)
            expect(response.status).toBe(413)
            expect(yield* response.json).toMatchObject({ code: "payload_too_large", status: 413 })
          }))

        it.effect("x-request-id is echoed, or generated, on every response", () =>
          Effect.gen(function*() {
            const echoed = yield* rawRequest("GET", "/v1/store/products", { headers: { ...KEY, "x-request-id": "req-123" } })
            expect(echoed.headers["x-request-id"]).toBe("req-123")
            const generated = yield* rawRequest("GET", "/v1/store/nothing")
            expect(generated.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/)
            const error = yield* rawRequest("GET", "/v1/store/products?limit=0", { headers: { ...KEY, "x-request-id": "req-456" } })
            expect(error.headers["x-request-id"]).toBe("req-456")
          }))
      })
    }
  )
}
