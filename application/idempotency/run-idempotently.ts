/**
 * Use case wrapper: Idempotency-Key on cart creation and checkout (docs/contract/cart.md). The first
 * request with a key does the work and its response is recorded in the same unit of work, so a
 * response is recorded exactly when the work committed. For 24 hours a retry with the same key
 * and the same request gets that response again; with a different request it is
 * IdempotencyKeyReused; while the first is still running, IdempotencyKeyInProgress. A failed
 * attempt (an error, a defect, an interruption such as the client going away) records nothing
 * and gives the key up, so the client can fix the problem and retry with the same key. When the
 * database itself is what failed, giving the key up fails too: it is then retried in the
 * background until the database answers again (at most for the lease), so a client that
 * retries after the 503's Retry-After finds the key free instead of "in progress".
 */
import { Clock, Context, Duration, Effect, Layer, Random, Schedule } from "effect"
import { Transactions } from "../shared/transactions.ts"
import { IdempotencyKeyInProgress } from "./errors/idempotency-key-in-progress.ts"
import { IdempotencyKeyReused } from "./errors/idempotency-key-reused.ts"
import { IdempotencyStore } from "./idempotency-store.ts"
import type { RecordedResponse } from "./recorded-response.ts"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"

/** How long a finished request is replayed. */
export const IDEMPOTENCY_RETENTION_MILLIS = 24 * 60 * 60 * 1000
/** How long an attempt may hold its key without finishing before another attempt may take it over. */
export const IDEMPOTENCY_LEASE_MILLIS = 60 * 1000
/** The longest key accepted (longer ones are a validation failure at the edge). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255
/**
 * The shortest key accepted: 22 base64url characters carry 128 bits, so a key a client made at
 * random cannot be guessed by another client (a guest's key is all that keeps its replay its own;
 * docs/contract/cart.md). A UUID (36 characters) qualifies.
 */
export const IDEMPOTENCY_KEY_MIN_LENGTH = 22

export interface IdempotentRequest {
  readonly scope: string
  readonly key: string
  readonly fingerprint: string
  /**
   * Whether the finished response may be sent again to this request (absent: always). A replay
   * must never hand a resource to a client that could not already reach it: where the scope holds
   * no secret of the client's (a guest's cart creation), the caller replays only what cannot have
   * been the first client's yet; otherwise the key counts as reused.
   */
  readonly replayable?: (response: RecordedResponse) => Effect.Effect<boolean, StoreUnavailable>
}

/** Retries of a release that failed because the store was unavailable: fast at first, within the lease. */
const releaseRetries = Schedule.exponential("100 millis", 2).pipe(
  Schedule.modifyDelay((meta) => Effect.succeed(Duration.min(meta.duration, Duration.seconds(2)))),
  Schedule.upTo({ duration: Duration.millis(IDEMPOTENCY_LEASE_MILLIS) })
)

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
const runIdempotently = (store: IdempotencyStore["Service"], transactions: Transactions["Service"]) =>
<E, R>(
  request: IdempotentRequest | null,
  work: Effect.Effect<RecordedResponse, E, R>
) =>
  Effect.gen(function*() {
    if (request === null) return yield* work
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
        if (request.replayable !== undefined && !(yield* request.replayable(outcome.response))) {
          return yield* new IdempotencyKeyReused({ key: request.key })
        }
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
    })).pipe(Effect.onError(() => releaseInBackground(store, held)))
  })

/**
 * Gives the key up without holding the response: at once when the store answers, else retried
 * in a background fiber (one warning when it gives up; the lease frees the key then anyway).
 */
const releaseInBackground = (
  store: IdempotencyStore["Service"],
  held: { readonly scope: string; readonly key: string; readonly owner: string }
) =>
  store.release(held).pipe(
    Effect.catchTag("StoreUnavailable", () =>
      store.release(held).pipe(
        Effect.retry(releaseRetries),
        Effect.catch(() => Effect.logWarning("idempotency key not released; it frees itself when its lease ends", held.key)),
        Effect.forkDetach,
        Effect.asVoid
      ))
  )

/** Idempotency-Key for the routes that create something (cart creation, checkout): {@link runIdempotently}. */
export class Idempotency extends Context.Service<Idempotency, {
  readonly run: <E, R>(
    request: IdempotentRequest | null,
    work: Effect.Effect<RecordedResponse, E, R>
  ) => Effect.Effect<RecordedResponse, E | IdempotencyKeyInProgress | IdempotencyKeyReused | StoreUnavailable, R>
}>()("storefront/Idempotency") {
  /** Needs the IdempotencyStore and Transactions. */
  static readonly layer = Layer.effect(
    Idempotency,
    Effect.gen(function*() {
      return Idempotency.of({ run: runIdempotently(yield* IdempotencyStore, yield* Transactions) })
    })
  )
}
