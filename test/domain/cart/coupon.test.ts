import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import { appliedCouponDiscount, checkCouponEligibility, Coupon, couponCodesMatch } from "../../../domain/cart/coupon.ts"
import { couponDiscount } from "../../../domain/cart/coupon.ts"
import type { CouponCheckContext } from "../../../domain/cart/coupon.ts"
import type { CouponInvalidReason } from "../../../domain/cart/errors/coupon-invalid.ts"
import { ShopId } from "../../../domain/shared/ids.ts"
import { BasisPoints, MinorUnits } from "../../../domain/shared/money.ts"
import { basisPoints, minor } from "../../support/units.ts"

const Amount = MinorUnits.check(Schema.isLessThanOrEqualTo(100_000_000))

const now = new Date("2026-11-21T10:00:00.000Z")
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs)

const coupon = (overrides: Partial<Coupon> = {}): Coupon => ({
  code: "WINTER10",
  shopId: ShopId.make("shop_1"),
  type: "percentage",
  value: basisPoints(1_000),
  minSubtotal: minor(50_000),
  startsAt: at(-86_400_000),
  endsAt: at(86_400_000),
  usageLimit: 100,
  usageCount: 3,
  ...overrides
})
const context = (overrides: Partial<CouponCheckContext> = {}): CouponCheckContext => ({
  requestedCode: "winter10", shopId: ShopId.make("shop_1"), subtotal: minor(60_000), now, ...overrides
})

const failureReason = (candidate: Coupon | null, overrides: Partial<CouponCheckContext> = {}): CouponInvalidReason | "eligible" => {
  const result = checkCouponEligibility(candidate, context(overrides))
  return Result.isSuccess(result) ? "eligible" : result.failure.reason
}

describe("checkCouponEligibility", () => {
  it("accepts an eligible coupon and returns it", () => {
    expect(Result.getOrThrow(checkCouponEligibility(coupon(), context()))).toEqual(coupon())
  })

  it("reports every reason a coupon can fail, with the code the customer typed", () => {
    expect(failureReason(null)).toBe("not_found")
    expect(failureReason(coupon({ shopId: ShopId.make("shop_2") }))).toBe("wrong_shop")
    expect(failureReason(coupon({ startsAt: at(1) }))).toBe("not_started")
    expect(failureReason(coupon({ endsAt: at(-1) }))).toBe("expired")
    expect(failureReason(coupon({ usageLimit: 3, usageCount: 3 }))).toBe("usage_limit_reached")
    expect(failureReason(coupon(), { subtotal: minor(49_999) })).toBe("minimum_not_met")
    const failure = Result.getOrThrow(Result.flip(checkCouponEligibility(null, context({ requestedCode: "Nope" }))))
    expect(failure._tag).toBe("CouponInvalid")
    expect(failure.code).toBe("Nope")
  })

  it("window is [startsAt, endsAt); limits and minimums are inclusive", () => {
    expect(failureReason(coupon({ startsAt: now }))).toBe("eligible")
    expect(failureReason(coupon({ endsAt: now }))).toBe("expired")
    expect(failureReason(coupon({ endsAt: at(1) }))).toBe("eligible")
    expect(failureReason(coupon({ startsAt: null, endsAt: null }))).toBe("eligible")
    expect(failureReason(coupon({ usageLimit: 4, usageCount: 3 }))).toBe("eligible")
    expect(failureReason(coupon({ usageLimit: null, usageCount: 1_000_000 }))).toBe("eligible")
    expect(failureReason(coupon({ usageLimit: 0, usageCount: 0 }))).toBe("usage_limit_reached")
    expect(failureReason(coupon(), { subtotal: minor(50_000) })).toBe("eligible")
  })

  it.prop("any coupon of another shop is rejected as wrong_shop", [Coupon], ([generated]) => {
    expect(failureReason({ ...generated, shopId: ShopId.make(`${generated.shopId}-other`) }, { shopId: generated.shopId })).toBe("wrong_shop")
  })

  it.prop("eligibility never depends on the typed code's case", [Coupon, Amount], ([generated, subtotal]) => {
    const lower = checkCouponEligibility(generated, context({ requestedCode: generated.code.toLowerCase(), subtotal, shopId: generated.shopId }))
    const upper = checkCouponEligibility(generated, context({ requestedCode: generated.code.toUpperCase(), subtotal, shopId: generated.shopId }))
    expect(Result.isSuccess(lower)).toBe(Result.isSuccess(upper))
    expect(couponCodesMatch(` ${generated.code.toLowerCase()} `, generated.code.toUpperCase())).toBe(true)
  })
})

describe("couponDiscount", () => {
  it.prop("percentage: value % of the subtotal, half-up, never above the subtotal", [Amount, BasisPoints], ([subtotal, bp]) => {
    const discount = couponDiscount({ type: "percentage", value: bp }, subtotal)
    expect(Number.isInteger(discount)).toBe(true)
    expect(discount).toBeGreaterThanOrEqual(0)
    expect(discount).toBeLessThanOrEqual(subtotal)
    // half-up: the rounding error lies in (-0.5, +0.5] of a minor unit (an exact half goes up)
    expect(discount * 10_000 - subtotal * bp).toBeGreaterThan(-5_000)
    expect(discount * 10_000 - subtotal * bp).toBeLessThanOrEqual(5_000)
  })

  it.prop("fixed: min(value, subtotal)", [Amount, Amount], ([value, subtotal]) => {
    expect(couponDiscount({ type: "fixed", value }, subtotal)).toBe(Math.min(value, subtotal))
  })

  it("rounds an exact half up", () => {
    expect(couponDiscount({ type: "percentage", value: basisPoints(1_250) }, minor(1_004))).toBe(126) // 125.5 → 126
    expect(couponDiscount({ type: "percentage", value: basisPoints(1_500) }, minor(1_003))).toBe(150) // 150.45 → 150
    expect(couponDiscount({ type: "percentage", value: basisPoints(1_000) }, minor(5))).toBe(1) // 0.5 → 1
    expect(couponDiscount({ type: "percentage", value: basisPoints(10_000) }, minor(12_345))).toBe(12_345)
    expect(couponDiscount({ type: "fixed", value: minor(20_000) }, minor(15_000))).toBe(15_000)
  })

  it.prop("a coupon whose minimum is no longer met gives 0", [Coupon, Amount], ([generated, subtotal]) => {
    const applied = appliedCouponDiscount(generated, subtotal)
    expect(applied).toBe(subtotal < generated.minSubtotal ? 0 : couponDiscount(generated, subtotal))
    expect(appliedCouponDiscount(null, subtotal)).toBe(0)
    expect(appliedCouponDiscount({ ...generated, minSubtotal: minor(subtotal + 1) }, subtotal)).toBe(0)
  })
})
