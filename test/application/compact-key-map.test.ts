import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import { CompactKeyMap } from "../../application/catalog-import/compact-key-map.ts"

/** Keys from a small alphabet (many repeats and shared prefixes), unicode included, and long ones. */
const Key = Schema.Union([
  Schema.String.check(Schema.isMaxLength(6)),
  Schema.Literals(["", "a", "ab", "শাড়ি", "Édition ✨", "x".repeat(700)])
])
const Operation = Schema.Tuple([Key, Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 2 ** 40 }))])

describe("CompactKeyMap", () => {
  it.prop(
    "answers every get as a Map does, through growth and rehashing",
    [Arbitrary.schema(Schema.Array(Operation))],
    ([operations]) => {
      const compact = new CompactKeyMap()
      const reference = new Map<string, number>()
      for (const [key, value] of operations) {
        expect(compact.get(key)).toBe(reference.get(key))
        if (value % 3 !== 0) {
          compact.set(key, value)
          reference.set(key, value)
        }
      }
      expect(compact.size).toBe(reference.size)
      for (const [key, value] of reference) expect(compact.get(key)).toBe(value)
    }
  )

  it("holds a hundred thousand distinct keys", () => {
    const compact = new CompactKeyMap()
    for (let i = 0; i < 100_000; i++) compact.set(`SKU-${i}-${i % 7}`, i)
    expect(compact.size).toBe(100_000)
    for (let i = 0; i < 100_000; i += 997) expect(compact.get(`SKU-${i}-${i % 7}`)).toBe(i)
    expect(compact.get("SKU-100000-0")).toBeUndefined()
  })
})
