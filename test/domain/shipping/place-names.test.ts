import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { basicPlaceName, canonicalPlaceName, DISTRICT_COUNT, DIVISION_COUNT, knownPlaceNames } from "../../../domain/shipping/place-names.ts"
import { resolveZoneType } from "../../../domain/shipping/zone-rules.ts"

const address = (fields: Partial<Record<"city" | "district" | "division" | "thana" | "postcode", string>>) => ({
  city: "", district: "", division: "", thana: "", postcode: "", ...fields
})
const Padding = Schema.Literals(["", " ", "\t", "  \n"])
const KnownName = Schema.Literals(knownPlaceNames().map(([name]) => name) as [string, ...Array<string>])

describe("canonical place names", () => {
  it("the table holds the 8 divisions and the 64 districts", () => {
    expect(DIVISION_COUNT).toBe(8)
    expect(DISTRICT_COUNT).toBe(64)
    const canonical = new Set(knownPlaceNames().map(([, name]) => name))
    expect(canonical.size).toBe(64) // every division is also the name of a district
  })

  it.prop("canonicalPlaceName is idempotent", [Schema.String], ([name]) => {
    const once = canonicalPlaceName(name)
    expect(canonicalPlaceName(once)).toBe(once)
  })

  it.prop("case, surrounding whitespace and Unicode normal form never change a name", [KnownName, Padding, Padding, Schema.Boolean], ([name, before, after, upper]) => {
    const written = `${before}${upper ? name.toUpperCase() : name.toLowerCase()}${after}`
    expect(canonicalPlaceName(written.normalize("NFD"))).toBe(canonicalPlaceName(name))
    expect(canonicalPlaceName(written.normalize("NFKC"))).toBe(canonicalPlaceName(name))
  })

  it.prop("a zero-width joiner or non-joiner typed into a known name never changes it", [KnownName, Schema.Literals(["\u200C", "\u200D"]), Schema.Int], ([name, joiner, at]) => {
    const position = Math.abs(at) % (name.length + 1)
    expect(canonicalPlaceName(`${name.slice(0, position)}${joiner}${name.slice(position)}`)).toBe(canonicalPlaceName(name))
  })

  it.prop("an unknown name compares as trimmed, case-insensitive NFC text", [Schema.String, Padding], ([name, padding]) => {
    const known = new Set(knownPlaceNames().map(([, canonical]) => canonical))
    const out = canonicalPlaceName(`${padding}${name}${padding}`)
    if (!known.has(out)) expect(out).toBe(basicPlaceName(name))
  })

  it("Bangla and English names, old and new spellings, are one value", () => {
    const same = [
      ["Dhaka", "ঢাকা", "dhaka ", "DHAKA", "Dhaka Division", "ঢাকা জেলা", "ঢাকা\u200D", "\u200Cঢাকা", "ঢাকা জেলা\u200D"],
      ["Chittagong", "Chattogram", "চট্টগ্রাম", "chattagram"],
      ["Comilla", "Cumilla", "কুমিল্লা"],
      ["Barisal", "Barishal", "বরিশাল"],
      ["Jessore", "Jashore", "যশোর"],
      ["Bogra", "Bogura", "বগুড়া"],
      ["Gazipur", "গাজীপুর"],
      ["Narayanganj", "নারায়ণগঞ্জ", "নারায়ণগঞ্জ".normalize("NFD")],
      ["Cox's Bazar", "Coxs Bazar", "Cox’s Bazar", "কক্সবাজার"],
      ["Mymensingh", "ময়মনসিংহ"]
    ]
    for (const names of same) {
      for (const name of names) expect(canonicalPlaceName(name), name).toBe(canonicalPlaceName(names[0]!))
    }
    expect(canonicalPlaceName("Dhaka")).not.toBe(canonicalPlaceName("Gazipur"))
    expect(canonicalPlaceName("  Mirpur 10 ")).toBe("mirpur 10")
  })

  it("a rule for Dhaka matches ঢাকা; a rule for Chittagong matches Chattogram and চট্টগ্রাম", () => {
    const rules = [
      { zoneType: "inside_city", field: "city" as const, values: ["Dhaka"] },
      { zoneType: "suburb", field: "district" as const, values: ["Gazipur", "Narayanganj"] },
      { zoneType: "chattogram_city", field: "city" as const, values: ["Chittagong"] }
    ]
    expect(resolveZoneType(address({ city: "ঢাকা" }), rules, "outside_city")).toBe("inside_city")
    expect(resolveZoneType(address({ district: "গাজীপুর" }), rules, "outside_city")).toBe("suburb")
    expect(resolveZoneType(address({ district: "নারায়ণগঞ্জ" }), rules, "outside_city")).toBe("suburb")
    expect(resolveZoneType(address({ city: "Chattogram" }), rules, "outside_city")).toBe("chattogram_city")
    expect(resolveZoneType(address({ city: "চট্টগ্রাম" }), rules, "outside_city")).toBe("chattogram_city")
    expect(resolveZoneType(address({ city: "সিলেট" }), rules, "outside_city")).toBe("outside_city")
  })
})
