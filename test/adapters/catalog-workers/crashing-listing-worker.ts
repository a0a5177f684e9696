/**
 * The listing worker, with one fault added for the pool's tests: a listing query whose search
 * term is CRASH_TERM throws out of the message handler (registered before the worker's own),
 * which ends the worker thread.
 */
import { parentPort } from "node:worker_threads"
import { CRASH_TERM } from "./crash-term.ts"

parentPort?.on("message", (message: { type: string; request?: { search?: string } }) => {
  if (message.type === "list" && message.request?.search === CRASH_TERM) throw new Error("listing worker crashed on purpose")
})
await import("../../../adapters/catalog-workers/listing-worker.ts")
