/**
 * Use case wrapper: Idempotency-Key on cart creation and checkout (CONTRACT §6). The first
 * request with a key does the work and its response is recorded in the same unit of work, so a
 * response is recorded exactly when the work committed. For 24 hours a retry with the same key
 * and the same request gets that response again; with a different request it is
 * IdempotencyKeyReused; while the first is still running, IdempotencyKeyInProgress. A failed
 * attempt records nothing and gives the key up, so the client can fix the problem and retry
 * with the same key.
 */
import { Clock, Effect, Random } from "effect"
import { Transactions } from "../shared/transactions.ts"
import { IdempotencyKeyInProgress } from "./errors/idempotency-key-in-progress.ts"
import { IdempotencyKeyReused } from "./errors/idempotency-key-reused.ts"
import { IdempotencyStore } from "./idempotency-store.ts"
import type { RecordedResponse } from "./recorded-response.ts"

/** How long a finished request is replayed. */
export const IDEMPOTENCY_RETENTION_MILLIS = 24 * 60 * 60 * 1000
/** How long an attempt may hold its key without finishing before another attempt may take it over. */
export const IDEMPOTENCY_LEASE_MILLIS = 60 * 1000
/** The longest key accepted (longer ones are a validation failure at the edge). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255

export interface IdempotentRequest {
  readonly scope: string
  readonly key: string
  readonly fingerprint: string
}

const attemptId = Effect.gen(function*() {
  const now = yield* Clock.currentTimeMillis
  const first = yield* Random.nextIntBetween(0, 2 ** 31 - 1)
  const second = yield* Random.nextIntBetween(0, 2 ** 31 - 1)
  return `${now.toString(36)}-${first.toString(36)}-${second.toString(36)}`
})

/**
 * Runs `work` (which renders its own response) under the key, or just runs it when there is no
 * key. `work` may open units of work of its own: they join the one opened here.
 */
export const runIdempotently = <E, R>(
  request: IdempotentRequest | null,
  work: Effect.Effect<RecordedResponse, E, R>
) =>
  Effect.gen(function*() {
    if (request === null) return yield* work
    const store = yield* IdempotencyStore
    const transactions = yield* Transactions
    const nowMillis = yield* Clock.currentTimeMillis
    const held = { scope: request.scope, key: request.key, owner: yield* attemptId }
    const outcome = yield* store.claim({
      ...held,
      fingerprint: request.fingerprint,
      now: new Date(nowMillis),
      leaseUntil: new Date(nowMillis + IDEMPOTENCY_LEASE_MILLIS),
      retainUntil: new Date(nowMillis + IDEMPOTENCY_RETENTION_MILLIS)
    })
    switch (outcome._tag) {
      case "Finished":
        return outcome.response
      case "Running":
        return yield* new IdempotencyKeyInProgress({ key: request.key })
      case "Mismatch":
        return yield* new IdempotencyKeyReused({ key: request.key })
      case "Claimed":
        break
    }
    return yield* transactions.atomically(Effect.gen(function*() {
      const response = yield* work
      // Lost the key (our lease ran out and a retry took it over): undo our work, the retry does it.
      if (!(yield* store.finish(held, response))) return yield* new IdempotencyKeyInProgress({ key: request.key })
      return response
    })).pipe(Effect.onError(() => Effect.ignore(store.release(held))))
  })
