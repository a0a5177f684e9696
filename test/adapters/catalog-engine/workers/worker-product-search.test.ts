/**
 * The worker-backed ProductSearch answers listings from worker threads with the listing the
 * engine gives in process, from the generation the index published when it settled: a change is
 * seen once settled (until then the listing is answered in process), a search that finds nothing
 * is answered by a worker too, and a crashed worker is restarted by the supervisor (its health in
 * the loops' report) while its queries are answered in process.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Logger } from "effect"
import { ProductSearch, type ProductSearchIndex } from "../../../../application/catalog/product-search.ts"
import { BackgroundLoops } from "../../../../application/shared/background-loops.ts"
import { EngineSearchIndex } from "../../../../adapters/catalog-engine/engine-product-search.ts"
import { ListingWorkerPool } from "../../../../adapters/catalog-engine/workers/listing-worker-pool.ts"
import * as WorkerProductSearch from "../../../../adapters/catalog-engine/workers/worker-product-search.ts"
import { productJsonDocuments } from "../../../../adapters/http/representation/product-document.ts"
import type { CatalogProduct } from "../../../../domain/catalog/catalog-product.ts"
import type { ProductQuery } from "../../../../domain/catalog/product-query.ts"
import { makeProduct, shops } from "../../../support/catalog-fixtures.ts"
import { CRASH_TERM } from "./crash-term.ts"

const products = Array.from({ length: 40 }, (_, index) =>
  makeProduct(`prod_${index}`, { name: `Item ${index} ${index % 3 === 0 ? "Crème" : "Plain"}`, tags: [index % 2 === 0 ? "even" : "odd"] }))
const brandNew = makeProduct("prod_new", { name: "Brand new Crème", tags: ["odd"] })

const REFERENCE = { categories: [], sizeGuides: [] }
const SHOPS = shops("shop_a")

const QUERIES: ReadonlyArray<ProductQuery> = [
  { page: 1, limit: 10, includeFacets: true },
  { page: 2, limit: 7, includeFacets: true, search: "crème", sortBy: "name" },
  { page: 1, limit: 5, includeFacets: false, tags: ["odd"], sortBy: "price", sortOrder: "desc" },
  { page: 1, limit: 10, includeFacets: true, search: "brand new" }
]

/** The listing the engine gives in process over `catalog`. */
const inProcessAnswer = (catalog: ReadonlyArray<CatalogProduct>, query: ProductQuery) => {
  const engine = new EngineSearchIndex(REFERENCE, { format: productJsonDocuments })
  engine.apply(catalog)
  return engine.index.list(query, SHOPS)
}

/** The worker-backed search with two workers; its log lines (level and message) go to `lines`. */
const searchLayer = (workerScript?: URL, lines: Array<string> = []) =>
  WorkerProductSearch.layer({ workers: 2, workerScript, engine: { format: productJsonDocuments } }).pipe(
    Layer.provideMerge(BackgroundLoops.layer),
    Layer.provide(Logger.layer([Logger.make(({ logLevel, message }) => {
      lines.push(`${logLevel} ${Array.isArray(message) ? message.join(" ") : String(message)}`)
    })]))
  )

const waitUntil = <A, R>(check: Effect.Effect<A | undefined, never, R>) =>
  Effect.gen(function*() {
    for (let attempt = 0; attempt < 400; attempt++) {
      const found = yield* check
      if (found !== undefined) return found
      yield* Effect.sleep("25 millis")
    }
    return yield* Effect.die("timed out")
  })

const allUp = Effect.flatMap(BackgroundLoops, (loops) =>
  Effect.map(loops.health, (health) => {
    const workers = Object.entries(health).filter(([name]) => name.startsWith("catalog-worker-"))
    return workers.length === 2 && workers.every(([, loop]) => loop.status === "ok") ? health : undefined
  }))

/** An index over the 40 products, settled (so published), once every worker is up. */
const settledWhenUp = Effect.gen(function*() {
  const index: ProductSearchIndex = (yield* ProductSearch).make(REFERENCE)
  index.apply(products)
  index.settle()
  yield* waitUntil(allUp)
  return index
})

const counts = Effect.flatMap(ListingWorkerPool, (pool) => pool.counts)

describe("worker-backed ProductSearch", () => {
  it.live("answers from the published generation with the in-process listing, and sees a change once settled", () =>
    Effect.gen(function*() {
      const index = yield* settledWhenUp
      for (const query of QUERIES) expect(yield* index.list(query, SHOPS)).toEqual(inProcessAnswer(products, query))
      expect(yield* counts).toEqual({ byWorkers: QUERIES.length, inProcess: 0 })

      index.apply([brandNew])
      // the index is ahead of the published generation: answered in process, never older
      const found = yield* index.list(QUERIES[3]!, SHOPS)
      expect(found.documents.join()).toContain("Brand new Crème")
      expect((yield* counts).inProcess).toBe(1)
      index.settle()
      for (const query of QUERIES) expect(yield* index.list(query, SHOPS)).toEqual(inProcessAnswer([...products, brandNew], query))
      expect(yield* counts).toEqual({ byWorkers: 2 * QUERIES.length, inProcess: 1 })
    }).pipe(Effect.provide(searchLayer())))

  it.live("a search that finds nothing is answered by a worker (its correction is the service's)", () =>
    Effect.gen(function*() {
      const index = yield* settledWhenUp
      const nothing: ProductQuery = { page: 1, limit: 10, includeFacets: false, search: "nothing-matches-this" }
      expect(yield* index.list(nothing, SHOPS)).toEqual({ total: 0, documents: [], facets: undefined })
      expect(yield* counts).toEqual({ byWorkers: 1, inProcess: 0 })
    }).pipe(Effect.provide(searchLayer())))

  const crashLog: Array<string> = []
  it.live("a crashed worker is restarted and healthy again, logged once; its query is answered in process", () =>
    Effect.gen(function*() {
      const index = yield* settledWhenUp
      const crash: ProductQuery = { page: 1, limit: 10, includeFacets: false, search: CRASH_TERM }
      expect(yield* index.list(crash, SHOPS)).toEqual(inProcessAnswer(products, crash))
      expect((yield* counts).inProcess).toBe(1)
      const health = yield* waitUntil(Effect.flatMap(allUp, (up) =>
        Effect.succeed(up !== undefined && Object.values(up).some((loop) => loop.restarts > 0) ? up : undefined)))
      const restarted = Object.values(health).filter((loop) => loop.restarts > 0)
      expect(restarted).toHaveLength(1)
      for (const query of QUERIES.slice(0, 3)) expect(yield* index.list(query, SHOPS)).toEqual(inProcessAnswer(products, query))
      expect((yield* counts).inProcess).toBe(1)
      const warnings = crashLog.filter((line) => line.startsWith("Warn"))
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatch(/^Warn background loop catalog-worker-\d failed; restarting/)
      expect(crashLog.filter((line) => /catalog-worker-\d recovered/.test(line))).toHaveLength(1)
    }).pipe(Effect.provide(searchLayer(new URL("./crashing-listing-worker.ts", import.meta.url), crashLog))))
})
