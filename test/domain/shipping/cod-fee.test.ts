import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { codFee, PaymentMethod } from "../../../domain/shipping/cod-fee.ts"
import { BasisPoints, MinorUnits } from "../../../domain/shared/money.ts"
import { basisPoints as rate, minor } from "../../support/units.ts"

const Amount = MinorUnits.check(Schema.isLessThanOrEqualTo(10_000_000))

const percentageMethod = (basisPoints: BasisPoints) => ({
  codSurchargeEnabled: true, codSurchargeType: "percentage" as const, codSurchargeValue: basisPoints
})
const fixedMethod = (amount: MinorUnits) => ({ codSurchargeEnabled: true, codSurchargeType: "fixed" as const, codSurchargeValue: amount })

describe("codFee", () => {
  it.prop(
    "percentage: value % of (subtotal − discount + shipping), half-up to the minor unit",
    [Amount, Amount, Amount, BasisPoints],
    ([subtotal, discountSeed, shipping, basisPoints]) => {
      const discountTotal = minor(Math.min(discountSeed, subtotal))
      const base = subtotal - discountTotal + shipping
      const fee = codFee({
        paymentMethod: "cod", method: percentageMethod(basisPoints), subtotal, discountTotal, shippingFee: shipping
      })
      const exactTimes10k = base * basisPoints
      expect(Number.isInteger(fee)).toBe(true)
      // half-up: the rounding error lies in (-0.5, +0.5] of a minor unit (an exact half goes up)
      expect(fee * 10_000 - exactTimes10k).toBeGreaterThan(-5_000)
      expect(fee * 10_000 - exactTimes10k).toBeLessThanOrEqual(5_000)
    }
  )

  it.prop("fixed: the configured amount whatever the order", [Amount, Amount, Amount], ([value, subtotal, shipping]) => {
    expect(codFee({ paymentMethod: "cod", method: fixedMethod(value), subtotal, discountTotal: minor(0), shippingFee: shipping }))
      .toBe(value)
  })

  it.prop("is 0 when prepaid, disabled or without a method", [Amount, PaymentMethod, BasisPoints], ([value, paymentMethod, bp]) => {
    const order = { subtotal: minor(100_000), discountTotal: minor(0), shippingFee: minor(6_000) }
    expect(codFee({ ...order, paymentMethod: "prepaid", method: fixedMethod(value) })).toBe(0)
    expect(codFee({ ...order, paymentMethod: "prepaid", method: percentageMethod(bp) })).toBe(0)
    expect(codFee({ ...order, paymentMethod, method: { ...fixedMethod(value), codSurchargeEnabled: false } })).toBe(0)
    expect(codFee({ ...order, paymentMethod, method: null })).toBe(0)
    expect(codFee({ ...order, paymentMethod, method: { codSurchargeEnabled: true, codSurchargeType: null, codSurchargeValue: value } }))
      .toBe(0)
  })

  it("rounds an exact half up", () => {
    // 2.5 % of (1000 − 0 + 20) = 25.5 → 26
    expect(codFee({ paymentMethod: "cod", method: percentageMethod(rate(250)), subtotal: minor(1_000), discountTotal: minor(0), shippingFee: minor(20) }))
      .toBe(26)
    // 1 % of (1000 − 100 + 49) = 9.49 → 9
    expect(codFee({ paymentMethod: "cod", method: percentageMethod(rate(100)), subtotal: minor(1_000), discountTotal: minor(100), shippingFee: minor(49) }))
      .toBe(9)
    expect(codFee({ paymentMethod: "cod", method: fixedMethod(minor(2_500)), subtotal: minor(1_000), discountTotal: minor(0), shippingFee: minor(0) }))
      .toBe(2_500)
  })
})
