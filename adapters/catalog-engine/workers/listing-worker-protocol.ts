/**
 * The messages between the listing worker pool (main thread) and a listing worker.
 *
 * The pool and its workers share one header (an Int32Array on a SharedArrayBuffer): slot 0 holds
 * the number of the latest published generation, stored with Atomics after the generation has
 * been posted to every worker. A worker that receives a generation already superseded skips it
 * (the newer one is behind it in its queue); it answers each query from the one generation it
 * holds, whole, and drops the previous generation when it installs the next.
 */
import type { ProductQuery } from "../../../domain/catalog/product-query.ts"
import type { ListingResult, SharedCatalogIndex } from "../catalog-index/catalog-index.ts"
import type { ShopId } from "../../../domain/shared/ids.ts"

/** The header's slot holding the latest published generation's number. */
export const LATEST_GENERATION = 0

export interface WorkerData {
  readonly header: Int32Array
}

export type ToWorker =
  | { readonly type: "generation"; readonly number: number; readonly index: SharedCatalogIndex }
  | {
    readonly type: "list"
    readonly id: number
    readonly query: ProductQuery
    readonly shopIds: ReadonlyArray<ShopId>
  }

export type FromWorker =
  | { readonly type: "ready" }
  | { readonly type: "installed"; readonly number: number }
  /** The listing of generation `number`, or none when the worker holds no generation yet. */
  | { readonly type: "listed"; readonly id: number; readonly number: number; readonly listing: ListingResult | undefined }
