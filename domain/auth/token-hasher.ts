/**
 * Port: one-way hashing of high-entropy secrets (refresh tokens, reset tokens, OTP codes) before
 * they are stored or looked up. The domain only ever sees the hashes. Production: a keyed
 * HMAC-SHA-256 (a server-side key matters for 6-digit OTP codes, whose plain hash is trivially
 * reversed), hex or base64url. Must be deterministic: equal input, equal hash.
 */
import { Context, type Effect } from "effect"

export class TokenHasher extends Context.Service<TokenHasher, {
  readonly hash: (secret: string) => Effect.Effect<string>
}>()("storefront/TokenHasher") {}

/** String equality whose running time depends only on the lengths, not on where the strings differ. */
export const constantTimeEqual = (a: string, b: string): boolean => {
  const length = Math.max(a.length, b.length)
  let diff = a.length ^ b.length
  for (let i = 0; i < length; i++) {
    diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0)
  }
  return diff === 0
}
