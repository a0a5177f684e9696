/**
 * A shop's shipping method and its zones (CONTRACT §5, interface `ShippingMethod`/`Zone`).
 * Money is in integer minor units; weights in kilograms as configured by the shop.
 */
import { Schema } from "effect"
import { ZoneType } from "./zone-rules.ts"

/** An amount in minor units (a safe, non-negative integer). */
const MinorAmount = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
const NonNegativeNumber = Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0))
const Days = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** The price of delivering to one zone type. */
export const ShippingZone = Schema.Struct({
  type: ZoneType,
  baseRate: MinorAmount,
  /** Weight included in `baseRate`; `null` means a flat rate. */
  baseWeightKg: Schema.NullOr(NonNegativeNumber),
  /** Price of each started kilogram over `baseWeightKg`; `null` means a flat rate. */
  additionalWeightPricePerKg: Schema.NullOr(MinorAmount)
})
export type ShippingZone = typeof ShippingZone.Type

export const CodSurchargeType = Schema.Literals(["fixed", "percentage"])
export type CodSurchargeType = typeof CodSurchargeType.Type

export const ShippingMethod = Schema.Struct({
  id: Schema.String,
  shopId: Schema.String,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  slaText: Schema.NullOr(Schema.String),
  slaMinDays: Schema.NullOr(Days),
  slaMaxDays: Schema.NullOr(Days),
  /** Shipping is free when subtotal − discountTotal reaches this; `null` = never free. */
  minOrderValueForFreeShipping: Schema.NullOr(MinorAmount),
  codSurchargeEnabled: Schema.Boolean,
  codSurchargeType: Schema.NullOr(CodSurchargeType),
  /** `fixed`: minor units (integer); `percentage`: a percent number, e.g. 1.5 for 1.5 %. */
  codSurchargeValue: Schema.NullOr(NonNegativeNumber),
  zones: Schema.Array(ShippingZone)
}).check(
  Schema.makeFilter((method: { readonly codSurchargeType: CodSurchargeType | null; readonly codSurchargeValue: number | null }) =>
    method.codSurchargeType !== "fixed" || method.codSurchargeValue === null ||
      Number.isSafeInteger(method.codSurchargeValue)
      ? undefined
      : { path: ["codSurchargeValue"], issue: "Expected a fixed COD surcharge in whole minor units" }
  )
)
export type ShippingMethod = typeof ShippingMethod.Type
