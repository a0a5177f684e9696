/**
 * Shipping fee (docs/contract/shipping.md). Weights are summed in integer grams so that e.g. 3 × 100 g is
 * exactly 300 g; every amount is in integer minor units.
 */
import { Result, Schema } from "effect"
import { asMinorUnits, type MinorUnits } from "../shared/money.ts"
import { asGrams, Grams, GRAMS_PER_KILOGRAM } from "../shared/weight.ts"
import { ShippingUnavailableForZone } from "./errors/shipping-unavailable-for-zone.ts"
import type { ShippingMethod, ShippingZone } from "./shipping-method.ts"

/** One cart line as shipping sees it. `weightGrams` is the weight of one unit (0 when unknown). */
export const ShippingItem = Schema.Struct({
  weightGrams: Grams,
  quantity: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  requiresShipping: Schema.Boolean
})
export type ShippingItem = typeof ShippingItem.Type

/** Σ unit weight × quantity over the items that require shipping, in grams. */
export const shippingWeightGrams = (items: ReadonlyArray<ShippingItem>): Grams =>
  asGrams(items.reduce((grams, item) => item.requiresShipping ? grams + item.weightGrams * item.quantity : grams, 0))

/** The method's (first) zone of the given type, or `ShippingUnavailableForZone`. */
export const zoneForType = (
  method: Pick<ShippingMethod, "id" | "zones">,
  zoneType: string
): Result.Result<ShippingZone, ShippingUnavailableForZone> => {
  const zone = method.zones.find((candidate) => candidate.type === zoneType)
  return zone === undefined
    ? Result.fail(new ShippingUnavailableForZone({ shippingMethodId: method.id, zoneType }))
    : Result.succeed(zone)
}

/**
 * `baseRate + ceil(max(0, weight − baseWeight) in kg) × additionalWeightPricePerKg` when both
 * weight settings are present, else `baseRate`. Every started kilogram over the base weight is charged.
 */
export const zoneRate = (zone: ShippingZone, weightGrams: Grams): MinorUnits => {
  if (zone.baseWeightGrams === null || zone.additionalWeightPricePerKg === null) return zone.baseRate
  const extraGrams = Math.max(0, weightGrams - zone.baseWeightGrams)
  const extraStartedKilograms = Math.ceil(extraGrams / GRAMS_PER_KILOGRAM)
  return asMinorUnits(zone.baseRate + extraStartedKilograms * zone.additionalWeightPricePerKg)
}

export const qualifiesForFreeShipping = (
  method: Pick<ShippingMethod, "minOrderValueForFreeShipping">,
  subtotal: MinorUnits,
  discountTotal: MinorUnits
): boolean =>
  method.minOrderValueForFreeShipping !== null && subtotal - discountTotal >= method.minOrderValueForFreeShipping

export interface ShippingFeeInput {
  readonly method: ShippingMethod
  /** Resolved from the shipping address with `resolveZoneType`. */
  readonly zoneType: string
  readonly items: ReadonlyArray<ShippingItem>
  readonly subtotal: MinorUnits
  readonly discountTotal: MinorUnits
}

/**
 * The fee in minor units. The zone must exist even when the order ships free, so a method that
 * does not serve the address is always reported.
 */
export const shippingFee = (input: ShippingFeeInput): Result.Result<MinorUnits, ShippingUnavailableForZone> =>
  Result.map(zoneForType(input.method, input.zoneType), (zone) =>
    qualifiesForFreeShipping(input.method, input.subtotal, input.discountTotal)
      ? asMinorUnits(0)
      : zoneRate(zone, shippingWeightGrams(input.items)))
