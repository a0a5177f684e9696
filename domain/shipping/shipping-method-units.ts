/**
 * A shipping method's amounts from one system of units to the other: the edges write major
 * units, percents and kilograms (import files, the storefront's JSON), the service holds minor
 * units, basis points and grams. Both directions walk the method the same way; only the
 * conversions differ (and the zone's weight field, which names its unit).
 */
import type { ShippingMethodId, ShopId } from "../shared/ids.ts"
import { fromBasisPoints, toBasisPoints, toMajor, toMinor } from "../shared/money.ts"
import type { CodSurchargeType } from "./shipping-method.ts"

export interface Units {
  readonly money: (amount: number) => number
  readonly rate: (rate: number) => number
}

/** Edge units (major, percent) to the service's (minor, basis points). */
export const INWARD: Units = { money: toMinor, rate: toBasisPoints }
/** The service's units to the edge's. */
export const OUTWARD: Units = { money: toMajor, rate: fromBasisPoints }

export const nullable = (convert: (value: number) => number) => (value: number | null): number | null =>
  value === null ? null : convert(value)

interface MethodFields {
  readonly id: ShippingMethodId
  readonly shopId: ShopId
  readonly name: string
  readonly description: string | null
  readonly slaText: string | null
  readonly slaMinDays: number | null
  readonly slaMaxDays: number | null
  readonly minOrderValueForFreeShipping: number | null
  readonly codSurchargeEnabled: boolean
  readonly codSurchargeType: CodSurchargeType | null
  /** `fixed`: money; `percentage`: a rate. */
  readonly codSurchargeValue: number | null
}

/** The method's own fields (not its zones), amounts converted. */
export const convertMethod = (method: MethodFields, units: Units): MethodFields => ({
  id: method.id,
  shopId: method.shopId,
  name: method.name,
  description: method.description,
  slaText: method.slaText,
  slaMinDays: method.slaMinDays,
  slaMaxDays: method.slaMaxDays,
  minOrderValueForFreeShipping: nullable(units.money)(method.minOrderValueForFreeShipping),
  codSurchargeEnabled: method.codSurchargeEnabled,
  codSurchargeType: method.codSurchargeType,
  codSurchargeValue: nullable(method.codSurchargeType === "percentage" ? units.rate : units.money)(
    method.codSurchargeValue
  )
})

interface ZoneAmounts {
  readonly type: string
  readonly baseRate: number
  readonly additionalWeightPricePerKg: number | null
}

/** A zone's type and prices converted (its base weight is the caller's: its field names the unit). */
export const convertZonePrices = (zone: ZoneAmounts, units: Units): ZoneAmounts => ({
  type: zone.type,
  baseRate: units.money(zone.baseRate),
  additionalWeightPricePerKg: nullable(units.money)(zone.additionalWeightPricePerKg)
})
