/**
 * The read model's snapshots: at start, the index is read from the newest snapshot made over the
 * same reference data by the same kind of index (then only the products changed since its cursor
 * are loaded), else built from every product. A start that built the index, or that found more
 * than a tenth of the catalog changed since the snapshot, stores a new one before the instance is
 * ready, once the catalog holds `minProducts` products. The import stores one in a job of its
 * own (config/catalog-snapshot-main.ts), so a start after an import reads bytes too; a start
 * that finds none builds as the one builder among the processes sharing the store, and those
 * started with it wait for its snapshot (`oneBuilder`). A snapshot that cannot be read or stored
 * is logged and the start goes on without it.
 */
import { Cause, Effect, Fiber, Option } from "effect"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"
import type { CatalogReferenceData, ChangeCursor } from "./catalog-snapshot.ts"
import { CatalogSnapshotStore, type StoredSnapshot } from "./catalog-snapshot-store.ts"
import type { ProductSearchIndex, ProductSearchSnapshots, SearchReference } from "./product-search.ts"

export interface SnapshotSettings {
  /** Smallest catalog a start stores a snapshot of (smaller ones build quickly). */
  readonly minProducts: number
  /**
   * A snapshot read back is stored again when the products changed since it exceed this share of
   * the catalog (default a tenth; the snapshot job's 0: whenever any changed).
   */
  readonly staleShare?: number | undefined
}

const STALE_SHARE = 0.1
/** How often a start waiting for another builder says so. */
const WAITING_REPORT_MILLIS = 10_000

/** What a snapshot must have been made over to be read: the index's reference data and the shops served. */
export const referenceKey = (reference: CatalogReferenceData): string =>
  JSON.stringify({
    categories: reference.categories,
    sizeGuides: reference.sizeGuides,
    shops: reference.shops.map((shop) => shop.id).sort()
  })

export interface Snapshots {
  /** The index of the newest usable snapshot, with the cursor it covers; none when there is none or it cannot be read. */
  readonly restore: (
    reference: CatalogReferenceData,
    searchReference: SearchReference
  ) => Effect.Effect<Option.Option<{ readonly search: ProductSearchIndex; readonly cursor: ChangeCursor }>, StoreUnavailable>
  /** Stores a snapshot of `search` (covering `cursor`) when it is worth it; whether one was stored. */
  readonly storeIfWorthIt: (options: {
    readonly search: ProductSearchIndex
    readonly reference: CatalogReferenceData
    readonly cursor: ChangeCursor
    /** Products changed since the snapshot read at start; null when the index was built. */
    readonly changedSinceSnapshot: number | null
  }) => Effect.Effect<boolean>
  /** Runs `build` as the one builder among the processes sharing the store (the others wait, logging it). */
  readonly oneBuilder: <A, E, R>(build: Effect.Effect<A, E, R>) => Effect.Effect<A, E | StoreUnavailable, R>
}

const readPieces = (store: CatalogSnapshotStore["Service"], stored: StoredSnapshot, push: (piece: Uint8Array) => void) =>
  Effect.gen(function*() {
    const pieceAt = (index: number) => Effect.forkChild(store.piece(stored.id, index), { startImmediately: true })
    // the next piece is read while this one is decoded
    let next = yield* pieceAt(0)
    for (let index = 0; index < stored.pieces; index++) {
      const piece = yield* Fiber.join(next)
      if (index + 1 < stored.pieces) next = yield* pieceAt(index + 1)
      if (Option.isNone(piece)) return false
      push(piece.value)
    }
    return true
  })

export const makeSnapshots = (
  store: CatalogSnapshotStore["Service"],
  snapshots: ProductSearchSnapshots,
  settings: SnapshotSettings
): Snapshots => ({
  oneBuilder: (build) => {
    let reported = 0
    return store.oneBuilder(build, (waitedMillis) => {
      if (waitedMillis < reported) return Effect.void
      reported = waitedMillis + WAITING_REPORT_MILLIS
      return Effect.logInfo("catalog index: waiting for the process building it").pipe(
        Effect.annotateLogs({ waitedSeconds: Math.round(waitedMillis / 1000) })
      )
    })
  },
  restore: (reference, searchReference) =>
    Effect.gen(function*() {
      const latest = yield* store.latest(snapshots.format)
      if (Option.isNone(latest) || latest.value.referenceKey !== referenceKey(reference)) return Option.none()
      const stored = latest.value
      const reader = snapshots.read(searchReference)
      const complete = yield* readPieces(store, stored, (piece) => reader.push(piece))
      if (!complete) {
        yield* Effect.logWarning("catalog snapshot replaced while it was read; building the catalog from its products")
        return Option.none()
      }
      const search = reader.finish()
      yield* Effect.logInfo("catalog read from its snapshot").pipe(
        Effect.annotateLogs({ snapshot: stored.id, products: stored.products, bytes: stored.bytes })
      )
      return Option.some({ search, cursor: stored.cursor })
    }).pipe(
      // a snapshot that does not decode (a defect in it, not in the store): built from the products instead
      Effect.catchDefect((defect) =>
        Effect.as(Effect.logWarning("catalog snapshot unreadable; building the catalog from its products", defect), Option.none())),
      Effect.withSpan("CatalogSnapshots.restore")
    ),

  storeIfWorthIt: ({ search, reference, cursor, changedSinceSnapshot }) =>
    Effect.gen(function*() {
      const products = search.productCount
      if (products < settings.minProducts) return false
      if (changedSinceSnapshot !== null && changedSinceSnapshot <= products * (settings.staleShare ?? STALE_SHARE)) return false
      const parts = snapshots.write(search)
      const saved = yield* store.save({ format: snapshots.format, referenceKey: referenceKey(reference), cursor, products }, parts)
      yield* saved
        ? Effect.logInfo("catalog snapshot stored").pipe(Effect.annotateLogs({ products }))
        : Effect.logInfo("catalog snapshot not stored: another instance is storing one")
      return saved
    }).pipe(
      // an interrupted start (shutdown) stays interrupted
      Effect.catchCause((cause) =>
        Cause.hasInterruptsOnly(cause) ? Effect.interrupt : Effect.as(Effect.logWarning("catalog snapshot not stored", cause), false)),
      Effect.withSpan("CatalogSnapshots.store")
    )
})
