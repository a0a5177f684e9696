/**
 * Port: where a validated catalog import is written. `write` is all or nothing (one transaction)
 * and idempotent: rows are matched by natural key, existing rows keep their ids, and writing the
 * same data twice changes nothing the second time.
 * Adapters: adapters/postgres/postgres-catalog-import-writer.ts, adapters/memory/memory-catalog-store.ts.
 */
import { Context, type Effect } from "effect"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"
import type { CatalogImportData } from "./catalog-import-data.ts"
import type { ExistingReferences } from "./existing-references.ts"
import type { ImportSummary } from "./import-summary.ts"

export interface ImportProgress {
  readonly productsWritten: number
  readonly productsTotal: number
}

export class CatalogImportWriter extends Context.Service<CatalogImportWriter, {
  /** The shops, size guides and categories already stored, for reference checks. */
  readonly existingReferences: Effect.Effect<ExistingReferences, StoreUnavailable>
  /** Writes everything in one transaction; `onProgress` is called after each batch of products. */
  readonly write: (
    data: CatalogImportData,
    onProgress: (progress: ImportProgress) => Effect.Effect<void>
  ) => Effect.Effect<ImportSummary, StoreUnavailable>
}>()("storefront/CatalogImportWriter") {}
