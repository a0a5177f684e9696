/**
 * The catalog engine's ProductSearch with listings answered by worker threads
 * (listing-worker-pool.ts): each index is the engine's, and publishes itself to the workers when
 * it settles after a batch of changes; a listing goes to a worker while the workers hold the
 * index as it is, and is answered in process otherwise. Everything else (suggestions, by slug,
 * counts) is answered in process. Provides the pool's counts as ListingWorkerPool.
 */
import { Context, Effect, Layer } from "effect"
import { ProductSearch, type SearchReference } from "../../../application/catalog/product-search.ts"
import type { ProductQuery } from "../../../domain/catalog/product-query.ts"
import { engineParts, EngineSearchIndex } from "../engine-product-search.ts"
import type { EngineOptions } from "../engine-options.ts"
import { engineSnapshots, type EngineParts } from "../engine-snapshots.ts"
import { type ListingPool, ListingWorkerPool, type ListingWorkerPoolOptions, makeListingPool } from "./listing-worker-pool.ts"
import type { ShopId } from "../../../domain/shared/ids.ts"

class WorkerSearchIndex extends EngineSearchIndex {
  private readonly pool: ListingPool

  constructor(reference: SearchReference, options: EngineOptions, pool: ListingPool, restored?: EngineParts) {
    super(reference, options, restored)
    this.pool = pool
  }

  override settle(): void {
    super.settle()
    this.pool.publish(this.index)
  }

  override list(query: ProductQuery, shopIds: ReadonlyArray<ShopId>) {
    return Effect.flatMap(
      this.pool.list(this.index, query, shopIds),
      (found) => found === undefined ? Effect.sync(() => this.index.list(query, shopIds)) : Effect.succeed(found)
    )
  }
}

export const layer = (options: ListingWorkerPoolOptions & { readonly engine: EngineOptions }) =>
  Layer.effectContext(Effect.map(makeListingPool(options), (pool) =>
    Context.make(ProductSearch, ProductSearch.of({
      make: (reference) => new WorkerSearchIndex(reference, options.engine, pool),
      snapshots: engineSnapshots(
        options.engine,
        (reference, restored) => new WorkerSearchIndex(reference, options.engine, pool, restored),
        engineParts
      )
    }))
      .pipe(Context.add(ListingWorkerPool, ListingWorkerPool.of({ counts: pool.counts })))))
