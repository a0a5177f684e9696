import { describe, expect, it } from "@effect/vitest"
import { Effect, Result, Schema } from "effect"
import { CommonPasswords, commonPasswordsFromList } from "../../../domain/customer/common-passwords.ts"
import { PasswordTooWeak } from "../../../domain/customer/errors/password-too-weak.ts"
import { expectCommonRefused } from "../../support/password-policy.ts"
import {
  checkNewPassword,
  codePointLength,
  NormalisedPassword,
  normalisePassword,
  PASSWORD_MAX_CODE_POINTS,
  PASSWORD_MIN_CODE_POINTS
} from "../../../domain/customer/password.ts"

const common = commonPasswordsFromList(["password", "letmein123", "Qwerty123", "iloveyou"])
const check = (raw: string) => checkNewPassword(raw, common.isCommon)
const reason = (raw: string) => {
  const r = check(raw)
  return Result.isFailure(r) ? r.failure.reason : "ok"
}

const EMOJI = "\u{1F600}" // 1 code point, 2 UTF-16 units
const LIGATURE_FF = "\uFB00" // NFKC → "ff" (1 → 2 code points)
const E_ACUTE_DECOMPOSED = "e\u0301" // NFKC → "é" (2 → 1 code point)

describe("password policy", () => {
  it("ASCII boundaries: 7 too short, 8 and 128 fine, 129 too long", () => {
    expect(reason("a".repeat(7))).toBe("too_short")
    expect(reason("a".repeat(8))).toBe("ok")
    expect(reason("a".repeat(128))).toBe("ok")
    expect(reason("a".repeat(129))).toBe("too_long")
  })

  it("astral characters count as one code point each", () => {
    expect(EMOJI.length).toBe(2)
    expect(reason(EMOJI.repeat(7))).toBe("too_short") // 14 UTF-16 units, 7 code points
    expect(reason(EMOJI.repeat(8))).toBe("ok")
    expect(reason(EMOJI.repeat(128))).toBe("ok") // 256 UTF-16 units
    expect(reason(EMOJI.repeat(129))).toBe("too_long")
    expect(reason(`${EMOJI.repeat(4)}abcd`)).toBe("ok")
  })

  it("length is measured after NFKC, which may lengthen the password", () => {
    expect(reason(LIGATURE_FF.repeat(4))).toBe("ok") // 4 raw → "ffffffff" (8)
    expect(reason(`${LIGATURE_FF.repeat(3)}a`)).toBe("too_short") // 4 raw → 7
    expect(reason(LIGATURE_FF.repeat(64))).toBe("ok") // 64 raw → 128
    expect(reason(`${LIGATURE_FF.repeat(64)}a`)).toBe("too_long") // 65 raw → 129, never truncated
  })

  it("length is measured after NFKC, which may shorten the password", () => {
    expect(codePointLength(E_ACUTE_DECOMPOSED.repeat(7))).toBe(14)
    expect(reason(E_ACUTE_DECOMPOSED.repeat(7))).toBe("too_short") // 14 raw → 7
    expect(reason(E_ACUTE_DECOMPOSED.repeat(8))).toBe("ok") // 16 raw → 8
    expect(reason(E_ACUTE_DECOMPOSED.repeat(129))).toBe("too_long") // 258 raw → 129
    expect(reason(`${E_ACUTE_DECOMPOSED.repeat(128)}`)).toBe("ok") // 256 raw → 128
  })

  it("returns the NFKC form, in full", () => {
    const raw = `${LIGATURE_FF}${E_ACUTE_DECOMPOSED}ＡＢＣ１２３${EMOJI}`
    const result = check(raw)
    expect(Result.isSuccess(result) && result.success).toBe(`ff\u00E9ABC123${EMOJI}`)
    const long = "x".repeat(128)
    const longResult = check(long)
    expect(Result.isSuccess(longResult) && longResult.success).toBe(long)
  })

  it("rejects common passwords case-insensitively, also through NFKC (full-width letters)", () => {
    expect(reason("password")).toBe("common")
    expect(reason("PassWord")).toBe("common")
    expect(reason("PASSWORD")).toBe("common")
    expect(reason("qwerty123")).toBe("common") // listed as "Qwerty123"
    expect(reason("ＰＡＳＳＷＯＲＤ")).toBe("common") // full-width, NFKC → "PASSWORD"
    expect(reason("password!")).toBe("ok")
    expect(reason("iloveyou")).toBe("common")
  })

  it("checks the length before the common list", () => {
    const shortCommon = commonPasswordsFromList(["abc"])
    const r = checkNewPassword("ABC", shortCommon.isCommon)
    expect(Result.isFailure(r) && r.failure.reason).toBe("too_short")
  })

  it.prop("the verdict matches the code-point length of the NFKC form", [Schema.String], ([raw]) => {
    const normalised = normalisePassword(raw)
    const length = codePointLength(normalised)
    const expected = length < PASSWORD_MIN_CODE_POINTS
      ? "too_short"
      : length > PASSWORD_MAX_CODE_POINTS
      ? "too_long"
      : common.isCommon(normalised)
      ? "common"
      : "ok"
    expect(reason(raw)).toBe(expected)
  })

  it.prop("every accepted password is the unchanged NFKC form and a valid NormalisedPassword", [
    Schema.String.check(Schema.isBetweenCodePoints(8, 140))
  ], ([raw]) => {
    const r = check(raw)
    if (Result.isSuccess(r)) {
      expect(r.success).toBe(raw.normalize("NFKC"))
      expect(Schema.is(NormalisedPassword)(r.success)).toBe(true)
    } else {
      expect(r.failure).toBeInstanceOf(PasswordTooWeak)
    }
  })

  it.effect("checkNewPassword against the CommonPasswords port's list", () =>
    expectCommonRefused("LetMeIn123", "correct horse battery staple").pipe(
      Effect.provide(CommonPasswords.fromList(["letmein123"]))
    ))
})
