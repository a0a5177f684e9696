/**
 * A shop's shipping method and its zones (docs/contract/shipping.md, interface `ShippingMethod`/`Zone`), in the
 * service's units: money in minor units, weights in grams, percentages in basis points.
 */
import { Schema } from "effect"
import { ShippingMethodId, ShopId } from "../shared/ids.ts"
import { AmountOrRate, MinorUnits } from "../shared/money.ts"
import { Grams } from "../shared/weight.ts"
import { ZoneType } from "./zone-rules.ts"

const Days = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** The price of delivering to one zone type. */
export const ShippingZone = Schema.Struct({
  type: ZoneType,
  baseRate: MinorUnits,
  /** Weight included in `baseRate`; `null` means a flat rate. */
  baseWeightGrams: Schema.NullOr(Grams),
  /** Price of each started kilogram over `baseWeightGrams`; `null` means a flat rate. */
  additionalWeightPricePerKg: Schema.NullOr(MinorUnits)
})
export type ShippingZone = typeof ShippingZone.Type

export const CodSurchargeType = Schema.Literals(["fixed", "percentage"])
export type CodSurchargeType = typeof CodSurchargeType.Type

export const ShippingMethod = Schema.Struct({
  id: ShippingMethodId,
  shopId: ShopId,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  slaText: Schema.NullOr(Schema.String),
  slaMinDays: Schema.NullOr(Days),
  slaMaxDays: Schema.NullOr(Days),
  /** Shipping is free when subtotal − discountTotal reaches this; `null` = never free. */
  minOrderValueForFreeShipping: Schema.NullOr(MinorUnits),
  codSurchargeEnabled: Schema.Boolean,
  codSurchargeType: Schema.NullOr(CodSurchargeType),
  /** `fixed`: minor units; `percentage`: basis points (150 for 1.5 %). */
  codSurchargeValue: Schema.NullOr(AmountOrRate),
  zones: Schema.Array(ShippingZone)
})
export type ShippingMethod = typeof ShippingMethod.Type
