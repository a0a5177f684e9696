import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { InvalidOtp } from "../../../domain/auth/errors/invalid-otp.ts"
import { VerificationNotFound } from "../../../domain/auth/errors/verification-not-found.ts"
import { defaultAuthLifetimes } from "../../../domain/auth/lifetimes.ts"
import { constantTimeEqual } from "../../../domain/auth/token-hasher.ts"
import {
  type IssueVerificationInput,
  isChannelAllowed,
  issueVerification,
  OtpCode,
  reissueVerification,
  type Verification,
  Verification as VerificationSchema,
  verificationStatus,
  verifyOtp,
  voidCustomerVerifications
} from "../../../domain/auth/verification.ts"
import { CustomerId, VerificationId } from "../../../domain/shared/ids.ts"

const T0 = new Date("2026-05-01T08:00:00.000Z")
const at = (ms: number) => new Date(T0.getTime() + ms)

const request = (over: Partial<IssueVerificationInput> = {}): IssueVerificationInput => ({
  id: VerificationId.make("ver_1"), purpose: "login", channel: "sms", destination: "+15550001",
  customerId: CustomerId.make("cus_1"), codeHash: "hash-123456", now: T0,
  ...over
})
const issue = (over: Partial<IssueVerificationInput> = {}) => issueVerification(request(over), defaultAuthLifetimes)

