/**
 * Listing queries answered off the event loop: a pool of worker threads (listing-worker.ts) that
 * share one copy of the catalog engine's index through SharedArrayBuffers. Each time the index
 * settles after a batch of changes (worker-product-search.ts) the pool writes it as a new
 * generation (CatalogIndex.share), posts it to every worker and stores its number in the shared
 * header with Atomics; each worker answers a query from the one generation it holds and releases
 * the previous one when it installs the next. The main thread only routes the query and takes
 * the structured listing it gets back.
 *
 * A listing is not answered by the pool (the caller answers it in process, exactly as without
 * workers) while the index is ahead of the published generation (during a refresh: so a response
 * is never older than the catalog version its ETag names) and when no worker is up.
 *
 * Every worker runs under the BackgroundLoops supervisor ("catalog-worker-N"): a worker that
 * crashes or exits is restarted with backoff, logged once per outage, and its health is in
 * /ready; the queries it held are answered in process.
 */
import { Worker } from "node:worker_threads"
import { Context, Data, Effect, Option } from "effect"
import { BackgroundLoops, type LoopControl, makeBackgroundLoops } from "../../../application/shared/background-loops.ts"
import type { ProductQuery } from "../../../domain/catalog/product-query.ts"
import type { CatalogIndex, ListingResult } from "../catalog-index/catalog-index.ts"
import { type FromWorker, LATEST_GENERATION, type ToWorker, type WorkerData } from "./listing-worker-protocol.ts"
import type { ShopId } from "../../../domain/shared/ids.ts"

export interface ListingWorkerPoolOptions {
  /** Worker threads (at least 1). */
  readonly workers: number
  /** The worker's script (tests start a failing one). */
  readonly workerScript?: URL | undefined
}

export class ListingWorkerFailed extends Data.TaggedError("ListingWorkerFailed")<{ readonly reason: string }> {}

type Listed = Extract<FromWorker, { type: "listed" }>

interface Member {
  worker: Worker | undefined
  readonly pending: Map<number, (reply: Listed | undefined) => void>
}

interface Generation {
  readonly number: number
  readonly index: CatalogIndex
  readonly indexGeneration: number
  readonly message: ToWorker
}
/**
 * V8 flags of the start script do not reach workers: the young generation the main thread gets
 * from `--max-semi-space-size=16` (three semi-spaces), for the many short-lived bit sets a query makes.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 48 }
/** The worker beside this module, as run from source (.ts) or built (.js). */
const DEFAULT_SCRIPT = new URL(import.meta.url.endsWith(".ts") ? "./listing-worker.ts" : "./listing-worker.js", import.meta.url)

/** How many listings were answered: by a worker (or its kept body), and in process. */
export interface ListingWorkerCounts {
  readonly byWorkers: number
  readonly inProcess: number
}

/** How many listings the pool answered, and how many it left to be answered in process. */
export class ListingWorkerPool extends Context.Service<ListingWorkerPool, {
  readonly counts: Effect.Effect<ListingWorkerCounts>
}>()("storefront/ListingWorkerPool") {}

/** The pool as the worker-backed search drives it. */
export interface ListingPool {
  /** Publishes `index` as it is now, unless the workers already hold it so. */
  readonly publish: (index: CatalogIndex) => void
  /** The listing from a worker when the workers hold `index` as it is now; else undefined (answer it in process). */
  readonly list: (index: CatalogIndex, query: ProductQuery, shopIds: ReadonlyArray<ShopId>) => Effect.Effect<ListingResult | undefined>
  readonly counts: Effect.Effect<ListingWorkerCounts>
}

