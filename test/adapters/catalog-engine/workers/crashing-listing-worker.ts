/**
 * The listing worker, with one fault added for the pool's tests: a listing query whose search
 * term is CRASH_TERM ends the worker thread in the message handler registered before the
 * worker's own, so the query is never answered.
 */
import { parentPort } from "node:worker_threads"
import { CRASH_TERM } from "./crash-term.ts"

parentPort?.on("message", (message: { type: string; query?: { search?: string } }) => {
  // ends the thread at once, before the worker's own handler answers
  if (message.type === "list" && message.query?.search === CRASH_TERM) process.exit(1)
})
await import("../../../../adapters/catalog-engine/workers/listing-worker.ts")
