/**
 * Port: reads the catalog for the in-memory read model, and follows its changes.
 * Adapters: adapters/postgres/postgres-catalog-source.ts, adapters/memory/memory-catalog-store.ts.
 */
import { Context, type Effect } from "effect"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"
import type { CatalogReferenceData, ChangeCursor, ProductPage } from "./catalog-snapshot.ts"

export class CatalogSource extends Context.Service<CatalogSource, {
  /** A cursor to take BEFORE loading, so that nothing committed meanwhile is missed. */
  readonly currentCursor: Effect.Effect<ChangeCursor, StoreUnavailable>
  readonly loadReferenceData: Effect.Effect<CatalogReferenceData, StoreUnavailable>
  /** Whether any reference table (shops, keys, categories, size guides, shipping methods) changed since the cursor. */
  readonly referenceChangedSince: (cursor: ChangeCursor) => Effect.Effect<boolean, StoreUnavailable>
  /**
   * Products (with variants, shops and categories) ordered by id, `limit` at a time after `afterId`;
   * only those changed since `since` when given, else all of them.
   */
  readonly loadProducts: (options: {
    readonly since: ChangeCursor | null
    readonly afterId: string | null
    readonly limit: number
  }) => Effect.Effect<ProductPage, StoreUnavailable>
}>()("storefront/CatalogSource") {}