/** Starts the workers, supervised until the scope closes. */
export const makeListingPool = (options: ListingWorkerPoolOptions) =>
  Effect.gen(function*() {
    const loops = Option.getOrElse(yield* Effect.serviceOption(BackgroundLoops), makeBackgroundLoops)
    const header = new Int32Array(new SharedArrayBuffer(4))
    const workerData: WorkerData = { header }
    const members: Array<Member> = Array.from({ length: Math.max(1, options.workers) }, () => ({ worker: undefined, pending: new Map() }))
    let published: Generation | undefined
    let nextId = 0
    let turn = 0
    const answered = { byWorkers: 0, inProcess: 0 }

    const publish = (index: CatalogIndex): void => {
      // a refresh that changed nothing (most polls) publishes nothing: the workers keep their caches
      if (published?.index === index && published.indexGeneration === index.generation) return
      const number = (published?.number ?? 0) + 1
      const message: ToWorker = { type: "generation", number, index: index.share() }
      published = { number, index, indexGeneration: index.generation, message }
      for (const member of members) member.worker?.postMessage(message)
      Atomics.store(header, LATEST_GENERATION, number)
    }

    /** A worker's life: up once it holds the latest generation (or said it is ready before any), failed when it ends. */
    const run = (member: Member) => ({ healthy }: LoopControl) =>
      Effect.gen(function*() {
        const worker = yield* Effect.acquireRelease(
          Effect.sync(() => new Worker(options.workerScript ?? DEFAULT_SCRIPT, { workerData, resourceLimits: WORKER_LIMITS })),
          (started) => Effect.promise(() => started.terminate())
        )
        let up: () => void = () => {}
        const isUp = new Promise<"up">((resolve) => (up = () => resolve("up")))
        let end: (reason: string) => void = () => {}
        const ended = new Promise<string>((resolve) => (end = resolve))
        worker.on("message", (message: FromWorker) => {
          if (message.type === "listed") {
            const reply = member.pending.get(message.id)
            member.pending.delete(message.id)
            reply?.(message)
          } else if (message.type === "installed") {
            up()
          } else {
            member.worker = worker
            if (published === undefined) up()
            else worker.postMessage(published.message)
          }
        })
        worker.on("error", (error) => end(error.message))
        worker.on("exit", (code) => end(`exited with code ${code}`))
        const first = yield* Effect.promise(() => Promise.race([isUp, ended]))
        if (first === "up") {
          yield* healthy
          return yield* new ListingWorkerFailed({ reason: yield* Effect.promise(() => ended) })
        }
        return yield* new ListingWorkerFailed({ reason: first })
      }).pipe(
        Effect.scoped,
        Effect.ensuring(Effect.sync(() => {
          member.worker = undefined
          for (const reply of member.pending.values()) reply(undefined)
          member.pending.clear()
        }))
      )

    for (const [position, member] of members.entries()) yield* loops.supervise(`catalog-worker-${position + 1}`, run(member))

    /** The live worker with the fewest queries in flight (taking turns among equals). */
    const pick = (): Member | undefined => {
      let best: Member | undefined
      for (let step = 0; step < members.length; step++) {
        const member = members[(turn + step) % members.length]!
        if (member.worker !== undefined && (best === undefined || member.pending.size < best.pending.size)) best = member
      }
      turn = (turn + 1) % members.length
      return best
    }

    const ask = (member: Member, worker: Worker, query: ProductQuery, shopIds: ReadonlyArray<ShopId>) =>
      Effect.callback<Listed | undefined>((resume) => {
        const id = nextId++
        member.pending.set(id, (reply) => resume(Effect.succeed(reply)))
        worker.postMessage({ type: "list", id, query, shopIds } satisfies ToWorker)
        return Effect.sync(() => void member.pending.delete(id))
      })

    const inProcess = Effect.sync((): ListingResult | undefined => {
      answered.inProcess++
      return undefined
    })

    const list = (index: CatalogIndex, query: ProductQuery, shopIds: ReadonlyArray<ShopId>) =>
      Effect.suspend((): Effect.Effect<ListingResult | undefined> => {
        const generation = published
        if (generation === undefined || generation.index !== index || generation.indexGeneration !== index.generation) {
          return inProcess
        }
        const member = pick()
        if (member?.worker === undefined) return inProcess
        return Effect.flatMap(ask(member, member.worker, query, shopIds), (reply) => {
          if (reply?.listing === undefined || reply.number !== generation.number) return inProcess
          answered.byWorkers++
          return Effect.succeed(reply.listing)
        })
      })

    return { publish, list, counts: Effect.sync(() => ({ ...answered })) } satisfies ListingPool
  })
