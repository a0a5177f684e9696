/**
 * An IdempotencyStore whose records are useless without the Idempotency-Key they answer. A
 * checkout's recorded response carries the order token, which the orders table keeps only hashed;
 * a guest's cart creation carries the cart id. So the store around it sees the key only as
 * SHA-256(scope, key), and each response body sealed with AES-256-GCM under a key derived from
 * the Idempotency-Key (HKDF-SHA-256, salted by the scope). A retry that sends the key again opens
 * the body; a reader of the database, or of a backup, cannot. The fingerprint is already a digest.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto"
import { Effect, Layer } from "effect"
import { type ClaimOutcome, IdempotencyStore } from "../../application/idempotency/idempotency-store.ts"
import type { RecordedResponse } from "../../application/idempotency/recorded-response.ts"

const VERSION = "v1"
const IV_BYTES = 12
const TAG_BYTES = 16

const lookupKey = (scope: string, key: string) =>
  createHash("sha256").update(scope).update("\u0000").update(key).digest("base64url")

const sealingKey = (scope: string, key: string) =>
  Buffer.from(hkdfSync("sha256", key, scope, "storefront idempotent response", 32))

/** `v1.` + base64url(iv ‖ ciphertext ‖ tag). */
export const sealBody = (scope: string, key: string, body: string): string => {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv("aes-256-gcm", sealingKey(scope, key), iv)
  const sealed = Buffer.concat([iv, cipher.update(body, "utf8"), cipher.final(), cipher.getAuthTag()])
  return `${VERSION}.${sealed.toString("base64url")}`
}

/** The body, or `null` when it was not sealed under this key (a record from before, or tampered). */
export const openBody = (scope: string, key: string, stored: string): string | null => {
  if (!stored.startsWith(`${VERSION}.`)) return null
  const sealed = Buffer.from(stored.slice(VERSION.length + 1), "base64url")
  if (sealed.length < IV_BYTES + TAG_BYTES) return null
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealingKey(scope, key), sealed.subarray(0, IV_BYTES))
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES))
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]).toString("utf8")
  } catch {
    return null
  }
}

export const sealIdempotencyStore = (inner: IdempotencyStore["Service"]): IdempotencyStore["Service"] =>
  IdempotencyStore.of({
    claim: (claim) =>
      Effect.flatMap(inner.claim({ ...claim, key: lookupKey(claim.scope, claim.key) }), (outcome): Effect.Effect<ClaimOutcome> => {
        if (outcome._tag !== "Finished") return Effect.succeed(outcome)
        const body = openBody(claim.scope, claim.key, outcome.response.body)
        // the record's hash matched this key, so only tampering leaves it unopenable
        if (body === null) return Effect.die(new Error("an idempotent response could not be opened with its own key"))
        return Effect.succeed({ _tag: "Finished", response: { ...outcome.response, body } })
      }),
    finish: (claim, response: RecordedResponse) =>
      inner.finish(
        { ...claim, key: lookupKey(claim.scope, claim.key) },
        { ...response, body: sealBody(claim.scope, claim.key, response.body) }
      ),
    release: (claim) => inner.release({ ...claim, key: lookupKey(claim.scope, claim.key) })
  })

/** The given store's layer, sealed. */
export const sealed = <E, R>(store: Layer.Layer<IdempotencyStore, E, R>): Layer.Layer<IdempotencyStore, E, R> =>
  Layer.effect(IdempotencyStore, Effect.map(IdempotencyStore, sealIdempotencyStore)).pipe(Layer.provide(store))
