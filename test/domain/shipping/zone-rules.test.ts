import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { resolveZoneType, ZoneRule } from "../../../domain/shipping/zone-rules.ts"
import type { ZoneRuleField } from "../../../domain/shipping/zone-rules.ts"

const address = (fields: Partial<Record<ZoneRuleField, string>>) => ({
  city: "", district: "", division: "", thana: "", postcode: "", ...fields
})

const Rules = Schema.Array(ZoneRule).check(Schema.isMaxLength(6))
const AddressFields = Schema.Struct({
  city: Schema.String, district: Schema.String, division: Schema.String, thana: Schema.String, postcode: Schema.String
})
const DefaultZone = Schema.Literal("outside_city")

/** Rules over one set of place names, addresses over a disjoint one. */
const PlaceRule = Schema.Struct({
  zoneType: Schema.Literals(["inside_city", "suburb"]),
  field: ZoneRule.fields.field,
  values: Schema.Array(Schema.Literals(["Dhaka", " sylhet ", "1207", ""]))
})
const OtherPlace = Schema.Literals(["Khulna", "KHULNA ", "1000", "", "  "])
const OtherPlaceAddress = Schema.Struct({
  city: OtherPlace, district: OtherPlace, division: OtherPlace, thana: OtherPlace, postcode: OtherPlace
})

/** Upper-cases and pads with whitespace: must not change what matches. */
const mangle = (value: string): string => ` \t${value.toUpperCase()}  `

describe("resolveZoneType", () => {
  it.prop("gives the default or the zone type of some rule", [AddressFields, Rules, DefaultZone], ([fields, rules, fallback]) => {
    const zoneType = resolveZoneType(fields, rules, fallback)
    expect([fallback, ...rules.map((rule) => rule.zoneType)]).toContain(zoneType)
  })

  it.prop("a rule matching the address put first always wins", [AddressFields, Rules, ZoneRule.fields.field], ([fields, rules, field]) => {
    const value = `${fields[field]}x`
    const first = { zoneType: "first_zone", field, values: ["nope", mangle(value)] }
    expect(resolveZoneType({ ...fields, [field]: value }, [first, ...rules], "outside_city")).toBe("first_zone")
  })

  it.prop("is insensitive to case and surrounding whitespace", [AddressFields, Rules], ([fields, rules]) => {
    const mangled = {
      city: mangle(fields.city), district: mangle(fields.district), division: mangle(fields.division),
      thana: mangle(fields.thana), postcode: mangle(fields.postcode)
    }
    const lowered = {
      city: fields.city.toLowerCase(), district: fields.district.toLowerCase(), division: fields.division.toLowerCase(),
      thana: fields.thana.toLowerCase(), postcode: fields.postcode.toLowerCase()
    }
    expect(resolveZoneType(mangled, rules, "outside_city")).toBe(resolveZoneType(lowered, rules, "outside_city"))
  })

  it.prop("falls back to the default when no rule value matches", [OtherPlaceAddress, Schema.Array(PlaceRule)], ([fields, rules]) => {
    expect(resolveZoneType(fields, rules, "outside_city")).toBe("outside_city")
    expect(resolveZoneType(address({}), rules, "outside_city")).toBe("outside_city")
  })

  const rules: ReadonlyArray<ZoneRule> = [
    { zoneType: "inside_city", field: "city", values: ["Dhaka", "Chattogram"] },
    { zoneType: "suburb", field: "district", values: ["Gazipur", "Narayanganj"] },
    { zoneType: "suburb_city", field: "city", values: ["Gazipur"] }
  ]

  it("takes the first matching rule in order, trimmed and case-insensitive", () => {
    expect(resolveZoneType(address({ city: "  dhaka " }), rules, "outside_city")).toBe("inside_city")
    expect(resolveZoneType(address({ city: "CHATTOGRAM" }), rules, "outside_city")).toBe("inside_city")
    // both the district rule (2nd) and the city rule (3rd) match: the earlier one wins
    expect(resolveZoneType(address({ city: "Gazipur", district: "gazipur" }), rules, "outside_city")).toBe("suburb")
    expect(resolveZoneType(address({ city: "Gazipur", district: "Dhaka" }), rules, "outside_city")).toBe("suburb_city")
  })

  it("uses the default when nothing matches, and a blank field never matches", () => {
    expect(resolveZoneType(address({ city: "Sylhet" }), rules, "outside_city")).toBe("outside_city")
    expect(resolveZoneType(address({ city: "Dhaka City" }), rules, "outside_city")).toBe("outside_city")
    expect(resolveZoneType(address({}), [{ zoneType: "blank", field: "postcode", values: ["", " "] }], "outside_city"))
      .toBe("outside_city")
    expect(resolveZoneType(address({ postcode: "1207" }), [], "outside_city")).toBe("outside_city")
    expect(resolveZoneType(address({ postcode: " 1207" }), [{ zoneType: "z", field: "postcode", values: ["1207 "] }], "d"))
      .toBe("z")
  })
})
