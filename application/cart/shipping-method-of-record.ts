/**
 * The one place where a stored shipping method (application/catalog/shipping-method-record.ts:
 * grams, basis points) becomes the domain's ShippingMethod (kilograms, percent). Both
 * conversions are exact: the domain turns kilograms back into whole grams and percent back into
 * basis points before computing.
 */
import type { ShippingMethod } from "../../domain/shipping/shipping-method.ts"
import type { ShippingMethodRecord } from "../catalog/shipping-method-record.ts"
import { fromBasisPoints } from "../catalog-import/catalog-import-data.ts"

const GRAMS_PER_KILOGRAM = 1000

export const toShippingMethod = (record: ShippingMethodRecord): ShippingMethod => ({
  id: record.id,
  shopId: record.shopId,
  name: record.name,
  description: record.description,
  slaText: record.slaText,
  slaMinDays: record.slaMinDays,
  slaMaxDays: record.slaMaxDays,
  minOrderValueForFreeShipping: record.minOrderValueForFreeShipping,
  codSurchargeEnabled: record.codSurchargeEnabled,
  codSurchargeType: record.codSurchargeType,
  codSurchargeValue: record.codSurchargeValue === null
    ? null
    : record.codSurchargeType === "percentage"
    ? fromBasisPoints(record.codSurchargeValue)
    : record.codSurchargeValue,
  zones: record.zones.map((zone) => ({
    type: zone.type,
    baseRate: zone.baseRate,
    baseWeightKg: zone.baseWeightGrams === null ? null : zone.baseWeightGrams / GRAMS_PER_KILOGRAM,
    additionalWeightPricePerKg: zone.additionalWeightPricePerKg
  }))
})
