/**
 * How the service fails: unexpected defects answer 500 without internals; an unreachable store
 * answers 503 with Retry-After (and /ready says so) and the service answers again once the store
 * is back. Runs on the in-memory adapters, whose health switch simulates the outage.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Layer, Ref } from "effect"
import { HttpRouter } from "effect/http"
import * as MemoryCatalogStore from "../../adapters/memory/memory-catalog-store.ts"
import * as MemoryStoreHealth from "../../adapters/memory/memory-store-health.ts"
import * as CryptoIdGenerator from "../../adapters/security/crypto-id-generator.ts"
import { importCatalog } from "../../application/catalog-import/import-catalog.ts"
import { CatalogSource } from "../../application/catalog/catalog-source.ts"
import { StoreUnavailable } from "../../application/shared/store-unavailable.ts"
import { catalogFixture, FIXTURE_KEYS } from "../support/catalog-fixture.ts"
import { rawRequest, testServer } from "../support/test-server.ts"
import { eventually } from "../support/eventually.ts"

const storeAvailable = Ref.makeUnsafe(true)

/** The catalog source fails like the store while the switch is off (the read model's poll then fails). */
const switchedCatalogSource = Layer.effect(CatalogSource, Effect.gen(function*() {
  const inner = yield* CatalogSource
  const guard = <A>(effect: Effect.Effect<A, StoreUnavailable>) =>
    Effect.flatMap(Ref.get(storeAvailable), (up) => up ? effect : Effect.fail(new StoreUnavailable({ reason: "ConnectionError" })))
  return CatalogSource.of({
    currentCursor: guard(inner.currentCursor),
    loadReferenceData: guard(inner.loadReferenceData),
    referenceChangedSince: (cursor) => guard(inner.referenceChangedSince(cursor)),
    loadProducts: (options) => guard(inner.loadProducts(options))
  })
}))

const memoryStores = switchedCatalogSource.pipe(
  Layer.provideMerge(Layer.effectDiscard(Effect.orDie(importCatalog(catalogFixture())))),
  Layer.provideMerge(Layer.mergeAll(MemoryCatalogStore.layer, MemoryStoreHealth.layerTest(storeAvailable))),
  Layer.provide(CryptoIdGenerator.layer)
)

const failingRoutes = Layer.mergeAll(
  HttpRouter.add("GET", "/test/defect", Effect.die(new Error("password=hunter2 at db.internal:5432"))),
  HttpRouter.add("GET", "/test/store-down", Effect.fail(new StoreUnavailable({ reason: "ConnectionError" })))
)

layer(testServer(memoryStores, failingRoutes), { excludeTestServices: true })("failure responses (memory adapters)", (it) => {
  describe("500", () => {
    it.effect("an unexpected defect is 500 internal_error with no internals in the body", () =>
      Effect.gen(function*() {
        const response = yield* rawRequest("GET", "/test/defect")
        expect(response.status).toBe(500)
        expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/)
        expect(response.body).toMatchObject({ status: 500, code: "internal_error", type: "urn:storefront:error:internal_error" })
        expect(response.text).not.toMatch(/hunter2|db\.internal|Error:|at /)
      }))
  })

  describe("503", () => {
    it.effect("a store outage is 503 service_unavailable with Retry-After", () =>
      Effect.gen(function*() {
        const response = yield* rawRequest("GET", "/test/store-down")
        expect(response.status).toBe(503)
        expect(response.body).toMatchObject({ status: 503, code: "service_unavailable" })
        expect(Number(response.headers["retry-after"])).toBeGreaterThan(0)
        expect(response.text).not.toContain("ConnectionError")
      }))

    it.effect("/ready follows the store and reports the catalog's lag and each loop's health; the catalog keeps answering from memory meanwhile", () =>
      Effect.gen(function*() {
        const up = yield* rawRequest("GET", "/ready")
        expect(up.status).toBe(200)
        expect(up.body).toMatchObject({ status: "ready", catalog: { lagMs: expect.any(Number) }, loops: { "catalog-poll": { status: "ok" } } })
        yield* Ref.set(storeAvailable, false)
        // a few polls of the read model fail meanwhile, and its lag grows
        const down = yield* eventually(Effect.map(rawRequest("GET", "/ready"), (down) => {
          expect(down.status).toBe(503)
          expect(down.body).toMatchObject({ code: "service_unavailable", loops: { "catalog-poll": { status: "failing" } } })
          expect((down.body as { catalog: { lagMs: number } }).catalog.lagMs).toBeGreaterThanOrEqual(300)
          return down
        }))
        expect(Number(down.headers["retry-after"])).toBeGreaterThan(0)
        expect((yield* rawRequest("GET", "/health")).status).toBe(200)
        const listing = yield* rawRequest("GET", "/v1/store/products", { headers: { "x-publishable-api-key": FIXTURE_KEYS.shopA } })
        expect(listing.status).toBe(200)
        yield* Ref.set(storeAvailable, true)
        // the poll is restarted within its backoff
        yield* eventually(Effect.map(rawRequest("GET", "/ready"), (back) => {
          expect(back.status).toBe(200)
          expect(back.body).toMatchObject({ loops: { "catalog-poll": { status: "ok", restarts: expect.any(Number) } } })
        }))
      }))
  })

  describe("the memory adapters serve the same API", () => {
    it.effect("listing over the in-memory catalog store", () =>
      Effect.gen(function*() {
        const response = yield* rawRequest("GET", "/v1/store/products?limit=100", { headers: { "x-publishable-api-key": FIXTURE_KEYS.both } })
        expect((response.body as { total: number }).total).toBe(6)
      }))
  })
})
