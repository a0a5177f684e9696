/**
 * A shipping method's amounts from one system of units to the other: the edges write major
 * units, percents and kilograms (import files, the storefront's JSON), the service holds minor
 * units, basis points and grams. Both directions walk the method the same way; only the
 * conversions differ, and the edges give them (the import and the HTTP adapter). A zone's weight
 * field names its unit, so its caller converts it.
 */
import type { ShippingMethodId, ShopId } from "../shared/ids.ts"
import type { CodSurchargeType } from "./shipping-method.ts"

/** How amounts (`money`) and rates (`rate`) are converted. */
export interface Units<FromMoney, FromRate, ToMoney, ToRate> {
  readonly money: (amount: FromMoney) => ToMoney
  readonly rate: (rate: FromRate) => ToRate
}

export const nullable = <A, B>(convert: (value: A) => B) => (value: A | null): B | null =>
  value === null ? null : convert(value)

interface MethodFields<Money, Rate> {
  readonly id: ShippingMethodId
  readonly shopId: ShopId
  readonly name: string
  readonly description: string | null
  readonly slaText: string | null
  readonly slaMinDays: number | null
  readonly slaMaxDays: number | null
  readonly minOrderValueForFreeShipping: Money | null
  readonly codSurchargeEnabled: boolean
  readonly codSurchargeType: CodSurchargeType | null
  /** `fixed`: money; `percentage`: a rate. */
  readonly codSurchargeValue: Money | Rate | null
}

/** The method's own fields (not its zones), amounts converted. */
export const convertMethod = <FromMoney, FromRate, ToMoney, ToRate>(
  method: MethodFields<FromMoney, FromRate>,
  units: Units<FromMoney, FromRate, ToMoney, ToRate>
): MethodFields<ToMoney, ToRate> => ({
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
  // the type says which the value is
  codSurchargeValue: method.codSurchargeValue === null
    ? null
    : method.codSurchargeType === "percentage"
    ? units.rate(method.codSurchargeValue as FromRate)
    : units.money(method.codSurchargeValue as FromMoney)
})

interface ZoneAmounts<Money> {
  readonly type: string
  readonly baseRate: Money
  readonly additionalWeightPricePerKg: Money | null
}

/** A zone's type and prices converted (its base weight is the caller's: its field names the unit). */
export const convertZonePrices = <FromMoney, ToMoney>(
  zone: ZoneAmounts<FromMoney>,
  units: Pick<Units<FromMoney, unknown, ToMoney, unknown>, "money">
): ZoneAmounts<ToMoney> => ({
  type: zone.type,
  baseRate: units.money(zone.baseRate),
  additionalWeightPricePerKg: nullable(units.money)(zone.additionalWeightPricePerKg)
})
