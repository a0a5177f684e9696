/**
 * The listing worker pool answers listings from worker threads with the bytes the in-process
 * path renders, from the generation the read model published: a change is seen once published
 * (until then the listing is answered in process), and a crashed worker is restarted by the
 * supervisor (its health in the loops' report) while its queries are answered in process.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Logger } from "effect"
import { CatalogPublisher } from "../../../application/catalog/catalog-publisher.ts"
import type { CatalogState } from "../../../application/catalog/catalog-state.ts"
import { listingOf, productQueryOf, type ProductListingRequest } from "../../../application/catalog/product-listing.ts"
import { BackgroundLoops } from "../../../application/shared/background-loops.ts"
import { ListingWorkerPool } from "../../../adapters/catalog-workers/listing-worker-pool.ts"
import { listingJson } from "../../../adapters/http/representation/listing-body.ts"
import { EngineSearchIndex } from "../../../adapters/catalog-engine/engine-product-search.ts"
import { productJsonDocuments } from "../../../adapters/http/representation/product-document.ts"
import { makeProduct } from "../../domain/catalog/catalog-fixtures.ts"
import { CRASH_TERM } from "./crash-term.ts"

const products = Array.from({ length: 40 }, (_, index) =>
  makeProduct(`prod_${index}`, { name: `Item ${index} ${index % 3 === 0 ? "Crème" : "Plain"}`, tags: [index % 2 === 0 ? "even" : "odd"] }))

const stateOf = (): CatalogState => {
  const search = new EngineSearchIndex({ categories: [], sizeGuides: [] }, { format: productJsonDocuments })
  search.apply(products)
  return {
    search,
    reference: { shops: [], publishableKeys: [], categories: [], sizeGuides: [], shippingMethods: [] },
    publishableKeys: new Map()
  }
}

const REQUESTS: ReadonlyArray<ProductListingRequest> = [
  { page: 1, limit: 10, includeFacets: true },
  { page: 2, limit: 7, includeFacets: true, search: "crème", sortBy: "name" },
  { page: 1, limit: 5, includeFacets: false, tags: ["odd"], sortBy: "price", sortOrder: "desc" }
]

const engineOf = (state: CatalogState) => (state.search as EngineSearchIndex).index

const expectedBody = (state: CatalogState, request: ProductListingRequest): string =>
  listingJson(listingOf(request, engineOf(state).list(productQueryOf(state.search, request), ["shop_a"])))

const text = (body: Uint8Array): string => new TextDecoder().decode(body)

/** A listing through the pool; counts the queries answered in process. */
const listing = (state: CatalogState, request: ProductListingRequest, counter: { inProcess: number }) =>
  Effect.flatMap(ListingWorkerPool, (pool) =>
    pool.listingBody(() => state, request, ["shop_a"], Effect.sync(() => {
      counter.inProcess++
      return new TextEncoder().encode(expectedBody(state, request))
    })))

/** The pool of two workers; its log lines (level and message) go to `lines`. */
const poolLayer = (workerScript?: URL, lines: Array<string> = []) =>
  ListingWorkerPool.layer({ workers: 2, workerScript }).pipe(
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

/** `state` published, once every worker is up. */
const publishedWhenUp = (state: CatalogState) =>
  Effect.gen(function*() {
    yield* (yield* CatalogPublisher).publish(state)
    yield* waitUntil(allUp)
  })

describe("listing worker pool", () => {
  it.live("answers from the published generation with the in-process bytes, and sees a change once it is published", () =>
    Effect.gen(function*() {
      const state = stateOf()
      const counter = { inProcess: 0 }
      const publisher = yield* CatalogPublisher
      yield* publisher.publish(state)
      yield* waitUntil(allUp)
      for (const request of REQUESTS) expect(text(yield* listing(state, request, counter))).toBe(expectedBody(state, request))
      expect(counter.inProcess).toBe(0)

      state.search.apply([makeProduct("prod_new", { name: "Brand new Crème", tags: ["odd"] })])
      // the read model is ahead of the published generation: answered in process, never older
      const brandNew: ProductListingRequest = { page: 1, limit: 10, includeFacets: true, search: "brand new" }
      expect(text(yield* listing(state, brandNew, counter))).toContain("Brand new Crème")
      expect(counter.inProcess).toBe(1)
      yield* publisher.publish(state)
      for (const request of [...REQUESTS, brandNew]) {
        expect(text(yield* listing(state, request, counter))).toBe(expectedBody(state, request))
      }
      expect(counter.inProcess).toBe(1)
    }).pipe(Effect.provide(poolLayer())))

  it.live("a search that finds nothing is answered in process (its correction needs the suggestion index)", () =>
    Effect.gen(function*() {
      const state = stateOf()
      const counter = { inProcess: 0 }
      yield* publishedWhenUp(state)
      yield* listing(state, { page: 1, limit: 10, includeFacets: false, search: "nothing-matches-this" }, counter)
      expect(counter.inProcess).toBe(1)
    }).pipe(Effect.provide(poolLayer())))

  const crashLog: Array<string> = []
  it.live("a crashed worker is restarted and healthy again, logged once; its query is answered in process", () =>
    Effect.gen(function*() {
      const state = stateOf()
      const counter = { inProcess: 0 }
      yield* publishedWhenUp(state)
      const crash: ProductListingRequest = { page: 1, limit: 10, includeFacets: false, search: CRASH_TERM }
      expect(text(yield* listing(state, crash, counter))).toBe(expectedBody(state, crash))
      expect(counter.inProcess).toBe(1)
      const health = yield* waitUntil(Effect.flatMap(allUp, (up) =>
        Effect.succeed(up !== undefined && Object.values(up).some((loop) => loop.restarts > 0) ? up : undefined)))
      const restarted = Object.values(health).filter((loop) => loop.restarts > 0)
      expect(restarted).toHaveLength(1)
      for (const request of REQUESTS) expect(text(yield* listing(state, request, counter))).toBe(expectedBody(state, request))
      expect(counter.inProcess).toBe(1)
      const warnings = crashLog.filter((line) => line.startsWith("Warn"))
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatch(/^Warn background loop catalog-worker-\d failed; restarting/)
      expect(crashLog.filter((line) => /catalog-worker-\d recovered/.test(line))).toHaveLength(1)
    }).pipe(Effect.provide(poolLayer(new URL("./crashing-listing-worker.ts", import.meta.url), crashLog))))
})
