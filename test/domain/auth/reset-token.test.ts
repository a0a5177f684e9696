import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import { InvalidResetCredential } from "../../../domain/auth/errors/invalid-reset-credential.ts"
import { defaultAuthLifetimes } from "../../../domain/auth/lifetimes.ts"
import { applyPasswordReset } from "../../../domain/auth/password-reset.ts"
import { issueResetToken, redeemResetToken, ResetToken, resetTokenStatus } from "../../../domain/auth/reset-token.ts"
import { issueSession, revokeSession, rotateSession, sessionStatus } from "../../../domain/auth/session.ts"
import { issueVerification, verificationStatus, verifyOtp } from "../../../domain/auth/verification.ts"
import type { Customer } from "../../../domain/customer/customer.ts"
import { NormalisedEmail } from "../../../domain/customer/email.ts"
import { CustomerId, ResetTokenId, SessionId, VerificationId } from "../../../domain/shared/ids.ts"

const T0 = new Date("2026-06-01T00:00:00.000Z")
const at = (ms: number) => new Date(T0.getTime() + ms)
const token = (over: Partial<{ id: ResetTokenId; customerId: CustomerId; tokenHash: string; now: Date }> = {}) =>
  issueResetToken({ id: ResetTokenId.make("rst_1"), customerId: CustomerId.make("cus_1"), tokenHash: "rh1", mailedTo: NormalisedEmail.make("ann@example.com"), now: T0, ...over }, defaultAuthLifetimes)

describe("reset token lifecycle", () => {
  it("issued for 3600 s", () => {
    const t = token()
    expect(t.expiresAt).toEqual(at(3_600_000))
    expect(resetTokenStatus(t, T0)).toBe("pending")
    expect(Schema.is(ResetToken)(t)).toBe(true)
  })

  it("single use: the second redemption fails", () => {
    const first = redeemResetToken(token(), at(10))
    if (Result.isFailure(first)) throw new Error("expected success")
    expect(first.success.usedAt).toEqual(at(10))
    const second = redeemResetToken(first.success, at(11))
    expect(Result.isFailure(second) && second.failure).toBeInstanceOf(InvalidResetCredential)
  })

  it("expiry boundary: redeemable 1 ms before expiresAt, not at it", () => {
    expect(Result.isSuccess(redeemResetToken(token(), at(3_600_000 - 1)))).toBe(true)
    expect(Result.isFailure(redeemResetToken(token(), at(3_600_000)))).toBe(true)
    expect(resetTokenStatus(token(), at(3_600_000))).toBe("expired")
  })

  it("unknown and voided tokens are invalid", () => {
    expect(Result.isFailure(redeemResetToken(undefined, T0))).toBe(true)
    expect(Result.isFailure(redeemResetToken({ ...token(), voidedAt: T0 }, at(1)))).toBe(true)
  })

  it.prop("redeemable exactly while unused and now < expiresAt", [
    Schema.Int.check(Schema.isBetween({ minimum: -10, maximum: 7_200_000 })),
    Schema.Boolean
  ], ([offset, used]) => {
    const t = used ? { ...token(), usedAt: T0 } : token()
    const r = redeemResetToken(t, at(offset))
    expect(Result.isSuccess(r)).toBe(!used && offset < 3_600_000)
  })
})

describe("completed password reset", () => {
  const customer: Customer = {
    id: CustomerId.make("cus_1"),
    name: "Ann",
    email: NormalisedEmail.make("ann@example.com"),
    phone: "+15550001",
    avatarUrl: null,
    defaultShippingAddressId: null,
    passwordHash: "old",
    verifiedEmail: NormalisedEmail.make("ann@example.com"),
    verifiedPhone: null,
    linkedName: null,
    linkedPhone: null,
    createdAt: T0,
    registeredAt: T0
  }

  it("sets the password, revokes every session, voids pending tokens and OTPs of that customer only", () => {
    const now = at(60_000)
    const used = redeemResetToken(token(), now)
    if (Result.isFailure(used)) throw new Error("expected success")
    const otp = (id: string, customerId: string, purpose: "login" | "verify_email") =>
      issueVerification(
        { id: VerificationId.make(id), purpose, channel: "email", destination: "ann@example.com", customerId: CustomerId.make(customerId), codeHash: "c", now: T0 },
        defaultAuthLifetimes
      )
    const s1 = issueSession({ openedBy: "password", id: SessionId.make("ses_1"), customerId: CustomerId.make("cus_1"), tokenHash: "a", now: T0 })
    const s2 = revokeSession(issueSession({ openedBy: "password", id: SessionId.make("ses_2"), customerId: CustomerId.make("cus_1"), tokenHash: "b", now: T0 }), at(5))
    const sOther = issueSession({ openedBy: "password", id: SessionId.make("ses_3"), customerId: CustomerId.make("cus_2"), tokenHash: "c", now: T0 })
    const state = applyPasswordReset(
      {
        customer,
        sessions: [s1, s2, sOther],
        resetTokens: [used.success, token({ id: ResetTokenId.make("rst_2"), tokenHash: "rh2" }), token({ id: ResetTokenId.make("rst_3"), customerId: CustomerId.make("cus_2"), tokenHash: "rh3" })],
        verifications: [otp("ver_1", "cus_1", "login"), otp("ver_2", "cus_1", "verify_email"), otp("ver_3", "cus_2", "login")]
      },
      { passwordHash: "new", now }
    )
    expect(state.customer).toEqual({ ...customer, passwordHash: "new" })
    expect(state.sessions.map((s) => s.revokedAt)).toEqual([now, at(5), null])
    expect(state.sessions.map((s) => sessionStatus(s, now, defaultAuthLifetimes))).toEqual(["revoked", "revoked", "active"])
    expect(rotateSession(state.sessions[0], { presentedTokenHash: "a", nextTokenHash: "z", now }, defaultAuthLifetimes)._tag)
      .toBe("Rejected")
    expect(state.resetTokens.map((t) => resetTokenStatus(t, now))).toEqual(["used", "voided", "pending"])
    expect(Result.isFailure(redeemResetToken(state.resetTokens[1], now))).toBe(true)
    expect(state.verifications.map((v) => verificationStatus(v, now))).toEqual(["voided", "voided", "live"])
    expect(verifyOtp(state.verifications[0], { presentedCodeHash: "c", now })._tag).toBe("NotFound")
  })
})
