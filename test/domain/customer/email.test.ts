import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Result, Schema } from "effect"
import {
  EmailFromInput,
  isValidEmailAddress,
  NormalisedEmail,
  normaliseEmail,
  parseEmail
} from "../../../domain/customer/email.ts"

const decodeInput = Schema.decodeUnknownResult(EmailFromInput)
const Padding = Schema.Literals(["", " ", "  ", "\t", "\n", " \t "])

describe("email normalisation", () => {
  it.prop("normaliseEmail is idempotent on any string", [Schema.String], ([raw]) => {
    const once = normaliseEmail(raw)
    expect(normaliseEmail(once)).toBe(once)
  })

  it.prop("normalised output is trimmed and has no upper-case letters", [Schema.String], ([raw]) => {
    const out = normaliseEmail(raw)
    expect(out).toBe(out.trim())
    expect(out).toBe(out.toLowerCase())
  })

  it.prop("Arbitrary.schema(NormalisedEmail) only yields valid, already-normalised addresses", [NormalisedEmail], ([email]) => {
    expect(isValidEmailAddress(email)).toBe(true)
    expect(normaliseEmail(email)).toBe(email)
    expect(Schema.is(NormalisedEmail)(email)).toBe(true)
  })

  it.prop(
    "case and surrounding whitespace never change the normalised address",
    [NormalisedEmail, Padding, Padding, Arbitrary.schema(Schema.Array(Schema.Boolean))],
    ([email, before, after, upperMask]) => {
      const shouted = [...email].map((c, i) => (upperMask[i % Math.max(1, upperMask.length)] ? c.toUpperCase() : c)).join("")
      const raw = `${before}${shouted}${after}`
      const decoded = decodeInput(raw)
      expect(Result.isSuccess(decoded) && decoded.success).toBe(email)
      expect(parseEmail(raw)).toBe(email)
    }
  )

  it("lower-cases the whole address, local part included", () => {
    expect(normaliseEmail("  Ann.Smith+Shop@Example.COM \n")).toBe("ann.smith+shop@example.com")
    expect(parseEmail("ANN@EXAMPLE.COM")).toBe("ann@example.com")
  })

  it("accepts ordinary addresses", () => {
    for (const ok of ["a@b.co", "first.last@sub.example.org", "x+tag@example.io", "o'brien@example.ie", "ünïcödé@exämple.de", "a_b-c@xn--p1ai.xn--p1ai"]) {
      expect(isValidEmailAddress(ok), ok).toBe(true)
    }
  })

  it("rejects malformed addresses", () => {
    const bad = [
      "", "plain", "@example.com", "ann@", "ann@example", "ann@@example.com", "ann example@example.com",
      "ann@exa mple.com", ".ann@example.com", "ann.@example.com", "an..n@example.com", "ann@-example.com",
      "ann@example-.com", "ann@example..com", "ann@example.123", "ann@[127.0.0.1]", "\"ann\"@example.com",
      `${"a".repeat(65)}@example.com`, `a@${"b".repeat(250)}.com`
    ]
    for (const address of bad) {
      expect(isValidEmailAddress(address), address).toBe(false)
      expect(parseEmail(address)).toBeUndefined()
    }
    expect(Result.isFailure(decodeInput("not an email"))).toBe(true)
    expect(Result.isFailure(decodeInput(42))).toBe(true)
  })

  it("the 254-character limit is inclusive", () => {
    const local = "l".repeat(64)
    const domain = `${"d".repeat(61)}.${"e".repeat(61)}.${"f".repeat(61)}.abc` // 189 chars
    const at254 = `${local}@${domain}`
    expect(at254.length).toBe(254)
    expect(isValidEmailAddress(at254)).toBe(true)
    expect(isValidEmailAddress(`${local}@g${domain}`)).toBe(false) // 255 characters
    expect(isValidEmailAddress(`l${local}@example.com`)).toBe(false) // 65-character local part
  })

  it("NormalisedEmail rejects a valid but un-normalised address", () => {
    expect(Schema.is(NormalisedEmail)("Ann@example.com")).toBe(false)
    expect(Schema.is(NormalisedEmail)(" ann@example.com")).toBe(false)
    expect(Schema.is(NormalisedEmail)("ann@example.com")).toBe(true)
  })
})
