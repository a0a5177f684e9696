import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { percentageOf, toMajor, toMinor } from "../../domain/shared/money.ts"

const Amount = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100_000_000 }))
const Percent = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 10_000 })) // basis points

describe("money", () => {
  it.prop("minor -> major -> minor round-trips", [Amount], ([minor]) => {
    expect(toMinor(toMajor(minor))).toBe(minor)
  })

  it.prop("percentageOf rounds half-up and stays within [floor, ceil] of the exact value", [Amount, Percent], ([amount, bp]) => {
    const result = percentageOf(amount, bp / 100)
    const exactTimes10k = amount * bp
    expect(result).toBe(Math.floor((exactTimes10k + 5_000) / 10_000))
    expect(result * 10_000).toBeGreaterThanOrEqual(exactTimes10k - 5_000)
    expect(result * 10_000).toBeLessThanOrEqual(exactTimes10k + 5_000)
  })

  it("rounds an exact half up", () => {
    expect(percentageOf(5, 10)).toBe(1) // 0.5 -> 1
    expect(percentageOf(4, 10)).toBe(0) // 0.4 -> 0
    expect(percentageOf(105, 1)).toBe(1) // 1.05 -> 1
  })
})
