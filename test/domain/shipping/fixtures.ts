import type { ShippingMethod, ShippingZone } from "../../../domain/shipping/shipping-method.ts"
import { ShippingMethodId, ShopId } from "../../../domain/shared/ids.ts"
import { grams, minor } from "../../support/units.ts"

export const insideCityZone: ShippingZone = {
  type: "inside_city", baseRate: minor(6_000), baseWeightGrams: grams(1_000), additionalWeightPricePerKg: minor(2_000)
}
export const outsideCityZone: ShippingZone = {
  type: "outside_city", baseRate: minor(12_000), baseWeightGrams: null, additionalWeightPricePerKg: null
}

export const makeShippingMethod = (overrides: Partial<ShippingMethod> = {}): ShippingMethod => ({
  id: ShippingMethodId.make("shm_standard"),
  shopId: ShopId.make("shop_1"),
  name: "Standard",
  description: null,
  slaText: "2-3 days",
  slaMinDays: 2,
  slaMaxDays: 3,
  minOrderValueForFreeShipping: null,
  codSurchargeEnabled: false,
  codSurchargeType: null,
  codSurchargeValue: null,
  zones: [insideCityZone, outsideCityZone],
  ...overrides
})
