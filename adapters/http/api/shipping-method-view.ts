/** The storefront rendering of a shipping method (the interface's ShippingMethod plus shopId). */
import { Schema } from "effect"

export const ShippingZoneView = Schema.Struct({
  type: Schema.String,
  baseRate: Schema.Finite,
  baseWeightKg: Schema.NullOr(Schema.Finite),
  additionalWeightPricePerKg: Schema.NullOr(Schema.Finite)
})

export const ShippingMethodView = Schema.Struct({
  id: Schema.String,
  shopId: Schema.String,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  slaText: Schema.NullOr(Schema.String),
  slaMinDays: Schema.NullOr(Schema.Int),
  slaMaxDays: Schema.NullOr(Schema.Int),
  minOrderValueForFreeShipping: Schema.NullOr(Schema.Finite),
  codSurchargeEnabled: Schema.Boolean,
  codSurchargeType: Schema.NullOr(Schema.Literals(["fixed", "percentage"])),
  codSurchargeValue: Schema.NullOr(Schema.Finite),
  zones: Schema.Array(ShippingZoneView)
}).annotate({ identifier: "ShippingMethod" })
export type ShippingMethodView = typeof ShippingMethodView.Type
