/**
 * Port: where the catalog read model keeps its index as bytes (a ProductSearch snapshot), so
 * that a start reads them instead of building the index from every product. A snapshot is
 * stored in pieces, with what it was made over: the form of its bytes (`format`), the reference
 * data (`referenceKey`) and the change cursor it covers; at most one is written at a time.
 * Adapters: adapters/postgres/postgres-catalog-snapshot-store.ts, adapters/memory/memory-catalog-snapshot-store.ts.
 */
import { Context, type Effect, type Option } from "effect"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"
import type { ChangeCursor } from "./catalog-snapshot.ts"

export interface SnapshotDescription {
  readonly format: string
  readonly referenceKey: string
  /** Every change committed before it is in the snapshot. */
  readonly cursor: ChangeCursor
  readonly products: number
}

export interface StoredSnapshot extends SnapshotDescription {
  readonly id: string
  readonly pieces: number
  readonly bytes: number
}

export class CatalogSnapshotStore extends Context.Service<CatalogSnapshotStore, {
  /** The newest complete snapshot of this format. */
  readonly latest: (format: string) => Effect.Effect<Option.Option<StoredSnapshot>, StoreUnavailable>
  /** Piece `index` (from 0) of a snapshot; none when the snapshot has been replaced since. */
  readonly piece: (id: string, index: number) => Effect.Effect<Option.Option<Uint8Array>, StoreUnavailable>
  /**
   * Stores a snapshot from its bytes, given in parts of any size, and removes the older ones
   * once it is complete. False when another writer is storing one (it is not waited for).
   */
  readonly save: (
    description: SnapshotDescription,
    parts: ReadonlyArray<Uint8Array>
  ) => Effect.Effect<boolean, StoreUnavailable>
  /**
   * Runs `build` as the one builder of the catalog's index among the processes sharing this store
   * (instances started together, the import's snapshot job): it waits while another builds,
   * saying so every `reportEvery` through `waiting`, and then runs (the caller looks for the
   * snapshot the other stored before building one itself).
   */
  readonly oneBuilder: <A, E, R>(
    build: Effect.Effect<A, E, R>,
    waiting: (waitedMillis: number) => Effect.Effect<void>
  ) => Effect.Effect<A, E | StoreUnavailable, R>
}>()("storefront/CatalogSnapshotStore") {}
