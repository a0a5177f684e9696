/**
 * CATALOG_SHOPS through the real HTTP server: an instance serving only shop B answers for shop
 * B as an instance serving every shop does, and for shop A's key as a key of another shop
 * would (empty listings, 404 products and shops); a product leaving the served shops
 * disappears. On every test engine.
 */
import { describe, expect } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as ShopScopedCatalogSource from "../../application/catalog/shop-scoped-catalog-source.ts"
import { catalogFixture, FIXTURE_KEYS, VISIBLE_SLUGS } from "../support/catalog-fixture.ts"
import { seededPostgresStores } from "../support/seeded-stores.ts"
import { expectDecoded, serverSuites, storeClient } from "../support/store-http.ts"
import { type TestEngine, testEngines } from "../support/test-database.ts"
import { rawRequest } from "../support/test-server.ts"
import { ShopId } from "../../domain/shared/ids.ts"

interface Listing {
  readonly data: ReadonlyArray<{ readonly slug: string | null }>
  readonly total: number
}

const get = (path: string, key: string) => rawRequest("GET", path, { headers: { "x-publishable-api-key": key } })

/** The slugs of every product the key lists (through the typed client: 200, the declared listing shape). */
const listedSlugs = (key: string) =>
  Effect.gen(function*() {
    const client = yield* storeClient({ key })
    const listing = expectDecoded(yield* client.catalog.listProducts({ query: { limit: 100 }, responseMode: "decoded-and-response" }))
    expect(listing.total).toBe(listing.data.length)
    return listing.data.map((product) => product.slug).sort()
  })

/** The product by slug answers 200 with it (typed client). */
const expectProduct = (slug: string, key: string) =>
  Effect.gen(function*() {
    const client = yield* storeClient({ key })
    const product = expectDecoded(yield* client.catalog.getProductBySlug({ params: { slug }, query: {}, responseMode: "decoded-and-response" }))
    expect(product.slug).toBe(slug)
  })

const onlyShopB = (engine: TestEngine) =>
  ShopScopedCatalogSource.layer(new Set(["shop_b"])).pipe(Layer.provideMerge(seededPostgresStores(engine.layer, catalogFixture())))

serverSuites(testEngines().map((engine) => ({ name: engine.name, stores: onlyShopB(engine) })), "an instance serving only shop_b", (it) => {
  describe("CATALOG_SHOPS", () => {
    it.effect("answers shop B's key as an instance of every shop does", () =>
      Effect.gen(function*() {
        expect(yield* listedSlugs(FIXTURE_KEYS.shopB)).toEqual([...VISIBLE_SLUGS[FIXTURE_KEYS.shopB]!].sort())
        // a key of both shops sees shop B's products only
        expect(yield* listedSlugs(FIXTURE_KEYS.both)).toEqual([...VISIBLE_SLUGS[FIXTURE_KEYS.shopB]!].sort())
        yield* expectProduct("budget-phone", FIXTURE_KEYS.shopB)
        const client = yield* storeClient({ key: FIXTURE_KEYS.shopB })
        const methods = expectDecoded(
          yield* client.catalog.listShippingMethods({ query: { shopId: ShopId.make("shop_b") }, responseMode: "decoded-and-response" })
        )
        expect(methods.methods.length).toBeGreaterThan(0)
      }))

    it.effect("answers shop A's key as the key of another shop would: empty, 404", () =>
      Effect.gen(function*() {
        expect(yield* listedSlugs(FIXTURE_KEYS.shopA)).toEqual([])
        // in shop A only, and in both shops: neither is shop A's here
        expect((yield* get("/v1/store/products/by-slug/classic-cotton-shirt", FIXTURE_KEYS.shopA)).status).toBe(404)
        expect((yield* get("/v1/store/products/by-slug/silk-saree-deluxe", FIXTURE_KEYS.shopA)).status).toBe(404)
        expect((yield* get("/v1/store/products/by-slug/classic-cotton-shirt", FIXTURE_KEYS.both)).status).toBe(404)
        const methods = yield* get("/v1/store/shop/shipping-methods?shopId=shop_a", FIXTURE_KEYS.shopA)
        expect(methods.status).toBe(404)
      }))

    it.effect("a product that leaves the served shops disappears once the read model sees the change", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        expect(yield* listedSlugs(FIXTURE_KEYS.shopB)).toContain("budget-phone")
        yield* sql`
          DELETE FROM product_shops
          WHERE shop_id = 'shop_b' AND product_id = (SELECT id FROM products WHERE slug = 'budget-phone')`
        // the read model polls every 100 ms: wait for the change (at most 5 s)
        let listed = yield* listedSlugs(FIXTURE_KEYS.shopB)
        for (let poll = 0; poll < 50 && listed.includes("budget-phone"); poll++) {
          yield* Effect.sleep("100 millis")
          listed = yield* listedSlugs(FIXTURE_KEYS.shopB)
        }
        expect(listed).not.toContain("budget-phone")
        expect((yield* get("/v1/store/products/by-slug/budget-phone", FIXTURE_KEYS.shopB)).status).toBe(404)
      }))
  })
})
