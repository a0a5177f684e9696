/**
 * The in-memory catalog read model: a ProductSearch index over the loaded products, with the
 * reference data it was made over. Built from the CatalogSource at start, then kept in step
 * with the store by polling its change stream: changed products are re-applied to the index in
 * place; a change to reference data (categories, shops, keys, size guides, shipping methods)
 * rebuilds the whole state in the background and swaps it in. With a CatalogChangeFeed (shared
 * PostgreSQL) every committed change also triggers a refresh at once; the poll stays as the
 * fallback. Both run under the BackgroundLoops supervisor (restarted after any failure), and the
 * model knows how far behind the store it may be: the time since the start of its last
 * successful refresh. With a CatalogSnapshotStore (and an index that has snapshots) a start reads
 * the index from its snapshot (catalog-snapshots.ts).
 */
import { Clock, Context, Duration, Effect, Fiber, Layer, Option, Queue, Semaphore } from "effect"
import { CatalogChangeFeed } from "./catalog-change-feed.ts"
import { BackgroundLoops, makeBackgroundLoops } from "../shared/background-loops.ts"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"
import { CatalogSnapshotStore } from "./catalog-snapshot-store.ts"
import { makeSnapshots, type SnapshotSettings } from "./catalog-snapshots.ts"
import { CatalogSource } from "./catalog-source.ts"
import type { CatalogState } from "./catalog-state.ts"
import type { CatalogReferenceData, ChangeCursor, ProductPage } from "./catalog-snapshot.ts"
import { ProductSearch, type ProductSearchIndex } from "./product-search.ts"

/**
 * Products per page read from the source. Small pages keep each page's transient buffers small:
 * multi-megabyte buffers (2,000 products a page) left the C heap fragmented, ~120 MB more RSS
 * after loading 100k products, for no faster a load.
 */
const PRODUCT_PAGE_SIZE = 500
/** A build of the whole index logs its progress every this many products. */
const PROGRESS_EVERY_PRODUCTS = 100_000

/** The least time between two refreshes the change feed triggers (commits within it fold into one). */
const FEED_REFRESH_GAP = Duration.millis(50)

