/** A stored shipping method (minor units, grams, basis points) as the storefront shows it. */
import type { ShippingMethodRecord } from "../../../application/catalog/shipping-method-record.ts"
import { fromBasisPoints, toMajor } from "../../../domain/shared/money.ts"
import { toKilograms } from "../../../domain/shared/weight.ts"
import type { ShippingMethodView } from "../api/shipping-method-view.ts"

export const toShippingMethodView = (method: ShippingMethodRecord): ShippingMethodView => ({
  id: method.id,
  shopId: method.shopId,
  name: method.name,
  description: method.description,
  slaText: method.slaText,
  slaMinDays: method.slaMinDays,
  slaMaxDays: method.slaMaxDays,
  minOrderValueForFreeShipping: method.minOrderValueForFreeShipping === null
    ? null
    : toMajor(method.minOrderValueForFreeShipping),
  codSurchargeEnabled: method.codSurchargeEnabled,
  codSurchargeType: method.codSurchargeType,
  codSurchargeValue: method.codSurchargeValue === null
    ? null
    : method.codSurchargeType === "percentage"
    ? fromBasisPoints(method.codSurchargeValue)
    : toMajor(method.codSurchargeValue),
  zones: method.zones.map((zone) => ({
    type: zone.type,
    baseRate: toMajor(zone.baseRate),
    baseWeightKg: zone.baseWeightGrams === null ? null : toKilograms(zone.baseWeightGrams),
    additionalWeightPricePerKg: zone.additionalWeightPricePerKg === null ? null : toMajor(zone.additionalWeightPricePerKg)
  }))
})
