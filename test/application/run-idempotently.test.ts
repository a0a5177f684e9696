/**
 * An Idempotency-Key whose request failed is given up, so a retry runs: also when the database
 * itself failed and could not be told at once (the release is retried until it answers).
 * Over the memory store, with an outage switch in front of it.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { makeMemoryIdempotencyStore } from "../../adapters/memory/memory-idempotency-store.ts"
import * as MemoryTransactions from "../../adapters/memory/memory-transactions.ts"
import { IdempotencyStore } from "../../application/idempotency/idempotency-store.ts"
import { Idempotency, type IdempotentRequest } from "../../application/idempotency/run-idempotently.ts"
import type { RecordedResponse } from "../../application/idempotency/recorded-response.ts"
import { StoreUnavailable } from "../../application/shared/store-unavailable.ts"

/** The memory store, failing every call with StoreUnavailable while `down` is set. */
const outage = { down: false }
const flaky = Layer.sync(IdempotencyStore, () => {
  const store = makeMemoryIdempotencyStore()
  const guarded = <A>(effect: Effect.Effect<A, StoreUnavailable>) =>
    Effect.suspend(() => outage.down ? Effect.fail(new StoreUnavailable({ reason: "test outage" })) : effect)
  return IdempotencyStore.of({
    claim: (claim) => guarded(store.claim(claim)),
    finish: (claim, response) => guarded(store.finish(claim, response)),
    release: (claim) => guarded(store.release(claim))
  })
})

const runIdempotently = <E, R>(request: IdempotentRequest, work: Effect.Effect<RecordedResponse, E, R>) =>
  Effect.flatMap(Idempotency, (idempotency) => idempotency.run(request, work))

const request = { scope: "checkout:test", key: "key-1", fingerprint: "POST /cart/c/checkout {}" }
const created = { status: 201, headers: {}, body: "{\"id\":\"ord_1\"}" }

describe("runIdempotently", () => {
  it.effect("a request that died with the database gives its key up once the database is back; the retry runs", () =>
    Effect.gen(function*() {
      outage.down = false
      const died = runIdempotently(request, Effect.suspend(() => {
        outage.down = true // the database goes away while the work runs
        return Effect.fail(new StoreUnavailable({ reason: "connection lost" }))
      }))
      expect((yield* Effect.flip(died))._tag).toBe("StoreUnavailable")
      // the database comes back before the client's retry (Retry-After)
      yield* TestClock.adjust("200 millis")
      outage.down = false
      yield* TestClock.adjust("5 seconds")
      const retried = yield* runIdempotently(request, Effect.succeed(created))
      expect(retried).toEqual(created)
      // and the finished key replays from now on, whatever the new work would do
      expect(yield* runIdempotently(request, Effect.die("must not run"))).toEqual(created)
    }).pipe(Effect.provide(Idempotency.layer.pipe(Layer.provide(Layer.mergeAll(flaky, MemoryTransactions.layer))))))

  it.effect("a failure while the database answers gives the key up at once", () =>
    Effect.gen(function*() {
      outage.down = false
      const other = { ...request, key: "key-2" }
      yield* Effect.flip(runIdempotently(other, Effect.fail("coupon_invalid")))
      expect(yield* runIdempotently(other, Effect.succeed(created))).toEqual(created)
    }).pipe(Effect.provide(Idempotency.layer.pipe(Layer.provide(Layer.mergeAll(flaky, MemoryTransactions.layer))))))
})