describe("OTP verification lifecycle", () => {
  it("issue: 5 attempts, expires after 600 s, live", () => {
    const v = issue()
    expect(v.attemptsRemaining).toBe(5)
    expect(v.expiresAt).toEqual(at(600_000))
    expect(verificationStatus(v, T0)).toBe("live")
    expect(Schema.is(VerificationSchema)(v)).toBe(true)
  })

  it("the right code consumes it; it is single use", () => {
    const first = verifyOtp(issue(), { presentedCodeHash: "hash-123456", now: at(1000) })
    expect(first._tag).toBe("Verified")
    if (first._tag !== "Verified") return
    expect(first.verification.consumedAt).toEqual(at(1000))
    const second = verifyOtp(first.verification, { presentedCodeHash: "hash-123456", now: at(2000) })
    expect(second).toEqual({ _tag: "NotFound", error: new VerificationNotFound() })
  })

  it("5 wrong codes: invalid_otp with 4,3,2,1,0 remaining, then the verification is dead even for the right code", () => {
    let v: Verification = issue()
    const remaining: Array<number> = []
    for (let i = 0; i < 5; i++) {
      const outcome = verifyOtp(v, { presentedCodeHash: `wrong-${i}`, now: at(i) })
      if (outcome._tag !== "WrongCode") throw new Error(`attempt ${i}: ${outcome._tag}`)
      expect(outcome.error).toBeInstanceOf(InvalidOtp)
      remaining.push(outcome.error.attemptsRemaining)
      v = outcome.verification
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0])
    expect(verificationStatus(v, at(10))).toBe("exhausted")
    expect(verifyOtp(v, { presentedCodeHash: "hash-123456", now: at(10) })._tag).toBe("NotFound")
    expect(verifyOtp(v, { presentedCodeHash: "wrong", now: at(10) })._tag).toBe("NotFound")
  })

  it("4 wrong codes then the right one still succeeds", () => {
    let v: Verification = issue()
    for (let i = 0; i < 4; i++) {
      const outcome = verifyOtp(v, { presentedCodeHash: "wrong", now: at(i) })
      if (outcome._tag !== "WrongCode") throw new Error("expected WrongCode")
      v = outcome.verification
    }
    expect(verifyOtp(v, { presentedCodeHash: "hash-123456", now: at(5) })._tag).toBe("Verified")
  })

  it("expiry boundary: valid 1 ms before expiresAt, not found at expiresAt", () => {
    const v = issue()
    expect(verifyOtp(v, { presentedCodeHash: "hash-123456", now: at(600_000 - 1) })._tag).toBe("Verified")
    expect(verifyOtp(v, { presentedCodeHash: "hash-123456", now: at(600_000) })._tag).toBe("NotFound")
    expect(verifyOtp(v, { presentedCodeHash: "wrong", now: at(600_000) })._tag).toBe("NotFound") // no attempt spent
  })

  it("re-issue for the same destination and purpose voids the old code", () => {
    const old = issue()
    const otherPurpose = issue({ id: VerificationId.make("ver_2"), purpose: "reset_password" })
    const otherDestination = issue({ id: VerificationId.make("ver_3"), destination: "+15550002" })
    const { issued, voided } = reissueVerification(
      [old, otherPurpose, otherDestination],
      request({ id: VerificationId.make("ver_4"), codeHash: "hash-654321", now: at(30_000) }),
      defaultAuthLifetimes
    )
    expect(voided.map((v) => v.id)).toEqual(["ver_1"])
    expect(voided[0]?.voidedAt).toEqual(at(30_000))
    expect(issued.id).toBe("ver_4")
    const [voidedOld] = voided
    expect(verifyOtp(voidedOld, { presentedCodeHash: "hash-123456", now: at(31_000) })._tag).toBe("NotFound")
    expect(verifyOtp(issued, { presentedCodeHash: "hash-654321", now: at(31_000) })._tag).toBe("Verified")
  })

  it("re-issue does not touch consumed or expired ones", () => {
    const consumed = { ...issue(), consumedAt: at(1) }
    const expired = issue({ id: VerificationId.make("ver_0"), now: at(-700_000) })
    const { voided } = reissueVerification([consumed, expired], request({ id: VerificationId.make("ver_9"), now: at(2) }), defaultAuthLifetimes)
    expect(voided).toEqual([])
  })

  it("a code is bound to its purpose", () => {
    const v = issue({ purpose: "verify_phone" })
    expect(verifyOtp(v, { presentedCodeHash: "hash-123456", now: at(1), expectedPurpose: "reset_password" })._tag).toBe("NotFound")
    expect(verifyOtp(v, { presentedCodeHash: "hash-123456", now: at(1), expectedPurpose: ["verify_email", "verify_phone"] })._tag)
      .toBe("Verified")
  })

  it("unknown verification → VerificationNotFound (404)", () => {
    expect(verifyOtp(undefined, { presentedCodeHash: "x", now: T0 })._tag).toBe("NotFound")
  })

  it("voidCustomerVerifications voids only that customer's live codes", () => {
    const mine = issue()
    const theirs = issue({ id: VerificationId.make("ver_2"), customerId: CustomerId.make("cus_2") })
    const [a, b] = voidCustomerVerifications([mine, theirs], CustomerId.make("cus_1"), at(5))
    expect(a?.voidedAt).toEqual(at(5))
    expect(b).toEqual(theirs)
  })

  it("channel rules and code format", () => {
    expect(isChannelAllowed("verify_email", "email")).toBe(true)
    expect(isChannelAllowed("verify_email", "sms")).toBe(false)
    expect(isChannelAllowed("verify_phone", "email")).toBe(false)
    expect(isChannelAllowed("login", "sms") && isChannelAllowed("reset_password", "email")).toBe(true)
    expect(Schema.is(OtpCode)("012345")).toBe(true)
    expect(["12345", "1234567", "12a456", "１２３４５６"].some(Schema.is(OtpCode))).toBe(false)
  })

  it("constantTimeEqual is plain equality", () => {
    expect(constantTimeEqual("abc", "abc")).toBe(true)
    expect(constantTimeEqual("abc", "abd")).toBe(false)
    expect(constantTimeEqual("abc", "abcd")).toBe(false)
    expect(constantTimeEqual("", "")).toBe(true)
  })

  const Attempt = Schema.Struct({
    right: Schema.Boolean,
    afterSeconds: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 200 }))
  })
  it.prop("any attempt sequence: at most 5 wrong codes count, success at most once, nothing after death", [
    Schema.Array(Attempt).check(Schema.isMaxLength(12))
  ], ([attempts]) => {
    let v: Verification = issue()
    let clock = T0.getTime()
    let wrong = 0
    let verified = 0
    for (const attempt of attempts) {
      clock += attempt.afterSeconds * 1000
      const now = new Date(clock)
      const liveBefore = verificationStatus(v, now) === "live"
      const outcome = verifyOtp(v, { presentedCodeHash: attempt.right ? "hash-123456" : "nope", now })
      if (!liveBefore) {
        expect(outcome._tag).toBe("NotFound")
        continue
      }
      if (attempt.right) {
        expect(outcome._tag).toBe("Verified")
        verified++
      } else {
        wrong++
        expect(outcome._tag === "WrongCode" && outcome.error.attemptsRemaining).toBe(5 - wrong)
      }
      if (outcome._tag !== "NotFound") v = outcome.verification
      expect(v.attemptsRemaining).toBe(5 - wrong)
    }
    expect(verified).toBeLessThanOrEqual(1)
    expect(wrong).toBeLessThanOrEqual(5)
  })
})
