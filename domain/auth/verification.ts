/**
 * One-time-code verifications (docs/contract/accounts.md "OTP"), as pure state transitions.
 *
 * A verification carries the hash of a 6-digit code (generated outside from a CSPRNG), is bound
 * to its id and purpose, lives OTP seconds (default 600), and is single use. A new request for
 * the same destination and purpose voids the previous live ones. Each wrong code costs an
 * attempt; the wrong code that uses the last attempt (the 5th by default) kills it.
 *
 * Error mapping (decision, documented for the HTTP layer):
 * - wrong code on a live verification → InvalidOtp (400 `invalid_otp`) with `attemptsRemaining`
 *   AFTER this attempt (4, 3, 2, 1, 0); at 0 the verification is dead.
 * - unknown id, expired, voided, consumed, dead after too many wrong codes, or a purpose other
 *   than the endpoint expects → VerificationNotFound (404 `verification_not_found`), and the
 *   state does not change (a dead verification cannot be revived, even with the right code).
 */
import { Schema } from "effect"
import { CustomerId, SessionId, VerificationId } from "../shared/ids.ts"
import { InvalidOtp } from "./errors/invalid-otp.ts"
import { VerificationNotFound } from "./errors/verification-not-found.ts"
import { addMillis, type AuthLifetimes, secondsToMillis } from "./lifetimes.ts"
import { constantTimeEqual } from "./token-hasher.ts"

export const VerificationPurpose = Schema.Literals(["login", "reset_password", "verify_email", "verify_phone"])
export type VerificationPurpose = typeof VerificationPurpose.Type

export const VerificationChannel = Schema.Literals(["sms", "email"])
export type VerificationChannel = typeof VerificationChannel.Type

/** The code as the client types it: exactly 6 ASCII digits. */
export const OtpCode = Schema.String.check(Schema.isPattern(/^[0-9]{6}$/))
export type OtpCode = typeof OtpCode.Type

export const Verification = Schema.Struct({
  id: VerificationId,
  purpose: VerificationPurpose,
  channel: VerificationChannel,
  /** Normalised email (channel email) or phone (channel sms) the code was sent to. */
  destination: Schema.NonEmptyString,
  /** The customer the destination belongs to; `null` when none does (nothing is sent then). */
  customerId: Schema.NullOr(CustomerId),
  /**
   * The customer's session that requested a `verify_*` code (proving an email with one of a
   * pending registration's own sessions adopts it, registration-claim.ts); `null` otherwise.
   */
  requestedBy: Schema.NullOr(SessionId),
  codeHash: Schema.NonEmptyString,
  createdAt: Schema.Date,
  expiresAt: Schema.Date,
  attemptsRemaining: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  consumedAt: Schema.NullOr(Schema.Date),
  voidedAt: Schema.NullOr(Schema.Date)
})
export type Verification = typeof Verification.Type

export type VerificationStatus = "live" | "consumed" | "voided" | "exhausted" | "expired"

/** `verify_email` only by email, `verify_phone` only by SMS; `login` and `reset_password` by either. */
export const isChannelAllowed = (purpose: VerificationPurpose, channel: VerificationChannel): boolean =>
  purpose === "verify_email" ? channel === "email" : purpose === "verify_phone" ? channel === "sms" : true

export interface IssueVerificationInput {
  readonly id: VerificationId
  readonly purpose: VerificationPurpose
  readonly channel: VerificationChannel
  readonly destination: string
  readonly customerId: CustomerId | null
  /** The signed-in session asking for a `verify_*` code; absent for other purposes. */
  readonly requestedBy?: SessionId | null
  readonly codeHash: string
  readonly now: Date
}

export const issueVerification = (input: IssueVerificationInput, lifetimes: AuthLifetimes): Verification => ({
  id: input.id,
  purpose: input.purpose,
  channel: input.channel,
  destination: input.destination,
  customerId: input.customerId,
  requestedBy: input.requestedBy ?? null,
  codeHash: input.codeHash,
  createdAt: input.now,
  expiresAt: addMillis(input.now, secondsToMillis(lifetimes.otpSeconds)),
  attemptsRemaining: lifetimes.otpMaxAttempts,
  consumedAt: null,
  voidedAt: null
})

