import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import { DocumentArena } from "../../../adapters/catalog-engine/columns/document-arena.ts"
import { stringAt } from "../../../adapters/catalog-engine/columns/shared-columns.ts"

const latin1 = (bytes: Uint8Array | undefined): string | undefined =>
  bytes === undefined ? undefined : Buffer.from(bytes).toString("latin1")

/** A byte string of `length` characters (< 256), varying with `seed`. */
const byteString = (seed: number, length: number): string =>
  Buffer.from(Uint8Array.from({ length }, (_, index) => (seed * 31 + index * 7) % 256)).toString("latin1")

const Writes = Schema.Array(Schema.Struct({
  slot: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 40 })),
  seed: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 1000 })),
  length: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 600 }))
}))

describe("DocumentArena", () => {
  it.prop("holds the last bytes written to each slot, and shares them in slot order", [Arbitrary.schema(Writes)], ([writes]) => {
    const arena = new DocumentArena()
    const expected = new Map<number, string>()
    for (const { length, seed, slot } of writes) {
      const text = byteString(seed, length)
      arena.set(slot, text)
      expected.set(slot, text)
    }
    for (let slot = 0; slot <= 41; slot++) expect(latin1(arena.bytesAt(slot))).toBe(expected.get(slot))
    const shared = arena.toShared(42)
    expect(shared.encoding).toBe("latin1")
    for (let slot = 0; slot < 42; slot++) expect(stringAt(shared, slot)).toBe(expected.get(slot) ?? "")
  })

  it("keeps entries larger than a chunk, and reclaims rewritten bytes without losing the live ones", () => {
    const arena = new DocumentArena()
    const big = byteString(3, 5 * 1024 * 1024)
    arena.set(0, big)
    arena.set(1, "")
    // ~40 MB of rewrites of one slot: the dead bytes outweigh the live ones and are copied away
    for (let round = 0; round < 200; round++) arena.set(2, byteString(round, 200 * 1024))
    arena.set(3, "after")
    expect(latin1(arena.bytesAt(0))).toBe(big)
    expect(latin1(arena.bytesAt(1))).toBe("")
    expect(latin1(arena.bytesAt(2))).toBe(byteString(199, 200 * 1024))
    expect(latin1(arena.bytesAt(3))).toBe("after")
    expect(arena.bytesAt(4)).toBeUndefined()
    expect(arena.bytesAt(10_000)).toBeUndefined()
  })
})
