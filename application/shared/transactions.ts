/**
 * Port: run a unit of work atomically. Repositories used inside `atomically` take part in the
 * same transaction (SQL) or hold the same lock (memory), so a use case can read, decide and
 * write without another request interleaving. Nested calls join the outer unit of work.
 * Adapters: adapters/postgres/postgres-transactions.ts, adapters/memory/memory-transactions.ts.
 */
import { Context, type Effect } from "effect"
import type { StoreUnavailable } from "./store-unavailable.ts"

export class Transactions extends Context.Service<Transactions, {
  readonly atomically: <A, E, R>(work: Effect.Effect<A, E, R>) => Effect.Effect<A, E | StoreUnavailable, R>
}>()("storefront/Transactions") {}
