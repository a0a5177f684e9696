import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Result, Schema } from "effect"
import { computeCartTotals, computeTotalsWithoutShipping, lineTotal } from "../../../domain/cart/cart-totals.ts"
import type { CartTotalsInput } from "../../../domain/cart/cart-totals.ts"
import { PaymentMethod } from "../../../domain/shipping/cod-fee.ts"
import { BasisPoints, MinorUnits } from "../../../domain/shared/money.ts"
import { Grams } from "../../../domain/shared/weight.ts"
import { basisPoints, grams, minor } from "../../support/units.ts"
import { makeShippingMethod } from "../shipping/fixtures.ts"

const Amount = MinorUnits.check(Schema.isLessThanOrEqualTo(10_000_000))
const Line = Schema.Struct({
  unitPrice: Amount,
  quantity: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 999 })),
  weightGrams: Grams.check(Schema.isLessThanOrEqualTo(20_000)),
  requiresShipping: Schema.Boolean
})
const Lines = Schema.Array(Line).check(Schema.isMaxLength(8))
/** A coupon as totals see it; percentages in basis points. */
const CouponShape = Arbitrary.all({
  present: Arbitrary.schema(Schema.Boolean),
  percentage: Arbitrary.schema(Schema.Boolean),
  amount: Arbitrary.schema(Amount),
  basisPoints: Arbitrary.schema(BasisPoints),
  minSubtotal: Arbitrary.schema(Amount)
}).pipe(Arbitrary.map(({ amount, basisPoints, minSubtotal, percentage, present }): CartTotalsInput["coupon"] =>
  !present
    ? null
    : percentage
    ? { type: "percentage", value: basisPoints, minSubtotal }
    : { type: "fixed", value: amount, minSubtotal }
))
const Cod = Schema.Struct({
  codSurchargeEnabled: Schema.Boolean,
  codSurchargeType: Schema.NullOr(Schema.Literals(["fixed", "percentage"])),
  codSurchargeValue: Schema.NullOr(BasisPoints)
})
const Threshold = Schema.NullOr(Amount)

const TotalsInput = Arbitrary.all({
  lines: Arbitrary.schema(Lines),
  coupon: CouponShape,
  cod: Arbitrary.schema(Cod),
  threshold: Arbitrary.schema(Threshold),
  withShipping: Arbitrary.schema(Schema.Boolean),
  paymentMethod: Arbitrary.schema(PaymentMethod)
}).pipe(Arbitrary.map(({ cod, coupon, lines, paymentMethod, threshold, withShipping }): CartTotalsInput => ({
  lines,
  coupon,
  paymentMethod,
  shipping: withShipping
    ? { method: makeShippingMethod({ ...cod, minOrderValueForFreeShipping: threshold }), zoneType: "inside_city" }
    : null
})))

const totals = (input: CartTotalsInput) => Result.getOrThrow(computeCartTotals(input))

describe("computeCartTotals", () => {
  it.prop("total = subtotal − discountTotal + shippingFee + codFee, every amount a non-negative integer", [TotalsInput], ([input]) => {
    const result = totals(input)
    expect(result.total).toBe(result.subtotal - result.discountTotal + result.shippingFee + result.codFee)
    expect(result.discountTotal).toBe(result.couponDiscount)
    expect(result.discountTotal).toBeLessThanOrEqual(result.subtotal)
    for (const amount of Object.values(result)) {
      expect(Number.isSafeInteger(amount)).toBe(true)
      expect(amount).toBeGreaterThanOrEqual(0)
    }
  })

  it.prop("subtotal = Σ unitPrice × quantity, itemCount = Σ quantity", [TotalsInput], ([input]) => {
    const result = totals(input)
    expect(result.subtotal).toBe(input.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0))
    expect(result.itemCount).toBe(input.lines.reduce((sum, line) => sum + line.quantity, 0))
    expect(input.lines.every((line) => lineTotal(line) === line.unitPrice * line.quantity)).toBe(true)
  })

  it.prop("computeTotalsWithoutShipping is computeCartTotals with no shipping method", [TotalsInput], ([input]) => {
    const { shipping: _shipping, ...withoutShipping } = input
    expect(computeTotalsWithoutShipping(withoutShipping)).toEqual(totals({ ...input, shipping: null }))
  })

  it.prop("no shipping method: no shipping fee and no COD fee", [TotalsInput], ([input]) => {
    const result = totals({ ...input, shipping: null })
    expect(result.shippingFee).toBe(0)
    expect(result.codFee).toBe(0)
    expect(result.total).toBe(result.subtotal - result.discountTotal)
  })

  it("a worked example: coupon, weight pricing and a percentage COD surcharge", () => {
    const result = totals({
      lines: [
        { unitPrice: minor(120_050), quantity: 2, weightGrams: grams(800), requiresShipping: true },
        { unitPrice: minor(9_999), quantity: 1, weightGrams: grams(0), requiresShipping: false }
      ],
      coupon: { type: "percentage", value: basisPoints(1_250), minSubtotal: minor(100_000) },
      shipping: {
        method: makeShippingMethod({ codSurchargeEnabled: true, codSurchargeType: "percentage", codSurchargeValue: basisPoints(100) }),
        zoneType: "inside_city"
      },
      paymentMethod: "cod"
    })
    // subtotal 250 099; 12.5 % = 31 262.375 → 31 262; 1.6 kg → 60.00 + 1 × 20.00; COD 1 % of 226 837 = 2 268.37 → 2 268
    expect(result).toEqual({
      subtotal: 250_099,
      couponDiscount: 31_262,
      discountTotal: 31_262,
      shippingFee: 8_000,
      codFee: 2_268,
      total: 250_099 - 31_262 + 8_000 + 2_268,
      itemCount: 3
    })
  })

  it("keeps a coupon whose minimum is no longer met at discount 0", () => {
    const result = totals({
      lines: [{ unitPrice: minor(40_000), quantity: 1, weightGrams: grams(0), requiresShipping: true }],
      coupon: { type: "fixed", value: minor(5_000), minSubtotal: minor(50_000) },
      shipping: null,
      paymentMethod: "prepaid"
    })
    expect(result.couponDiscount).toBe(0)
    expect(result.total).toBe(40_000)
  })

  it("free shipping is judged after the discount", () => {
    const input: CartTotalsInput = {
      lines: [{ unitPrice: minor(100_000), quantity: 1, weightGrams: grams(500), requiresShipping: true }],
      coupon: { type: "fixed", value: minor(1), minSubtotal: minor(0) },
      shipping: { method: makeShippingMethod({ minOrderValueForFreeShipping: minor(100_000) }), zoneType: "inside_city" },
      paymentMethod: "prepaid"
    }
    expect(totals(input).shippingFee).toBe(6_000)
    expect(totals({ ...input, coupon: null }).shippingFee).toBe(0)
  })

  it("fails when the method no longer serves the zone", () => {
    const result = computeCartTotals({
      lines: [], coupon: null, paymentMethod: "cod", shipping: { method: makeShippingMethod(), zoneType: "suburb" }
    })
    expect(Result.getOrThrow(Result.flip(result))._tag).toBe("ShippingUnavailableForZone")
  })
})
