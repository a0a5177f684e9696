/**
 * A listing worker (a worker_threads entry point): holds one generation of the catalog index,
 * rebuilt from its shared description (no copy of the columns), and answers listing queries with
 * the rendered body, as the in-process handler would render it (the pool keeps the bodies per
 * generation, so a worker is not asked the same query twice). Started and supervised by
 * listing-worker-pool.ts.
 */
import { parentPort, workerData } from "node:worker_threads"
import { listingOf, productQueryOf } from "../../application/catalog/product-listing.ts"
import { CatalogIndex } from "../catalog-engine/catalog-index/catalog-index.ts"
import { documentCodecFromDescription } from "../compression/deflate-document-codec.ts"
import { listingJson } from "../http/representation/listing-body.ts"
import { type FromWorker, LATEST_GENERATION, type ToWorker, type WorkerData } from "./listing-worker-protocol.ts"

const port = parentPort
if (port === null) throw new Error("listing-worker.ts runs as a worker thread")
const { header } = workerData as WorkerData
const encoder = new TextEncoder()

let current: { readonly number: number; readonly index: CatalogIndex } | undefined

const send = (message: FromWorker, transfer: ReadonlyArray<ArrayBuffer> = []): void => port.postMessage(message, [...transfer])

const install = (number: number, index: CatalogIndex): void => {
  // the previous generation is dropped here: its buffers are freed once no thread holds them
  current = { number, index }
  send({ type: "installed", number })
}

const answer = (message: Extract<ToWorker, { type: "list" }>): void => {
  const generation = current
  if (generation === undefined) return send({ type: "listed", id: message.id, number: -1, body: undefined })
  const { index } = generation
  const listing = listingOf(message.request, index.list(productQueryOf(index, message.request), message.shopIds))
  if (listing.total === 0 && message.request.search !== undefined) {
    return send({ type: "listed", id: message.id, number: generation.number, body: undefined })
  }
  // a buffer of its own, transferred to the main thread (which keeps the body for the generation)
  const body = encoder.encode(listingJson(listing))
  send({ type: "listed", id: message.id, number: generation.number, body }, [body.buffer])
}

port.on("message", (message: ToWorker) => {
  if (message.type === "list") return answer(message)
  // a generation already superseded is skipped: the newer one follows in this queue
  if (Atomics.load(header, LATEST_GENERATION) > message.number) return
  install(message.number, CatalogIndex.fromShared(message.index, documentCodecFromDescription))
})

send({ type: "ready" })