export class CatalogReadModel extends Context.Service<CatalogReadModel, {
  /** The current state; synchronous and consistent for the duration of a request. */
  readonly state: () => CatalogState
  /** Applies every change committed so far (the poller calls it; tests call it to avoid waiting). */
  readonly refresh: Effect.Effect<void, StoreUnavailable>
  /** How far behind the store the model may be: milliseconds since its last successful refresh began. */
  readonly lagMillis: Effect.Effect<number>
}>()("storefront/CatalogReadModel") {
  /** Builds the model (with the ProductSearch given) and follows changes every `pollInterval` until the scope closes. */
  static readonly layer = (options: {
    readonly pollInterval: Duration.Input
    /** Whether starts read and store snapshots (with a CatalogSnapshotStore), and of what size; absent: none. */
    readonly snapshots?: SnapshotSettings | undefined
  }) =>
    Layer.effect(CatalogReadModel, Effect.gen(function*() {
      const source = yield* CatalogSource
      const productSearch = yield* ProductSearch
      const snapshotStore = yield* Effect.serviceOption(CatalogSnapshotStore)
      // snapshots when asked for, kept somewhere, and offered by the index
      const snapshots = options.snapshots !== undefined && Option.isSome(snapshotStore) && productSearch.snapshots !== undefined
        ? makeSnapshots(snapshotStore.value, productSearch.snapshots, options.snapshots)
        : undefined

      /** Pages are read one ahead: the next page's query runs while this one is indexed. Returns the products applied. */
      const loadProductsInto = (search: ProductSearchIndex, since: ChangeCursor | null) =>
        Effect.gen(function*() {
          const pageAfter = (afterId: string | null) =>
            Effect.forkChild(source.loadProducts({ since, afterId, limit: PRODUCT_PAGE_SIZE }), { startImmediately: true })
          let next = yield* pageAfter(null)
          let applied = 0
          while (true) {
            const page: ProductPage = yield* Fiber.join(next)
            if (page.nextAfterId !== null) next = yield* pageAfter(page.nextAfterId)
            search.apply(page.products)
            const before = applied
            applied += page.products.length
            if (since === null && Math.floor(applied / PROGRESS_EVERY_PRODUCTS) > Math.floor(before / PROGRESS_EVERY_PRODUCTS)) {
              yield* Effect.logInfo("catalog index: building").pipe(Effect.annotateLogs({ products: applied }))
            }
            if (page.nextAfterId === null) break
          }
          // built here rather than by the next request
          search.settle()
          return applied
        })

      const stateOf = (search: ProductSearchIndex, reference: CatalogReferenceData): CatalogState => ({
        search,
        reference,
        publishableKeys: new Map(reference.publishableKeys.map((key) => [key.key, key]))
      })

      const searchReferenceOf = (reference: CatalogReferenceData) => ({ categories: reference.categories, sizeGuides: reference.sizeGuides })

      /** A new index over `reference` with every product. */
      const built = (reference: CatalogReferenceData) => Effect.gen(function*() {
        yield* Effect.logInfo("catalog index: building from the products")
        const search = productSearch.make(searchReferenceOf(reference))
        yield* loadProductsInto(search, null)
        return search
      })

      const buildState = Effect.gen(function*() {
        const reference = yield* source.loadReferenceData
        return stateOf(yield* built(reference), reference)
      })

      /**
       * The first state: from the snapshot when there is a usable one (then the changes since it),
       * else built. A built index that was stored is let go and the snapshot read back: every
       * instance then serves the same form, which holds less memory than the build left behind.
       */
      const startState = (cursor: ChangeCursor) => Effect.gen(function*() {
        if (snapshots === undefined) return yield* buildState
        const reference = yield* source.loadReferenceData
        const fromSnapshot = Effect.gen(function*() {
          const restored = yield* snapshots.restore(reference, searchReferenceOf(reference))
          if (Option.isNone(restored)) return Option.none()
          const { cursor: since, search } = restored.value
          return Option.some({ search, changed: yield* loadProductsInto(search, since) })
        })
        const fromRestored = Effect.gen(function*() {
          const restored = yield* fromSnapshot
          if (Option.isNone(restored)) return Option.none<CatalogState>()
          const { changed, search } = restored.value
          yield* snapshots.storeIfWorthIt({ search, reference, cursor, changedSinceSnapshot: changed })
          return Option.some(stateOf(search, reference))
        })
        const first = yield* fromRestored
        if (Option.isSome(first)) return first.value
        // none: one process builds it; those started with it wait and read what it stored
        return yield* snapshots.oneBuilder(Effect.gen(function*() {
          const stored = yield* fromRestored
          if (Option.isSome(stored)) return stored.value
          let builtIndex: ProductSearchIndex | undefined = yield* built(reference)
          if (!(yield* snapshots.storeIfWorthIt({ search: builtIndex, reference, cursor, changedSinceSnapshot: null }))) {
            return stateOf(builtIndex, reference)
          }
          builtIndex = undefined
          const readBack = yield* fromSnapshot
          return stateOf(Option.isSome(readBack) ? readBack.value.search : yield* built(reference), reference)
        }))
      })

      let confirmedAt = yield* Clock.currentTimeMillis
      let cursor = yield* source.currentCursor
      let current = yield* startState(cursor)
      yield* Effect.logInfo("catalog read model loaded").pipe(
        Effect.annotateLogs({ products: current.search.productCount })
      )

      const refresh = Effect.gen(function*() {
        const startedAt = yield* Clock.currentTimeMillis
        const next = yield* source.currentCursor
        if (yield* source.referenceChangedSince(cursor)) {
          current = yield* buildState
        } else {
          yield* loadProductsInto(current.search, cursor)
        }
        cursor = next
        confirmedAt = startedAt
      }).pipe(Effect.withSpan("CatalogReadModel.refresh"))

      // Serialise refreshes: the poller and explicit callers never interleave.
      const semaphore = yield* Semaphore.make(1)
      const serialisedRefresh = semaphore.withPermits(1)(refresh)

      const loops = Option.getOrElse(yield* Effect.serviceOption(BackgroundLoops), makeBackgroundLoops)
      yield* loops.supervise("catalog-poll", ({ healthy }) =>
        Effect.forever(serialisedRefresh.pipe(Effect.andThen(healthy), Effect.andThen(Effect.sleep(options.pollInterval)))))
      // While the feed is subscribed and caught up, every change reaches the model at once: no lag.
      let feedLive = false
      const feed = yield* Effect.serviceOption(CatalogChangeFeed)
      if (Option.isSome(feed)) {
        yield* loops.supervise("catalog-feed", ({ healthy }) =>
          Effect.scoped(Effect.gen(function*() {
            const changes = yield* feed.value.subscribe
            // changes made before the subscription: caught up by this first refresh
            yield* serialisedRefresh
            feedLive = true
            yield* healthy
            while (true) {
              yield* Queue.take(changes)
              yield* serialisedRefresh
              // at most one feed refresh per FEED_REFRESH_GAP: a burst of commits costs a few refreshes
              yield* Effect.sleep(FEED_REFRESH_GAP)
            }
          })).pipe(Effect.ensuring(Effect.sync(() => void (feedLive = false)))))
      }

      return CatalogReadModel.of({
        state: () => current,
        refresh: serialisedRefresh,
        lagMillis: Effect.map(Clock.currentTimeMillis, (now) => feedLive ? 0 : Math.max(0, now - confirmedAt))
      })
    }))
}
