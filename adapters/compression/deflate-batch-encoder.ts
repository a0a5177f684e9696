/**
 * Compresses batches of documents on a worker thread, so that loading a large catalog renders and
 * indexes products on the event loop while another core deflates their documents (deflating was
 * 30 % of the start's profile at 1,000,000 products, one synchronous zlib call per product).
 *
 * One worker per process, started at the first batch and stopped once it has been idle for
 * IDLE_MILLIS (its heap and zlib buffers are memory a loaded catalog no longer needs); it holds
 * the process open only while a batch is in flight. A batch fails (and its documents are encoded on the caller's thread
 * instead) when the worker errors or exits; the next batch starts a new worker.
 */
import { Worker } from "node:worker_threads"

/** A batch as posted to the worker. */
export interface EncodeBatch {
  readonly id: number
  readonly dictionary: Uint8Array
  readonly documents: ReadonlyArray<string>
}

/** The worker's answer: the compressed documents end to end, document `i` at `bytes[offsets[i] .. offsets[i + 1])`. */
export interface EncodedBatch {
  readonly id: number
  readonly bytes: Uint8Array
  readonly offsets: Int32Array
}

const SCRIPT = new URL(import.meta.url.endsWith(".ts") ? "./deflate-batch-worker.ts" : "./deflate-batch-worker.js", import.meta.url)

interface Waiting {
  readonly resolve: (encoded: ReadonlyArray<string>) => void
  readonly reject: (error: Error) => void
}

/** How long the worker outlives its last batch (a load hands over a batch every few milliseconds). */
const IDLE_MILLIS = 1_000

let worker: Worker | undefined
let idleTimer: ReturnType<typeof setTimeout> | undefined
const waiting = new Map<number, Waiting>()
let nextId = 0

const failAll = (error: Error): void => {
  worker = undefined
  const failed = [...waiting.values()]
  waiting.clear()
  for (const batch of failed) batch.reject(error)
}

const started = (): Worker => {
  if (worker !== undefined) return worker
  const created = new Worker(SCRIPT)
  created.on("message", (reply: EncodedBatch) => {
    const batch = waiting.get(reply.id)
    if (batch === undefined) return
    waiting.delete(reply.id)
    if (waiting.size === 0) {
      created.unref()
      idleTimer = setTimeout(() => {
        if (worker === created && waiting.size === 0) {
          worker = undefined
          void created.terminate()
        }
      }, IDLE_MILLIS)
      idleTimer.unref()
    }
    const bytes = Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength)
    const encoded = Array.from(
      { length: reply.offsets.length - 1 },
      (_, index) => bytes.toString("latin1", reply.offsets[index]!, reply.offsets[index + 1]!)
    )
    batch.resolve(encoded)
  })
  created.on("error", (error) => {
    if (worker === created) failAll(error)
  })
  created.on("exit", (code) => {
    if (worker === created) failAll(new Error(`the deflate worker exited (code ${code})`))
  })
  worker = created
  return created
}

/** The documents compressed with `dictionary` on the worker thread (latin1 strings, as the codec's `encode` returns). */
export const deflateInWorker = (dictionary: Uint8Array, documents: ReadonlyArray<string>): Promise<ReadonlyArray<string>> =>
  new Promise((resolve, reject) => {
    try {
      if (idleTimer !== undefined) clearTimeout(idleTimer)
      const target = started()
      const id = nextId++
      waiting.set(id, { resolve, reject })
      target.ref()
      const batch: EncodeBatch = { id, dictionary, documents }
      target.postMessage(batch)
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)))
    }
  })
