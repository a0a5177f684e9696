import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { basisPointsOf, toMajor, toMinor } from "../../domain/shared/money.ts"

const Amount = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100_000_000 }))
const BasisPoints = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 10_000 })) // basis points

describe("money", () => {
  it.prop("minor -> major -> minor round-trips", [Amount], ([minor]) => {
    expect(toMinor(toMajor(minor))).toBe(minor)
  })

  it.prop("basisPointsOf rounds half-up and stays within [floor, ceil] of the exact value", [Amount, BasisPoints], ([amount, bp]) => {
    const result = basisPointsOf(amount, bp)
    const exactTimes10k = amount * bp
    expect(result).toBe(Math.floor((exactTimes10k + 5_000) / 10_000))
    expect(result * 10_000).toBeGreaterThanOrEqual(exactTimes10k - 5_000)
    expect(result * 10_000).toBeLessThanOrEqual(exactTimes10k + 5_000)
  })

  it("rounds an exact half up", () => {
    expect(basisPointsOf(5, 1_000)).toBe(1) // 0.5 -> 1
    expect(basisPointsOf(4, 1_000)).toBe(0) // 0.4 -> 0
    expect(basisPointsOf(105, 100)).toBe(1) // 1.05 -> 1
  })
})
