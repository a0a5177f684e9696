/**
 * The randomness estimate of an Idempotency-Key (docs/contract/cart.md, issue 27): keys a client draws from
 * a CSPRNG (a UUID v4, 22+ base64url characters, 32+ hex digits) always pass; a repeated
 * character, few distinct characters, a counter or a timestamp never do.
 */
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { guessableKeyReason, isGuessableKey } from "../../../application/idempotency/key-randomness.ts"

const Byte = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0), Schema.isLessThanOrEqualTo(255))
const Bytes = (length: number) => Schema.Array(Byte).check(Schema.isBetweenLength(length, length))

/** The UUID v4 of these 16 bytes (version and variant bits set as crypto.randomUUID does). */
const uuidV4 = (bytes: ReadonlyArray<number>): string => {
  const b = [...bytes]
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const hex = b.map((x) => x.toString(16).padStart(2, "0")).join("")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const base64url = (bytes: ReadonlyArray<number>) => Buffer.from(bytes).toString("base64url")

describe("Idempotency-Key randomness estimate", () => {
  it.prop("every UUID v4 passes", [Bytes(16)], ([bytes]) => {
    expect(guessableKeyReason(uuidV4(bytes))).toBeUndefined()
    expect(guessableKeyReason(uuidV4(bytes).toUpperCase())).toBeUndefined()
  })

  it("two hundred thousand crypto.randomUUID() keys pass", () => {
    const refused: Array<string> = []
    for (let i = 0; i < 200_000; i++) {
      const key = crypto.randomUUID()
      if (isGuessableKey(key)) refused.push(key)
    }
    expect(refused).toEqual([])
  })

  it.prop("random base64url keys of 128 bits and more pass, and random hex of 128 bits", [Bytes(18), Bytes(16)], ([wide, narrow]) => {
    expect(guessableKeyReason(base64url(wide))).toBeUndefined() // 24 characters
    expect(guessableKeyReason(Buffer.from(narrow).toString("hex"))).toBeUndefined()
  })

  it.prop(
    "a key with fewer than 12 distinct characters never passes, whatever its length",
    [Schema.String.check(Schema.isBetweenLength(1, 11)), Schema.Int.check(Schema.isBetween({ minimum: 22, maximum: 255 }))],
    ([alphabet, length]) => {
      const key = Array.from({ length }, (_, i) => alphabet[i % alphabet.length]).join("")
      if (new Set(key).size < 12 && !/^[0-9a-f-]+$/i.test(key)) expect(isGuessableKey(key)).toBe(true)
      expect(isGuessableKey(alphabet[0]!.repeat(length))).toBe(true)
    }
  )

  it.prop(
    "a timestamp in seconds, milliseconds, microseconds or nanoseconds never passes, whatever the text around it",
    [Schema.Int.check(Schema.isBetween({ minimum: Date.UTC(2000, 0, 1), maximum: Date.UTC(2099, 11, 31) })), Schema.String, Schema.String],
    ([millis, before, after]) => {
      for (const stamp of [Math.floor(millis / 1000), millis, millis * 1000]) {
        const key = `${before.replace(/\d/g, "")}cart-create-${stamp}-${after.replace(/\d/g, "")}`
        expect(isGuessableKey(key), key).toBe(true)
      }
      expect(isGuessableKey(`checkout-${new Date(millis).toISOString()}`)).toBe(true)
      expect(isGuessableKey(`${millis}${"0".repeat(6)}-order-key`)).toBe(true)
    }
  )

  it.prop("a counter on a fixed text never passes", [Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 1e9 }))], ([n]) => {
    for (const prefix of ["cart-create-", "order-key-number-", "my-shop-app-"]) {
      expect(isGuessableKey(`${prefix}${String(n).padStart(10, "0")}`)).toBe(true)
      expect(isGuessableKey(`${String(n).padStart(12, "0")}-${prefix}`)).toBe(true)
    }
    expect(isGuessableKey(`00000000-0000-4000-8000-${String(n).padStart(12, "0")}`)).toBe(true)
  })

  it("the probe's keys and time-based UUIDs are refused with a reason", () => {
    expect(guessableKeyReason("aaaaaaaaaaaaaaaaaaaaaa")).toBe("fewer than 12 distinct characters")
    expect(guessableKeyReason("0000000000000000000000")).toBe("fewer than 12 distinct characters")
    expect(guessableKeyReason("0".repeat(32))).toBe("too few random digits")
    expect(guessableKeyReason("cart-create-1764385200000")).toBe("a timestamp")
    expect(guessableKeyReason("order-key-number-000123456")).toBe("a counter")
    expect(guessableKeyReason("0193a1b2-7c4d-7e8f-9a0b-1c2d3e4f5a6b")).toBe("a time-based UUID (use a random UUID v4)")
    // rare in a random UUID v4 (about one in ten million) but not a reason to refuse it
    expect(guessableKeyReason("3f9c2b7e-1d5a-4777-a777-77777c2d3e4f")).toBeUndefined()
  })
})
