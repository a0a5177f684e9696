/**
 * IdGenerator backed by node:crypto: `prefix_` followed by 128 random bits from the CSPRNG,
 * written in lower-case base32 (RFC 4648 alphabet, 26 characters, no padding). Lower-case
 * letters and digits only, so ids sort the same under every collation.
 */
import { randomFillSync } from "node:crypto"
import { Effect, Layer } from "effect"
import { type IdPrefix, IdGenerator } from "../../domain/shared/id-generator.ts"

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567"
const ID_BYTES = 16
/** Random bytes are drawn in blocks, which makes bulk imports (hundreds of thousands of ids) cheap. */
const POOL_BYTES = ID_BYTES * 256

const makeRandomSource = () => {
  const pool = Buffer.alloc(POOL_BYTES)
  let offset = POOL_BYTES
  return (): Uint8Array => {
    if (offset + ID_BYTES > POOL_BYTES) {
      randomFillSync(pool)
      offset = 0
    }
    const bytes = pool.subarray(offset, offset + ID_BYTES)
    offset += ID_BYTES
    return bytes
  }
}

/** Lower-case base32 without padding: 5 bits per character, the last one zero-filled. */
export const toBase32 = (bytes: Uint8Array): string => {
  let out = ""
  let buffer = 0
  let bits = 0
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte
    bits += 8
    while (bits >= 5) {
      bits -= 5
      out += ALPHABET[(buffer >>> bits) & 31]
    }
    buffer &= (1 << bits) - 1
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31]
  return out
}

export const makeCryptoIdGenerator = () => {
  const randomBytes = makeRandomSource()
  return IdGenerator.of({
    next: (prefix: IdPrefix) => Effect.sync(() => `${prefix}_${toBase32(randomBytes())}`)
  })
}

export const layer = Layer.sync(IdGenerator, makeCryptoIdGenerator)
