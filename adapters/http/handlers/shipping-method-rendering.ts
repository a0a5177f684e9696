/** A stored shipping method (minor units, grams, basis points) as the storefront shows it. */
import type { ShippingMethodRecord } from "../../../application/catalog/shipping-method-record.ts"
import { fromBasisPoints, toMajor } from "../../../domain/shared/money.ts"
import { toKilograms } from "../../../domain/shared/weight.ts"
import { convertMethod, convertZonePrices, nullable } from "../../../domain/shipping/shipping-method-units.ts"
import type { ShippingMethodView } from "../api/shipping-method-view.ts"

/** The service's units to the storefront's (major units, percents). */
const OUTWARD = { money: toMajor, rate: fromBasisPoints }

export const toShippingMethodView = (method: ShippingMethodRecord): ShippingMethodView => ({
  ...convertMethod(method, OUTWARD),
  zones: method.zones.map((zone) => ({
    ...convertZonePrices(zone, OUTWARD),
    baseWeightKg: nullable(toKilograms)(zone.baseWeightGrams)
  }))
})
