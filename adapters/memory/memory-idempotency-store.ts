/** IdempotencyStore in a map, with the same claim rules as the SQL adapter. */
import { Effect, Layer } from "effect"
import type { ClaimOutcome } from "../../application/idempotency/idempotency-store.ts"
import { IdempotencyStore } from "../../application/idempotency/idempotency-store.ts"
import type { RecordedResponse } from "../../application/idempotency/recorded-response.ts"

interface StoredKey {
  readonly fingerprint: string
  readonly owner: string
  readonly leaseUntil: number
  readonly retainUntil: number
  readonly response: RecordedResponse | null
}

const keyOf = (scope: string, key: string): string => JSON.stringify([scope, key])

export const makeMemoryIdempotencyStore = () => {
  const records = new Map<string, StoredKey>()
  return IdempotencyStore.of({
    claim: (claim) =>
      Effect.sync((): ClaimOutcome => {
        const id = keyOf(claim.scope, claim.key)
        const now = claim.now.getTime()
        const existing = records.get(id)
        const free = existing === undefined || existing.retainUntil <= now ||
          (existing.response === null && existing.leaseUntil <= now)
        if (free) {
          records.set(id, {
            fingerprint: claim.fingerprint,
            owner: claim.owner,
            leaseUntil: claim.leaseUntil.getTime(),
            retainUntil: claim.retainUntil.getTime(),
            response: null
          })
          return { _tag: "Claimed" }
        }
        if (existing.fingerprint !== claim.fingerprint) return { _tag: "Mismatch" }
        return existing.response === null ? { _tag: "Running" } : { _tag: "Finished", response: existing.response }
      }),
    finish: (held, response) =>
      Effect.sync(() => {
        const id = keyOf(held.scope, held.key)
        const existing = records.get(id)
        if (existing === undefined || existing.owner !== held.owner || existing.response !== null) return false
        records.set(id, { ...existing, response })
        return true
      }),
    release: (held) =>
      Effect.sync(() => {
        const id = keyOf(held.scope, held.key)
        const existing = records.get(id)
        if (existing !== undefined && existing.owner === held.owner && existing.response === null) records.delete(id)
      })
  })
}

export const layer = Layer.sync(IdempotencyStore, makeMemoryIdempotencyStore)
