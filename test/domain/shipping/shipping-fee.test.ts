import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Result, Schema } from "effect"
import { ShippingItem, shippingFee, shippingWeightGrams, zoneForType } from "../../../domain/shipping/shipping-fee.ts"
import { zoneRate } from "../../../domain/shipping/shipping-fee.ts"
import { ShippingMethod, ShippingZone } from "../../../domain/shipping/shipping-method.ts"
import { MinorUnits } from "../../../domain/shared/money.ts"
import { Grams, toGrams } from "../../../domain/shared/weight.ts"
import { grams, minor } from "../../support/units.ts"
import { insideCityZone, makeShippingMethod, outsideCityZone } from "./fixtures.ts"

const Weight = Grams.check(Schema.isLessThanOrEqualTo(200_000))
const Amount = MinorUnits.check(Schema.isLessThanOrEqualTo(10_000_000))
const Threshold = MinorUnits.check(Schema.isBetween({ minimum: 1, maximum: 10_000_000 }))
const BaseGrams = Grams.check(Schema.isLessThanOrEqualTo(50_000))
/** A zone priced by weight, with a base weight of whole grams (e.g. 0.75 kg). */
const WeightPricedZone = Arbitrary.all([Arbitrary.schema(Amount), Arbitrary.schema(BaseGrams), Arbitrary.schema(Amount)]).pipe(
  Arbitrary.map(([baseRate, baseGrams, additionalWeightPricePerKg]) => ({
    type: "inside_city",
    baseRate,
    baseWeightGrams: baseGrams,
    additionalWeightPricePerKg
  }))
)
const SmallItem = Schema.Struct({
  weightGrams: Grams.check(Schema.isLessThanOrEqualTo(20_000)),
  quantity: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 999 })),
  requiresShipping: Schema.Boolean
})
const Items = Schema.Array(SmallItem).check(Schema.isMaxLength(8))

const fee = (input: Parameters<typeof shippingFee>[0]) => Result.getOrThrow(shippingFee(input))

describe("zoneRate", () => {
  it.prop("never decreases as the weight grows", [WeightPricedZone, Weight, Weight], ([zone, a, b]) => {
    const [lighter, heavier] = a <= b ? [a, b] : [b, a]
    expect(zoneRate(zone, lighter)).toBeLessThanOrEqual(zoneRate(zone, heavier))
  })

  it.prop("charges baseRate plus every started kilogram over the base weight", [WeightPricedZone, Weight], ([zone, grams]) => {
    const extraGrams = Math.max(0, grams - zone.baseWeightGrams)
    const rate = zoneRate(zone, grams)
    expect(rate).toBeGreaterThanOrEqual(zone.baseRate)
    expect((rate - zone.baseRate) % Math.max(1, zone.additionalWeightPricePerKg)).toBe(0)
    const startedKilograms = zone.additionalWeightPricePerKg === 0 ? 0 : (rate - zone.baseRate) / zone.additionalWeightPricePerKg
    if (zone.additionalWeightPricePerKg > 0) {
      expect(startedKilograms * 1000).toBeGreaterThanOrEqual(extraGrams)
      expect((startedKilograms - 1) * 1000).toBeLessThan(extraGrams)
    }
  })

  it.prop("is the flat baseRate when either weight setting is missing", [ShippingZone, Weight], ([zone, grams]) => {
    expect(zoneRate({ ...zone, baseWeightGrams: null }, grams)).toBe(zone.baseRate)
    expect(zoneRate({ ...zone, additionalWeightPricePerKg: null }, grams)).toBe(zone.baseRate)
  })

  it("examples: base 1 kg at 60.00, 20.00 per started kg", () => {
    expect(zoneRate(insideCityZone, grams(0))).toBe(6_000)
    expect(zoneRate(insideCityZone, grams(1_000))).toBe(6_000)
    expect(zoneRate(insideCityZone, grams(1_001))).toBe(8_000)
    expect(zoneRate(insideCityZone, grams(2_000))).toBe(8_000)
    expect(zoneRate(insideCityZone, grams(2_500))).toBe(10_000)
    expect(zoneRate({ ...insideCityZone, baseWeightGrams: grams(300) }, grams(300))).toBe(6_000)
    expect(zoneRate(outsideCityZone, grams(50_000))).toBe(12_000)
  })
})

