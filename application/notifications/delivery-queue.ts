/**
 * Port: an outbox as the relay sees it. `claim` takes up to `limit` due rows (pending, their
 * next attempt due, no live lease) for `leaseMillis`, counting the attempt, so that relays in
 * other instances skip them; a relay that dies holding them loses the lease, and the rows are
 * claimed again (at least once). Each claimed row ends as sent, rescheduled or a dead letter.
 * Adapters: adapters/postgres/postgres-delivery-queues.ts.
 */
import type { Effect } from "effect"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"

export interface Claimed<A> {
  readonly id: string
  /** Attempts including this one. */
  readonly attempts: number
  readonly item: A
}

export interface Backlog {
  /** Rows waiting to be delivered (pending). */
  readonly depth: number
  /** Age of the oldest pending row, 0 when none. */
  readonly oldestPendingMillis: number
  /** Dead letters waiting for an operator. */
  readonly failed: number
}

export interface DeliveryQueue<A> {
  readonly claim: (limit: number, leaseMillis: number) => Effect.Effect<ReadonlyArray<Claimed<A>>, StoreUnavailable>
  /** Marks rows sent, in one statement. */
  readonly markSent: (ids: ReadonlyArray<string>) => Effect.Effect<void, StoreUnavailable>
  readonly retryLater: (id: string, error: string, delayMillis: number) => Effect.Effect<void, StoreUnavailable>
  readonly markFailed: (id: string, error: string) => Effect.Effect<void, StoreUnavailable>
  readonly backlog: Effect.Effect<Backlog, StoreUnavailable>
  /** Dead letters back to pending with their attempts reset (`ids` empty: all of them); how many. */
  readonly redrive: (ids: ReadonlyArray<string>) => Effect.Effect<number, StoreUnavailable>
}
