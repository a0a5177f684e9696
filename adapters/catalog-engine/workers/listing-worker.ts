/**
 * A listing worker (a worker_threads entry point): holds one generation of the catalog engine's
 * index, rebuilt from its shared description (no copy of the columns), and answers listing
 * queries with the listing the index in the main thread would give. Started and supervised by
 * listing-worker-pool.ts.
 */
import { parentPort, workerData } from "node:worker_threads"
import { CatalogIndex } from "../catalog-index/catalog-index.ts"
import { documentCodecFromDescription } from "../compression/dictionary-document-codec.ts"
import { type FromWorker, LATEST_GENERATION, type ToWorker, type WorkerData } from "./listing-worker-protocol.ts"

const port = parentPort
if (port === null) throw new Error("listing-worker.ts runs as a worker thread")
const { header } = workerData as WorkerData

let current: { readonly number: number; readonly index: CatalogIndex } | undefined

const send = (message: FromWorker): void => port.postMessage(message)

const install = (number: number, index: CatalogIndex): void => {
  // the previous generation is dropped here: its buffers are freed once no thread holds them
  current = { number, index }
  send({ type: "installed", number })
}

const answer = (message: Extract<ToWorker, { type: "list" }>): void => {
  const generation = current
  if (generation === undefined) {
    send({ type: "listed", id: message.id, number: -1, listing: undefined })
    return
  }
  send({ type: "listed", id: message.id, number: generation.number, listing: generation.index.list(message.query, message.shopIds) })
}

port.on("message", (message: ToWorker) => {
  if (message.type === "list") return answer(message)
  // a generation already superseded is skipped: the newer one follows in this queue
  if (Atomics.load(header, LATEST_GENERATION) > message.number) return
  install(message.number, CatalogIndex.fromShared(message.index, documentCodecFromDescription))
})

send({ type: "ready" })
