/**
 * A shipping method as the catalog stores it: the domain's ShippingMethod (minor units, grams,
 * basis points) plus its position among the shop's methods.
 */
import { Schema } from "effect"
import { ShippingMethod, ShippingZone } from "../../domain/shipping/shipping-method.ts"

export const ShippingZoneRecord = ShippingZone
export type ShippingZoneRecord = typeof ShippingZoneRecord.Type

export const ShippingMethodRecord = Schema.Struct({ ...ShippingMethod.fields, position: Schema.Int })
export type ShippingMethodRecord = typeof ShippingMethodRecord.Type