describe("shippingWeightGrams", () => {
  it.prop("sums unit weight × quantity over the items that require shipping", [Items, SmallItem], ([items, extra]) => {
    const withoutShipping = { ...extra, requiresShipping: false }
    expect(shippingWeightGrams([...items, withoutShipping])).toBe(shippingWeightGrams(items))
    const shipped = { ...extra, requiresShipping: true }
    expect(shippingWeightGrams([...items, shipped])).toBe(shippingWeightGrams(items) + extra.weightGrams * extra.quantity)
  })

  it("adds in whole grams, so 3 × 0.1 kg is exactly 0.3 kg", () => {
    const items: ReadonlyArray<ShippingItem> = [{ weightGrams: toGrams(0.1), quantity: 3, requiresShipping: true }]
    expect(shippingWeightGrams(items)).toBe(300)
    const method = makeShippingMethod({ zones: [{ ...insideCityZone, baseWeightGrams: grams(300) }] })
    expect(fee({ method, zoneType: "inside_city", items, subtotal: minor(0), discountTotal: minor(0) })).toBe(6_000)
  })
})

describe("shippingFee", () => {
  it.prop(
    "free shipping starts exactly at the threshold (subtotal − discount)",
    [Threshold, Amount, Items],
    ([threshold, discountTotal, items]) => {
      const method = makeShippingMethod({ minOrderValueForFreeShipping: threshold })
      const paying = { method, zoneType: "inside_city", items, discountTotal }
      const rate = zoneRate(insideCityZone, shippingWeightGrams(items))
      expect(fee({ ...paying, subtotal: minor(threshold - 1 + discountTotal) })).toBe(rate)
      expect(fee({ ...paying, subtotal: minor(threshold + discountTotal) })).toBe(0)
    }
  )

  it.prop("without a threshold it is the zone rate of the shipped weight", [Amount, Items], ([subtotal, items]) => {
    const method = makeShippingMethod()
    expect(fee({ method, zoneType: "inside_city", items, subtotal, discountTotal: minor(0) }))
      .toBe(zoneRate(insideCityZone, shippingWeightGrams(items)))
  })

  it.prop("a zone type the method does not serve is reported, free or not", [ShippingMethod, Amount], ([method, subtotal]) => {
    const result = shippingFee({
      method: { ...method, minOrderValueForFreeShipping: minor(0) },
      zoneType: "\u0000no-such-zone",
      items: [],
      subtotal,
      discountTotal: minor(0)
    })
    const failure = Result.getOrThrow(Result.flip(result))
    expect(failure._tag).toBe("ShippingUnavailableForZone")
    expect(failure.zoneType).toBe("\u0000no-such-zone")
    expect(failure.shippingMethodId).toBe(method.id)
  })

  it("examples", () => {
    const method = makeShippingMethod({ minOrderValueForFreeShipping: minor(500_000) })
    const items: ReadonlyArray<ShippingItem> = [
      { weightGrams: grams(750), quantity: 2, requiresShipping: true },
      { weightGrams: grams(5_000), quantity: 1, requiresShipping: false }
    ]
    expect(fee({ method, zoneType: "inside_city", items, subtotal: minor(100_000), discountTotal: minor(0) })).toBe(8_000)
    expect(fee({ method, zoneType: "outside_city", items, subtotal: minor(100_000), discountTotal: minor(0) })).toBe(12_000)
    expect(fee({ method, zoneType: "inside_city", items, subtotal: minor(510_000), discountTotal: minor(10_000) })).toBe(0)
    expect(fee({ method, zoneType: "inside_city", items, subtotal: minor(510_000), discountTotal: minor(10_001) })).toBe(8_000)
    expect(Result.isFailure(zoneForType(method, "suburb"))).toBe(true)
    expect(Result.getOrThrow(zoneForType(method, "outside_city"))).toEqual(outsideCityZone)
  })
})
