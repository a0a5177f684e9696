/**
 * TokenHasher as HMAC-SHA-256 (base64url) under a server-side key. The key is made once and
 * kept by ServerSecrets, so every instance and every restart computes the same hashes. A keyed
 * hash matters for 6-digit OTP codes: a plain hash of one of a million codes is reversed at once
 * by whoever reads the table.
 */
import { createHmac, randomBytes } from "node:crypto"
import { Effect, Layer } from "effect"
import { ServerSecrets } from "../../application/auth/server-secrets.ts"
import { TokenHasher } from "../../domain/auth/token-hasher.ts"

export const TOKEN_HASH_KEY_SECRET = "token_hash_key"
const KEY_BYTES = 32

export const makeHmacTokenHasher = (key: Buffer) =>
  TokenHasher.of({
    hash: (secret) => Effect.sync(() => createHmac("sha256", key).update(secret, "utf8").digest("base64url"))
  })

export const layer = Layer.effect(
  TokenHasher,
  Effect.gen(function*() {
    const secrets = yield* ServerSecrets
    const encodedKey = yield* secrets.getOrCreate(
      TOKEN_HASH_KEY_SECRET,
      Effect.sync(() => randomBytes(KEY_BYTES).toString("base64url"))
    )
    return makeHmacTokenHasher(Buffer.from(encodedKey, "base64url"))
  })
)
