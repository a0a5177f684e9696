import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { makeCryptoIdGenerator, toBase32 } from "../../adapters/security/crypto-id-generator.ts"

describe("crypto id generator", () => {
  it("writes RFC 4648 base32, lower-case, unpadded", () => {
    const bytes = (text: string) => new TextEncoder().encode(text)
    expect(toBase32(bytes(""))).toBe("")
    expect(toBase32(bytes("f"))).toBe("my")
    expect(toBase32(bytes("foobar"))).toBe("mzxw6ytboi")
  })

  it.effect("gives prefixed ids carrying 128 random bits, all different", () =>
    Effect.gen(function*() {
      const ids = makeCryptoIdGenerator()
      const generated = yield* Effect.forEach(Array.from({ length: 5_000 }), () => ids.next("prod"))
      expect(generated.every((id) => /^prod_[a-z2-7]{26}$/.test(id))).toBe(true)
      expect(new Set(generated).size).toBe(generated.length)
    }))
})