/** Consumed and voided win over exhaustion, which wins over expiry. Live while `now < expiresAt`. */
export const verificationStatus = (verification: Verification, now: Date): VerificationStatus => {
  if (verification.consumedAt !== null) return "consumed"
  if (verification.voidedAt !== null) return "voided"
  if (verification.attemptsRemaining <= 0) return "exhausted"
  if (now.getTime() >= verification.expiresAt.getTime()) return "expired"
  return "live"
}

export const isVerificationLive = (verification: Verification, now: Date): boolean =>
  verificationStatus(verification, now) === "live"

/** Void a live verification; any other one is returned unchanged. */
export const voidVerification = (verification: Verification, now: Date): Verification =>
  isVerificationLive(verification, now) ? { ...verification, voidedAt: now } : verification

export interface ReissueOutcome {
  readonly issued: Verification
  /** The previously live verifications for that destination and purpose, now voided (persist them). */
  readonly voided: ReadonlyArray<Verification>
}

/**
 * POST /auth/otp/request: issue a new verification and void every live one for the same
 * destination and purpose. `existing` may hold anything; only matching live ones are voided.
 */
export const reissueVerification = (
  existing: ReadonlyArray<Verification>,
  input: IssueVerificationInput,
  lifetimes: AuthLifetimes
): ReissueOutcome => ({
  issued: issueVerification(input, lifetimes),
  voided: existing
    .filter((v) =>
      v.id !== input.id && v.destination === input.destination && v.purpose === input.purpose &&
      isVerificationLive(v, input.now)
    )
    .map((v) => voidVerification(v, input.now))
})

/** Reset-password: void every live verification of the customer, any purpose. */
export const voidCustomerVerifications = (
  verifications: ReadonlyArray<Verification>,
  customerId: CustomerId,
  now: Date
): ReadonlyArray<Verification> =>
  verifications.map((v) => (v.customerId === customerId ? voidVerification(v, now) : v))

export interface VerifyInput {
  /** Hash (TokenHasher) of the code the client sent. */
  readonly presentedCodeHash: string
  readonly now: Date
  /** The purpose the endpoint accepts (e.g. `reset_password` on /auth/reset-password). */
  readonly expectedPurpose?: VerificationPurpose | ReadonlyArray<VerificationPurpose>
}

export type VerifyOutcome =
  /** Right code: persist the consumed `verification`, then act on its purpose. */
  | { readonly _tag: "Verified"; readonly verification: Verification }
  /** Wrong code: persist `verification` (one attempt fewer), answer 400 invalid_otp. */
  | { readonly _tag: "WrongCode"; readonly verification: Verification; readonly error: InvalidOtp }
  /** Nothing to persist; answer 404 verification_not_found. */
  | { readonly _tag: "NotFound"; readonly error: VerificationNotFound }

const purposeAccepted = (purpose: VerificationPurpose, expected: VerifyInput["expectedPurpose"]): boolean =>
  expected === undefined ? true : typeof expected === "string" ? purpose === expected : expected.includes(purpose)

/** POST /auth/otp/verify (and the OTP form of reset-password). `verification` is looked up by id. */
export const verifyOtp = (verification: Verification | undefined, input: VerifyInput): VerifyOutcome => {
  if (
    verification === undefined ||
    !purposeAccepted(verification.purpose, input.expectedPurpose) ||
    !isVerificationLive(verification, input.now)
  ) {
    return { _tag: "NotFound", error: new VerificationNotFound() }
  }
  if (constantTimeEqual(verification.codeHash, input.presentedCodeHash)) {
    return { _tag: "Verified", verification: { ...verification, consumedAt: input.now } }
  }
  const attemptsRemaining = verification.attemptsRemaining - 1
  return {
    _tag: "WrongCode",
    verification: { ...verification, attemptsRemaining },
    error: new InvalidOtp({ attemptsRemaining })
  }
}
