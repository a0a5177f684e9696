/**
 * A shipping method as the catalog stores it: money in minor units; `codSurchargeValue` is minor
 * units for `fixed` and basis points (1/100 of a percent) for `percentage`.
 */
import { Schema } from "effect"

export const ShippingZoneRecord = Schema.Struct({
  type: Schema.String,
  baseRate: Schema.Int,
  baseWeightGrams: Schema.NullOr(Schema.Int),
  additionalWeightPricePerKg: Schema.NullOr(Schema.Int)
})
export type ShippingZoneRecord = typeof ShippingZoneRecord.Type

export const ShippingMethodRecord = Schema.Struct({
  id: Schema.String,
  shopId: Schema.String,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  slaText: Schema.NullOr(Schema.String),
  slaMinDays: Schema.NullOr(Schema.Int),
  slaMaxDays: Schema.NullOr(Schema.Int),
  minOrderValueForFreeShipping: Schema.NullOr(Schema.Int),
  codSurchargeEnabled: Schema.Boolean,
  codSurchargeType: Schema.NullOr(Schema.Literals(["fixed", "percentage"])),
  codSurchargeValue: Schema.NullOr(Schema.Int),
  zones: Schema.Array(ShippingZoneRecord),
  position: Schema.Int
})
export type ShippingMethodRecord = typeof ShippingMethodRecord.Type
