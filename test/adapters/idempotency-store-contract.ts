/**
 * The contract of every IdempotencyStore: one attempt claims a key; while it runs a retry of the
 * same request is Running and another request Mismatch; its finished response is replayed; a
 * released key, an expired lease or an ended retention lets a new attempt claim it; an attempt
 * that lost its key cannot record over the new one; of concurrent claims exactly one wins.
 */
import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { type IdempotencyClaim, IdempotencyStore } from "../../application/idempotency/idempotency-store.ts"
import { concurrently, portContract } from "./account-store-fixtures.ts"

const T0 = Date.parse("2026-03-01T10:00:00.000Z")
const SECOND = 1000

const claimAt = (key: string, owner: string, fingerprint: string, offsetSeconds: number): IdempotencyClaim => ({
  scope: "checkout:pk_a:",
  key,
  fingerprint,
  owner,
  now: new Date(T0 + offsetSeconds * SECOND),
  leaseUntil: new Date(T0 + (offsetSeconds + 60) * SECOND),
  retainUntil: new Date(T0 + (offsetSeconds + 86_400) * SECOND)
})

/** One owner's attempt at a key of the checkout scope (what finish and release name). */
const attempt = (key: string, owner: string) => ({ scope: "checkout:pk_a:", key, owner })

const response = { status: 201, headers: { etag: "\"3\"" }, body: "{\"id\":\"ord_1\",\"total\":12.5}" }

export const idempotencyStoreContract = portContract(IdempotencyStore, "IdempotencyStore", {
  "claim, running, mismatch, finish and replay": (store) =>
    Effect.gen(function*() {
      expect(yield* store.claim(claimAt("k1", "a", "POST /cart {}", 0))).toEqual({ _tag: "Claimed" })
      expect(yield* store.claim(claimAt("k1", "b", "POST /cart {}", 1))).toEqual({ _tag: "Running" })
      expect(yield* store.claim(claimAt("k1", "b", "POST /cart {\"x\":1}", 1))).toEqual({ _tag: "Mismatch" })
      expect(yield* store.finish(attempt("k1", "b"), response)).toBe(false)
      expect(yield* store.finish(attempt("k1", "a"), response)).toBe(true)
      expect(yield* store.claim(claimAt("k1", "c", "POST /cart {}", 2))).toEqual({ _tag: "Finished", response })
      expect(yield* store.claim(claimAt("k1", "c", "POST /cart {\"x\":1}", 2))).toEqual({ _tag: "Mismatch" })
      // the same key in another scope is another key
      expect(yield* store.claim({ ...claimAt("k1", "d", "other", 3), scope: "cart:pk_a:" })).toEqual({ _tag: "Claimed" })
    }),

  "a released key can be claimed again, with any request": (store) =>
    Effect.gen(function*() {
      expect(yield* store.claim(claimAt("k2", "a", "first", 0))).toEqual({ _tag: "Claimed" })
      yield* store.release(attempt("k2", "someone-else"))
      expect(yield* store.claim(claimAt("k2", "b", "first", 1))).toEqual({ _tag: "Running" })
      yield* store.release(attempt("k2", "a"))
      expect(yield* store.claim(claimAt("k2", "b", "second", 2))).toEqual({ _tag: "Claimed" })
    }),

  "an expired lease is taken over; the old attempt can no longer finish": (store) =>
    Effect.gen(function*() {
      // the lease lasts 60 s: b finds the key running at 59 s and takes it over at 60 s
      for (const [owner, at, outcome] of [["a", 0, "Claimed"], ["b", 59, "Running"], ["b", 60, "Claimed"]] as const) {
        expect(yield* store.claim(claimAt("k3", owner, "same", at)), `${owner} at ${at} s`).toEqual({ _tag: outcome })
      }
      expect(yield* store.finish(attempt("k3", "a"), response)).toBe(false)
      yield* store.release(attempt("k3", "a"))
      expect(yield* store.finish(attempt("k3", "b"), response)).toBe(true)
    }),

  "a finished response is replayed until its retention ends, then the key is free": (store) =>
    Effect.gen(function*() {
      expect(yield* store.claim(claimAt("k4", "a", "same", 0))).toEqual({ _tag: "Claimed" })
      expect(yield* store.finish(attempt("k4", "a"), response)).toBe(true)
      expect(yield* store.claim(claimAt("k4", "b", "same", 86_399))).toEqual({ _tag: "Finished", response })
      expect(yield* store.claim(claimAt("k4", "b", "different", 86_400))).toEqual({ _tag: "Claimed" })
    }),

  "of concurrent claims of one key exactly one wins": (store) =>
    Effect.gen(function*() {
      const outcomes = yield* concurrently(10, (index) => store.claim(claimAt("k5", `owner-${index}`, "same", 0)))
      expect(outcomes.filter((outcome) => outcome._tag === "Claimed")).toHaveLength(1)
      expect(outcomes.filter((outcome) => outcome._tag === "Running")).toHaveLength(9)
    })
})
