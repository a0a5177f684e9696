/**
 * Port: where a validated catalog import is written, in one transaction (all or nothing),
 * idempotently: rows are matched by natural key, existing rows keep their ids, and writing the
 * same data twice changes nothing the second time.
 *
 * The import streams: `transaction` opens a session, the use case writes the document's lists
 * and its products batch by batch through it, and the session commits when the use case
 * succeeds and rolls back when it fails (a problem found late in the document undoes every
 * batch already written).
 * Adapters: adapters/postgres/postgres-catalog-import-writer.ts, adapters/memory/memory-catalog-store.ts.
 */
import { Context, type Effect } from "effect"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"
import type { CatalogImportLists, ImportProductData } from "./catalog-import-data.ts"
import type { ExistingReferences } from "./existing-references.ts"
import type { EntityCounts, ListCounts } from "./import-summary.ts"

export interface ImportProgress {
  readonly productsWritten: number
  /** True once every batch was handed over and the writer completes them (`completeProducts`). */
  readonly completing: boolean
}

export interface ProductBatchCounts {
  readonly products: EntityCounts
  readonly variants: EntityCounts
  /** Stored variants of these products that the document no longer lists (deleted). */
  readonly removedVariants: number
}

/** Nothing written (what `completeProducts` answers on an adapter that holds nothing back). */
export const noProductChanges: ProductBatchCounts = {
  products: { inserted: 0, updated: 0, unchanged: 0 },
  variants: { inserted: 0, updated: 0, unchanged: 0 },
  removedVariants: 0
}

/** One import's writes, inside its transaction. */
export interface CatalogImportSession {
  /**
   * Upserts the lists, dependencies first (shops, publishable keys, size guides, categories,
   * then shipping methods, coupons, customers). Each list is written once per import.
   */
  readonly writeLists: (lists: CatalogImportLists) => Effect.Effect<ListCounts, StoreUnavailable>
  /**
   * Upserts a batch of products with their variants and links; what they refer to is written.
   * An adapter may hold batches back and write them together in `completeProducts`; the counts
   * are of what this call wrote.
   */
  readonly writeProducts: (batch: ReadonlyArray<ImportProductData>) => Effect.Effect<ProductBatchCounts, StoreUnavailable>
  /** Writes the products held back, once, after the last batch; the counts are of what it wrote. */
  readonly completeProducts: Effect.Effect<ProductBatchCounts, StoreUnavailable>
}

export class CatalogImportWriter extends Context.Service<CatalogImportWriter, {
  /** The shops, size guides and categories already stored, for reference checks. */
  readonly existingReferences: Effect.Effect<ExistingReferences, StoreUnavailable>
  /**
   * Runs `use` in one transaction, serialised with other imports: committed when `use`
   * succeeds, rolled back when it fails.
   */
  readonly transaction: <A, E>(
    use: (session: CatalogImportSession) => Effect.Effect<A, E>
  ) => Effect.Effect<A, E | StoreUnavailable>
}>()("storefront/CatalogImportWriter") {}
