import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Result, Schema } from "effect"
import { Address as AddressSchema, AddressInput } from "../../../domain/shipping/address.ts"
import type { Address } from "../../../domain/shipping/address.ts"

const decode = (input: unknown) => Schema.decodeUnknownResult(AddressInput)(input, { onExcessProperty: "error" })
const isValid = (input: unknown): boolean => Result.isSuccess(decode(input))
/**
 * Valid addresses. The generator starts with short (often empty) strings, so the city-or-district
 * rule would discard nearly every early candidate: fill in a district instead of filtering.
 */
const ValidAddress = Arbitrary.schema(AddressInput.mapFields((fields) => fields)).pipe(
  Arbitrary.map((address) =>
    address.city.trim() === "" && address.district.trim() === "" ? { ...address, district: "Dhaka" } : address
  )
)

const minimal = { name: "Rahim Uddin", phone: "+880 1711-000000", city: "Dhaka" }

describe("AddressInput", () => {
  it.prop("every valid address encodes and decodes back to itself", [ValidAddress], ([address]) => {
    const encoded = Schema.encodeSync(AddressInput)(address)
    expect(Result.getOrThrow(decode(encoded))).toEqual(address)
    expect(address.city.trim() !== "" || address.district.trim() !== "").toBe(true)
  })

  it.prop("absent optional fields decode to empty strings", [AddressInput.fields.name, AddressInput.fields.phone], ([name, phone]) => {
    const address: Address = Result.getOrThrow(decode({ name, phone, district: "Sylhet" }))
    expect(address).toEqual({
      name, phone, house: "", road: "", thana: "", district: "Sylhet", division: "", city: "", postcode: "", country: "", note: "",
      email: ""
    })
  })

  it("takes an optional contact email: a valid address or empty", () => {
    expect(Result.getOrThrow(decode({ ...minimal, email: "Rahim@Example.com" })).email).toBe("Rahim@Example.com")
    expect(Result.getOrThrow(decode({ ...minimal, email: "" })).email).toBe("")
    expect(isValid({ ...minimal, email: "not-an-email" })).toBe(false)
    expect(isValid({ ...minimal, email: " rahim@example.com" })).toBe(false)
    expect(isValid({ ...minimal, email: null })).toBe(false)
  })

  it("an address stored before the email existed decodes with an empty one", () => {
    const stored = { ...minimal, house: "", road: "", thana: "", district: "", division: "", postcode: "", country: "", note: "" }
    expect(Schema.decodeUnknownSync(AddressSchema)(stored).email).toBe("")
  })

  it("requires name (1..200) and phone (7..20 of digits, spaces, + and -)", () => {
    expect(isValid(minimal)).toBe(true)
    expect(isValid({ phone: minimal.phone, city: "Dhaka" })).toBe(false)
    expect(isValid({ ...minimal, name: "" })).toBe(false)
    expect(isValid({ ...minimal, name: "   " })).toBe(false)
    expect(isValid({ ...minimal, name: "n".repeat(200) })).toBe(true)
    expect(isValid({ ...minimal, name: "n".repeat(201) })).toBe(false)
    expect(isValid({ name: minimal.name, city: "Dhaka" })).toBe(false)
    expect(isValid({ ...minimal, phone: "1234567" })).toBe(true)
    expect(isValid({ ...minimal, phone: "123456" })).toBe(false)
    expect(isValid({ ...minimal, phone: "1".repeat(20) })).toBe(true)
    expect(isValid({ ...minimal, phone: "1".repeat(21) })).toBe(false)
    expect(isValid({ ...minimal, phone: "017 11-00(000)" })).toBe(false)
    expect(isValid({ ...minimal, phone: "+-- - --" })).toBe(false)
    expect(isValid({ ...minimal, phone: "1 2 3 4 5 6" })).toBe(false) // fewer than 7 digits (docs/contract/accounts.md)
  })

  it("requires a non-blank city or district", () => {
    expect(isValid({ name: "A", phone: "0171100000" })).toBe(false)
    expect(isValid({ name: "A", phone: "0171100000", city: "  ", district: "" })).toBe(false)
    expect(isValid({ name: "A", phone: "0171100000", city: "  ", district: "Khulna" })).toBe(true)
    expect(isValid({ name: "A", phone: "0171100000", district: "Khulna" })).toBe(true)
    const failure = Result.getOrThrow(Result.flip(decode({ name: "A", phone: "0171100000" })))
    expect(failure.message).toContain("city")
  })

  it("limits optional fields to 200 characters and the note to 500", () => {
    expect(isValid({ ...minimal, house: "h".repeat(200) })).toBe(true)
    expect(isValid({ ...minimal, house: "h".repeat(201) })).toBe(false)
    expect(isValid({ ...minimal, postcode: "p".repeat(201) })).toBe(false)
    expect(isValid({ ...minimal, city: "c".repeat(201) })).toBe(false)
    expect(isValid({ ...minimal, note: "n".repeat(500) })).toBe(true)
    expect(isValid({ ...minimal, note: "n".repeat(501) })).toBe(false)
  })

  it("rejects non-string fields and unknown properties", () => {
    expect(isValid({ ...minimal, postcode: 1207 })).toBe(false)
    expect(isValid({ ...minimal, house: null })).toBe(false)
    expect(isValid({ ...minimal, floor: "3" })).toBe(false)
  })
})
