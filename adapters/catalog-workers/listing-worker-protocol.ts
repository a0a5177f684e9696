/**
 * The messages between the listing worker pool (main thread) and a listing worker.
 *
 * The pool and its workers share one header (an Int32Array on a SharedArrayBuffer): slot 0 holds
 * the number of the latest published generation, stored with Atomics after the generation has
 * been posted to every worker. A worker that receives a generation already superseded skips it
 * (the newer one is behind it in its queue); it answers each query from the one generation it
 * holds, whole, and drops the previous generation when it installs the next.
 */
import type { ProductListingRequest } from "../../application/catalog/product-listing.ts"
import type { SharedCatalogIndex } from "../catalog-engine/catalog-index/catalog-index.ts"

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
    readonly request: ProductListingRequest
    readonly shopIds: ReadonlyArray<string>
  }

export type FromWorker =
  | { readonly type: "ready" }
  | { readonly type: "installed"; readonly number: number }
  /**
   * The listing body (UTF-8 JSON, its buffer transferred) of generation `number`, or none when
   * the worker cannot answer it (no generation yet, or a search that found nothing: its
   * `didYouMean` needs the suggestion index, which only the main thread holds).
   */
  | { readonly type: "listed"; readonly id: number; readonly number: number; readonly body: Uint8Array | undefined }
