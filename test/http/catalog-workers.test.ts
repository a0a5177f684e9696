/**
 * CATALOG_WORKERS through the real HTTP server, on every test engine: with the read model over the
 * worker-backed ProductSearch (two listing workers), GET /products answers with the bytes an
 * in-process read model over the same store renders, the workers are up in /ready, and a catalog
 * change (an import) is seen through the workers once the read model has it, the answers still
 * equal to the in-process ones.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Layer, Result, Schedule } from "effect"
import { ListingWorkerPool } from "../../adapters/catalog-engine/workers/listing-worker-pool.ts"
import * as WorkerProductSearch from "../../adapters/catalog-engine/workers/worker-product-search.ts"
import { productJsonDocuments } from "../../adapters/http/representation/product-document.ts"
import { toListingRequest } from "../../adapters/http/handlers/product-listing-request.ts"
import { listingJson } from "../../adapters/http/representation/listing-body.ts"
import { importCatalog } from "../../application/catalog-import/import-catalog.ts"
import { CatalogReadModel } from "../../application/catalog/catalog-read-model.ts"
import { listProducts } from "../../application/catalog/product-listing.ts"
import { catalogReadModel } from "../../config/catalog-read-model.ts"
import { shops } from "../support/catalog-fixtures.ts"
import { buyingFixture, renamedShirt } from "../support/buying-fixture.ts"
import { BOTH_SHOPS_KEY, buyingTestEngines, SHOP_A_KEY } from "../support/cart-http.ts"
import { rawRequest, testServer } from "../support/test-server.ts"
import { rawGet } from "../support/raw-bytes.ts"

type ListingQuery = Parameters<typeof toListingRequest>[0]

/** Listing queries as the handler decodes them, each also written as a URL below. */
const QUERIES: ReadonlyArray<ListingQuery> = [
  { includeFacets: true, limit: 50 },
  { search: "shirt", includeFacets: true },
  { search: "lamp", sortBy: "price", sortOrder: "desc" },
  { categorySlug: "clothing", sortBy: "name", limit: 2, page: 2, includeFacets: true },
  { tags: "summer,sale", inStock: true, includeFacets: true },
  { minPrice: 5, maxPrice: 500, sortBy: "newest", includeFacets: true }
]

const pathOf = (query: ListingQuery): string =>
  `/v1/store/products?${new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]))}`

const KEYS = [{ key: SHOP_A_KEY, shopIds: shops("shop_a") }, { key: BOTH_SHOPS_KEY, shopIds: shops("shop_a", "shop_b") }]

/** Every query's body through HTTP (the workers) equals the in-process read model's rendering of it. */
const expectWorkerAnswersEqualInProcess = Effect.gen(function*() {
  const inProcess = yield* CatalogReadModel
  yield* inProcess.refresh
  for (const { key, shopIds } of KEYS) {
    for (const query of QUERIES) {
      const request = toListingRequest(query)
      if (Result.isFailure(request)) throw new Error(`invalid query ${JSON.stringify(query)}`)
      const expected = listingJson(yield* listProducts(inProcess, request.success, shopIds))
      const response = yield* rawGet(pathOf(query), { "x-publishable-api-key": key })
      expect(response.status, pathOf(query)).toBe(200)
      expect(response.body.toString("utf8"), `${key} ${pathOf(query)}`).toBe(expected)
    }
  }
})

for (const engine of buyingTestEngines()) {
  // the worker-backed search (the server's read model is built over it) and, apart from it, an in-process read model to compare with
  const stores = Layer.mergeAll(
    WorkerProductSearch.layer({ workers: 2, engine: { format: productJsonDocuments } }),
    catalogReadModel({ pollInterval: "100 millis" })
  ).pipe(Layer.provideMerge(engine.stores))

  layer(testServer(stores, undefined, { productSearch: "from-stores" }), { excludeTestServices: true })(`CATALOG_WORKERS=2 (${engine.name})`, (it) => {
    describe("listings from worker threads", () => {
      it.effect("answer with the in-process bytes, the workers up in /ready", () =>
        Effect.gen(function*() {
          const ready = yield* rawRequest("GET", "/ready").pipe(
            Effect.repeat({
              schedule: Schedule.spaced("50 millis"),
              until: (response) => {
                const loops = (response.body as { loops?: Record<string, { status: string }> }).loops ?? {}
                return loops["catalog-worker-1"]?.status === "ok" && loops["catalog-worker-2"]?.status === "ok"
              },
              times: 200
            })
          )
          expect(ready.status).toBe(200)
          const pool = yield* ListingWorkerPool
          const before = yield* pool.counts
          yield* expectWorkerAnswersEqualInProcess
          const after = yield* pool.counts
          expect(after.byWorkers - before.byWorkers).toBeGreaterThanOrEqual(QUERIES.length * KEYS.length - 2)
        }))

      it.effect("see an import once the read model has it, still equal to the in-process answers", () =>
        Effect.gen(function*() {
          const path = pathOf({ search: "renamed", includeFacets: true })
          yield* Effect.orDie(importCatalog(renamedShirt("Classic Cotton Shirt, Renamed")))
          const changed = yield* rawGet(path, { "x-publishable-api-key": SHOP_A_KEY }).pipe(
            Effect.repeat({
              schedule: Schedule.spaced("50 millis"),
              until: (response) => response.body.toString("utf8").includes("Classic Cotton Shirt, Renamed"),
              times: 200
            })
          )
          expect(JSON.parse(changed.body.toString("utf8"))).toMatchObject({ total: 1 })
          const pool = yield* ListingWorkerPool
          const before = yield* pool.counts
          yield* expectWorkerAnswersEqualInProcess
          expect((yield* pool.counts).byWorkers).toBeGreaterThan(before.byWorkers)
          yield* Effect.orDie(importCatalog(buyingFixture()))
        }))
    })
  })
}
