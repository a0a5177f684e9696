/**
 * CATALOG_SHOPS through the real HTTP server: an instance serving only shop B answers for shop
 * B as an instance serving every shop does, and for shop A's key as a key of another shop
 * would (empty listings, 404 products and shops); a product leaving the served shops
 * disappears. On every test engine.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { shopScopedCatalogSource } from "../../application/catalog/shop-scoped-catalog-source.ts"
import { catalogFixture, FIXTURE_KEYS, VISIBLE_SLUGS } from "../support/catalog-fixture.ts"
import { seededPostgresStores } from "../support/seeded-stores.ts"
import { testEngines } from "../support/test-database.ts"
import { rawRequest, testServer } from "../support/test-server.ts"

interface Listing {
  readonly data: ReadonlyArray<{ readonly slug: string | null }>
  readonly total: number
}

const get = (path: string, key: string) => rawRequest("GET", path, { headers: { "x-publishable-api-key": key } })

const listedSlugs = (key: string) =>
  Effect.map(get("/v1/store/products?limit=100", key), (response) => {
    expect(response.status).toBe(200)
    const listing = response.body as Listing
    expect(listing.total).toBe(listing.data.length)
    return listing.data.map((product) => product.slug).sort()
  })

for (const engine of testEngines()) {
  const seeded = seededPostgresStores(engine.layer, catalogFixture())
  const server = testServer(shopScopedCatalogSource(new Set(["shop_b"])).pipe(Layer.provideMerge(seeded)))

  layer(server, { excludeTestServices: true })(`an instance serving only shop_b (${engine.name})`, (it) => {
    describe("CATALOG_SHOPS", () => {
      it.effect("answers shop B's key as an instance of every shop does", () =>
        Effect.gen(function*() {
          expect(yield* listedSlugs(FIXTURE_KEYS.shopB)).toEqual([...VISIBLE_SLUGS[FIXTURE_KEYS.shopB]!].sort())
          // a key of both shops sees shop B's products only
          expect(yield* listedSlugs(FIXTURE_KEYS.both)).toEqual([...VISIBLE_SLUGS[FIXTURE_KEYS.shopB]!].sort())
          expect((yield* get("/v1/store/products/by-slug/budget-phone", FIXTURE_KEYS.shopB)).status).toBe(200)
          expect((yield* get("/v1/store/shop/shipping-methods?shopId=shop_b", FIXTURE_KEYS.shopB)).status).toBe(200)
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
}
