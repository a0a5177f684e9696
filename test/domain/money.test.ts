import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { BasisPoints, basisPointsOf, MinorUnits, toMajor, toMinor } from "../../domain/shared/money.ts"
import { basisPoints, minor } from "../support/units.ts"

const Amount = MinorUnits.check(Schema.isLessThanOrEqualTo(100_000_000))

describe("money", () => {
  it.prop("minor -> major -> minor round-trips", [Amount], ([amount]) => {
    expect(toMinor(toMajor(amount))).toBe(amount)
  })

  it.prop("basisPointsOf rounds half-up and stays within [floor, ceil] of the exact value", [Amount, BasisPoints], ([amount, bp]) => {
    const result = basisPointsOf(amount, bp)
    const exactTimes10k = amount * bp
    expect(result).toBe(Math.floor((exactTimes10k + 5_000) / 10_000))
    expect(result * 10_000).toBeGreaterThanOrEqual(exactTimes10k - 5_000)
    expect(result * 10_000).toBeLessThanOrEqual(exactTimes10k + 5_000)
  })

  it("rounds an exact half up", () => {
    expect(basisPointsOf(minor(5), basisPoints(1_000))).toBe(1) // 0.5 -> 1
    expect(basisPointsOf(minor(4), basisPoints(1_000))).toBe(0) // 0.4 -> 0
    expect(basisPointsOf(minor(105), basisPoints(100))).toBe(1) // 1.05 -> 1
  })
})
