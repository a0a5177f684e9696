/**
 * Group commit: many writes made durable by one WAL flush. A write commits asynchronously
 * (`synchronous_commit = off` for its transaction, so its connection is free at once), then
 * waits on `GroupCommit.durable`, which answers once the WAL has been flushed to disk past
 * every commit made before the call. One leader at a time runs the flush for everybody waiting:
 * `pg_logical_emit_message(true, …)` writes a WAL record in a transaction of its own, so that
 * transaction's commit is synchronous, and flushing the WAL up to its commit record flushes
 * every earlier record too (the WAL is flushed in order). Callers that arrive while a flush is
 * running wait for the next one, which starts as soon as it ends: a commit that began after a
 * flush was sent is not covered by it.
 *
 * A flush that fails (the database went away) fails every write of its batch with
 * StoreUnavailable: those writes may or may not survive, and the client was not told they did.
 */
import { Context, Deferred, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import type { StoreUnavailable } from "../../application/shared/store-unavailable.ts"
import { orStoreUnavailable } from "./store-errors.ts"

export class GroupCommit extends Context.Service<GroupCommit, {
  /** Completes once every commit made before the call is on disk. */
  readonly durable: Effect.Effect<void, StoreUnavailable>
}>()("storefront/GroupCommit") {}

export const makeGroupCommit = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const scope = yield* Effect.scope
  const flush = orStoreUnavailable(sql`SELECT pg_logical_emit_message(true, 'storefront_group_commit', '')::text AS lsn`).pipe(
    Effect.asVoid
  )
  /** The batch that the next flush will serve (null: nobody is waiting for one). */
  let next: Deferred.Deferred<void, StoreUnavailable> | null = null
  let leading = false

  /** The leader: flushes for the batch gathered so far, then for those who came meanwhile, until none are left. */
  const lead: Effect.Effect<void> = Effect.suspend(() => {
    const batch = next
    if (batch === null) {
      leading = false
      return Effect.void
    }
    next = null
    return flush.pipe(
      Effect.exit,
      Effect.flatMap((exit) => Deferred.done(batch, exit)),
      Effect.andThen(lead)
    )
  })

  const durable = Effect.suspend(() => {
    const batch = next ?? (next = Deferred.makeUnsafe<void, StoreUnavailable>())
    if (leading) return Deferred.await(batch)
    leading = true
    return Effect.forkIn(lead, scope).pipe(Effect.andThen(Deferred.await(batch)))
  })

  return GroupCommit.of({ durable })
})

export const layer = Layer.effect(GroupCommit, makeGroupCommit)
