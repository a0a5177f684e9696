/**
 * Zone resolution (docs/contract/shipping.md): a shop's ordered zone rules map a shipping address to a
 * zone type (free strings such as `inside_city`, `suburb`, `outside_city`), comparing place
 * names in their canonical form.
 */
import { Schema } from "effect"
import type { Address } from "./address.ts"
import { canonicalPlaceName } from "./place-names.ts"

/** The address fields a rule may look at. */
export const ZoneRuleField = Schema.Literals(["city", "district", "division", "thana", "postcode"])
export type ZoneRuleField = typeof ZoneRuleField.Type

export const ZoneType = Schema.NonEmptyString
export type ZoneType = typeof ZoneType.Type

/** "When the address's `field` is one of `values`, the zone type is `zoneType`." */
export const ZoneRule = Schema.Struct({
  zoneType: ZoneType,
  field: ZoneRuleField,
  values: Schema.Array(Schema.String)
})
export type ZoneRule = typeof ZoneRule.Type

/** A shop's rules, in priority order, and the zone type used when none matches. */
export const ShopZoneRules = Schema.Struct({
  rules: Schema.Array(ZoneRule),
  defaultZoneType: ZoneType
})
export type ShopZoneRules = typeof ShopZoneRules.Type

/**
 * Place names compare in their canonical form (place-names.ts): trimmed, case-insensitive, NFC,
 * and a division's or district's Bangla and English names as one, so `" Dhaka "`, `"dhaka"` and
 * `"ঢাকা"` compare equal.
 */
export const normalizeZoneValue = canonicalPlaceName

const ruleMatches = (address: Pick<Address, ZoneRuleField>, rule: ZoneRule): boolean => {
  const addressValue = normalizeZoneValue(address[rule.field])
  // A blank address field never matches (not even a blank rule value).
  return addressValue.length > 0 && rule.values.some((value) => normalizeZoneValue(value) === addressValue)
}

/** The zone type of the first rule that matches the address, else `defaultZoneType`. */
export const resolveZoneType = (
  address: Pick<Address, ZoneRuleField>,
  rules: ReadonlyArray<ZoneRule>,
  defaultZoneType: string
): string => rules.find((rule) => ruleMatches(address, rule))?.zoneType ?? defaultZoneType
