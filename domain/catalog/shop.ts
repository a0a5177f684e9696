/** A shop and the publishable keys that scope storefront requests to a set of shops. */
import { Schema } from "effect"
import { ShopId } from "../shared/ids.ts"

export const ZoneRuleField = Schema.Literals(["city", "district", "division", "thana", "postcode"])

export const ShopZoneRule = Schema.Struct({
  zoneType: Schema.String,
  field: ZoneRuleField,
  values: Schema.Array(Schema.String)
})
export type ShopZoneRule = typeof ShopZoneRule.Type

/** The couriers the service speaks to (a shop's `courier` in the import document, or DEFAULT_COURIER). */
export const CourierName = Schema.Literals(["steadfast", "pathao", "demo"])
export type CourierName = typeof CourierName.Type

export const Shop = Schema.Struct({
  id: ShopId,
  name: Schema.String,
  zoneRules: Schema.Array(ShopZoneRule),
  defaultZoneType: Schema.String,
  /** The shop's courier (docs/contract/catalog-import.md); absent or null: DEFAULT_COURIER. */
  courier: Schema.optionalKey(Schema.NullOr(CourierName))
})
export type Shop = typeof Shop.Type

export const PublishableKey = Schema.Struct({
  key: Schema.String,
  title: Schema.String,
  shopIds: Schema.Array(ShopId),
  revokedAt: Schema.NullOr(Schema.Date)
})
export type PublishableKey = typeof PublishableKey.Type

/** A key resolves to its shops while it is not revoked. */
export const isKeyActive = (key: PublishableKey, now: Date): boolean =>
  key.revokedAt === null || key.revokedAt.getTime() > now.getTime()
