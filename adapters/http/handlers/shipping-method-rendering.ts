/** A stored shipping method (minor units, grams, basis points) as the storefront shows it. */
import type { ShippingMethodRecord } from "../../../application/catalog/shipping-method-record.ts"
import { toKilograms } from "../../../domain/shared/weight.ts"
import { convertMethod, convertZonePrices, nullable, OUTWARD } from "../../../domain/shipping/shipping-method-units.ts"
import type { ShippingMethodView } from "../api/shipping-method-view.ts"

export const toShippingMethodView = (method: ShippingMethodRecord): ShippingMethodView => ({
  ...convertMethod(method, OUTWARD),
  zones: method.zones.map((zone) => ({
    ...convertZonePrices(zone, OUTWARD),
    baseWeightKg: nullable(toKilograms)(zone.baseWeightGrams)
  }))
})
