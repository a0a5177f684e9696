import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import { CanonicalPhone, canonicalPhone, PhoneFromInput, parsePhone, samePhone } from "../../../domain/customer/phone.ts"

const decodeInput = Schema.decodeUnknownResult(PhoneFromInput)

/** A Bangladeshi mobile number's ten national digits `1XXXXXXXXX`. */
const NationalMobile = Schema.String.check(Schema.isPattern(/^1[3-9][0-9]{8}$/))
const Prefix = Schema.Literals(["0", "880", "+880", "00880", "+88 0", "88 0"])
const Separator = Schema.Literals(["", " ", "-", ".", "  ", " - "])
const Digit = Schema.Literals(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"])

/** Writes `digits` with `separators` spliced in (cycled), sometimes in parentheses. */
const written = (digits: string, separators: ReadonlyArray<string>): string =>
  [...digits].map((digit, i) => (i === 0 ? "" : separators[i % Math.max(1, separators.length)] ?? "") + digit).join("")

describe("canonical phones", () => {
  it.prop("canonicalPhone is idempotent on any string", [Schema.String], ([raw]) => {
    const once = canonicalPhone(raw)
    if (once !== undefined) expect(canonicalPhone(once)).toBe(once)
  })

  it.prop("the output is `+` and 7..15 ASCII digits, or digits only", [Schema.String], ([raw]) => {
    const out = canonicalPhone(raw)
    if (out !== undefined) expect(out).toMatch(/^\+?[0-9]{7,15}$/)
  })

  it.prop(
    "a Bangladeshi mobile number in any of its forms, with any separators, is +880 and its ten digits",
    [NationalMobile, Prefix, Schema.Array(Separator)],
    ([national, prefix, separators]) => {
      const raw = `${prefix}${written(national, separators)}`
      expect(canonicalPhone(raw), JSON.stringify(raw)).toBe(`+880${national}`)
      expect(canonicalPhone(`(${prefix}) ${national}`)).toBe(`+880${national}`)
      const decoded = decodeInput(raw)
      expect(Result.isSuccess(decoded) && decoded.success).toBe(`+880${national}`)
    }
  )

  it.prop(
    "any other `+` number keeps its `+` and its digits",
    [Schema.Array(Digit).check(Schema.isBetweenLength(7, 15)), Schema.Array(Separator)],
    ([digits, separators]) => {
      const number = digits.join("")
      const out = canonicalPhone(`+${written(number, separators)}`)
      if (/^8801[0-9]{9}$/.test(number) || /^8800?1[0-9]{9}$/.test(number)) return
      expect(out).toBe(`+${number}`)
    }
  )

  it.prop("fewer than 7 digits is not a phone", [Schema.Array(Digit).check(Schema.isMaxLength(6)), Schema.Array(Separator)], ([digits, separators]) => {
    expect(canonicalPhone(written(digits.join(""), separators))).toBeUndefined()
    expect(canonicalPhone(`+${digits.join("")}`)).toBeUndefined()
  })

  it.prop("a letter anywhere makes it not a phone", [NationalMobile, Schema.String.check(Schema.isPattern(/^[A-Za-z]$/)), Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 11 }))], ([national, letter, at]) => {
    const raw = `0${national}`
    expect(canonicalPhone(raw.slice(0, at) + letter + raw.slice(at))).toBeUndefined()
  })

  it.prop("Arbitrary.schema(CanonicalPhone) yields canonical phones", [CanonicalPhone], ([phone]) => {
    expect(canonicalPhone(phone)).toBe(phone)
    expect(parsePhone(phone)).toBe(phone)
  })

  it("the four forms of the issue are one number", () => {
    const forms = ["01819123456", "8801819123456", "+8801819123456", "008801819123456", "+880 1819-123456", "(018) 1912.3456", "০১৮১৯১২৩৪৫৬"]
    for (const form of forms) expect(canonicalPhone(form), form).toBe("+8801819123456")
    expect(samePhone("01819123456", "+880 1819-123456")).toBe(true)
    expect(samePhone("01819123456", "01819123457")).toBe(false)
  })

  it("other numbers keep their digits; what is not a phone is refused", () => {
    expect(canonicalPhone("+44 (20) 7946-0000")).toBe("+442079460000")
    expect(canonicalPhone("1234567")).toBe("1234567")
    expect(canonicalPhone(" 017 1234 5678 ")).toBe("+8801712345678")
    for (const bad of ["", "+", "123456", "01819l23456", "phone", "0181912345+6", "++8801819123456", "0181/9123456", "\u00000181912345", `+${"1".repeat(16)}`, "1".repeat(65)]) {
      expect(canonicalPhone(bad), JSON.stringify(bad)).toBeUndefined()
      expect(Result.isFailure(decodeInput(bad)), JSON.stringify(bad)).toBe(true)
    }
  })
})
