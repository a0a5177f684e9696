/**
 * The account routes' errors (docs/contract/errors.md, docs/contract/accounts.md, docs/contract/orders.md), declared once per route: the endpoints'
 * error lists of the auth, one-time code, profile and address book groups and their handlers'
 * mapping both come from these tables.
 */
import type { AddressIncomplete } from "../../../domain/address-book/errors/address-incomplete.ts"
import type { AddressLimitReached } from "../../../domain/address-book/errors/address-limit-reached.ts"
import type { AddressNotFound } from "../../../domain/address-book/errors/address-not-found.ts"
import type { InvalidCredentials } from "../../../domain/auth/errors/invalid-credentials.ts"
import type { InvalidOtp } from "../../../domain/auth/errors/invalid-otp.ts"
import type { InvalidRefreshToken } from "../../../domain/auth/errors/invalid-refresh-token.ts"
import type { InvalidResetCredential } from "../../../domain/auth/errors/invalid-reset-credential.ts"
import type { RateLimited } from "../../../domain/auth/errors/rate-limited.ts"
import type { Unauthorized } from "../../../domain/auth/errors/unauthorized.ts"
import type { VerificationNotFound } from "../../../domain/auth/errors/verification-not-found.ts"
import type { EmailAlreadyRegistered } from "../../../domain/customer/errors/email-already-registered.ts"
import type { EmailVerificationRequired } from "../../../domain/customer/errors/email-verification-required.ts"
import type { PasswordTooWeak, PasswordWeakness } from "../../../domain/customer/errors/password-too-weak.ts"
import { UnauthorizedProblem } from "./request-problems.ts"
import { AddressLimitReachedProblem, AddressNotFoundProblem } from "./address-problems.ts"
import {
  EmailAlreadyRegisteredProblem,
  EmailVerificationRequiredProblem,
  InvalidCredentialsProblem,
  InvalidOtpProblem,
  InvalidRefreshTokenProblem,
  InvalidResetCredentialProblem,
  PasswordTooWeakProblem,
  RateLimitedProblem,
  RateLimitedResponse,
  VerificationNotFoundProblem
} from "./auth-problems.ts"
import { answer, answerApiWide, answerDetail, problemTable } from "./problem-table.ts"
import { invalidField, ValidationFailed } from "./request-problems.ts"

const PASSWORD_WEAKNESS_DETAIL: Readonly<Record<PasswordWeakness, string>> = {
  too_short: "The password must be at least 8 characters long",
  too_long: "The password must be at most 128 characters long",
  common: "The password is one of the most common passwords"
}

const passwordTooWeak = answer(PasswordTooWeakProblem, (error: PasswordTooWeak) =>
  new PasswordTooWeakProblem({ reason: error.reason, detail: PASSWORD_WEAKNESS_DETAIL[error.reason] }))

const rateLimited = answer(RateLimitedResponse, (error: RateLimited) =>
  new RateLimitedProblem({
    retryAfterSeconds: error.retryAfterSeconds,
    detail: `Too many attempts; retry in ${error.retryAfterSeconds} s`
  }))

const invalidOtp = answer(InvalidOtpProblem, (error: InvalidOtp) =>
  new InvalidOtpProblem({
    attemptsRemaining: error.attemptsRemaining,
    detail: error.attemptsRemaining === 0
      ? "Wrong code; this verification is now closed, request a new code"
      : `Wrong code; ${error.attemptsRemaining} attempts left`
  }))

const verificationNotFound = answerDetail(VerificationNotFoundProblem, (_: VerificationNotFound) =>
  "No open verification with this id")

const emailAlreadyRegistered = (detail: string) =>
  answer(EmailAlreadyRegisteredProblem, (_: EmailAlreadyRegistered) => new EmailAlreadyRegisteredProblem({ detail }))

/** 403 until the email is verified (application/customer/customer-orders-access.ts and profile changes). */
export const emailVerificationRequired = (detail: string) =>
  answer(EmailVerificationRequiredProblem, (_: EmailVerificationRequired) => new EmailVerificationRequiredProblem({ detail }))

/** A saved address the route names that is not the requester's. */
export const addressNotFound = answerDetail(AddressNotFoundProblem, (error: AddressNotFound) =>
  `No address "${error.addressId}" in your address book`)

/** A linked account proves its email before it may prove a phone (docs/contract/accounts.md). */
const phoneProofNeedsEmail = emailVerificationRequired(
  "Verify the account's email (verify_email code, or a reset through the emailed link) before verifying a phone")

const otpSignInRequired = answerDetail(UnauthorizedProblem, (_: Unauthorized) =>
  "verify_email and verify_phone codes need the customer's bearer token")

/** /auth. */
export const authProblems = {
  register: problemTable({
    PasswordTooWeak: passwordTooWeak,
    EmailAlreadyRegistered: emailAlreadyRegistered("An account with this email or phone already exists"),
    RateLimited: rateLimited
  }),
  login: problemTable({
    InvalidCredentials: answerDetail(InvalidCredentialsProblem, (_: InvalidCredentials) => "The email or password is wrong"),
    RateLimited: rateLimited
  }),
  refresh: problemTable({
    InvalidRefreshToken: answerDetail(InvalidRefreshTokenProblem, (_: InvalidRefreshToken) =>
      "The refresh token is unknown, expired, used or revoked")
  }),
  forgotPassword: problemTable({ RateLimited: rateLimited }),
  resetPassword: problemTable({
    PasswordTooWeak: passwordTooWeak,
    InvalidResetCredential: answerDetail(InvalidResetCredentialProblem, (_: InvalidResetCredential) =>
      "The reset token is unknown, expired or already used"),
    InvalidOtp: invalidOtp,
    VerificationNotFound: verificationNotFound
  })
}

/** /auth/otp (the request's own field checks answer 400 validation_failed before the use case runs). */
export const authOtpProblems = {
  requestOtp: problemTable({
    Unauthorized: otpSignInRequired,
    RateLimited: rateLimited,
    EmailVerificationRequired: phoneProofNeedsEmail
  }),
  verifyOtp: problemTable({
    InvalidOtp: invalidOtp,
    VerificationNotFound: verificationNotFound,
    Unauthorized: otpSignInRequired,
    EmailVerificationRequired: phoneProofNeedsEmail
  })
}

/** /customers/me. */
export const customerProblems = {
  updateProfile: problemTable({
    EmailAlreadyRegistered: emailAlreadyRegistered("This email or phone belongs to another account"),
    EmailVerificationRequired: emailVerificationRequired(
      "Verify the account's email (verify_email code, or a reset through the emailed link) before changing its email or phone"),
    AddressNotFound: addressNotFound
  })
}

/** /customers/me/addresses. */
export const addressBookProblems = {
  createAddress: problemTable({
    AddressLimitReached: answer(AddressLimitReachedProblem, (error: AddressLimitReached) =>
      new AddressLimitReachedProblem({
        limit: error.limit,
        detail: `An address book holds at most ${error.limit} addresses; remove one first`
      }))
  }),
  updateAddress: problemTable({
    AddressNotFound: addressNotFound,
    AddressIncomplete: answerApiWide(ValidationFailed, (error: AddressIncomplete) => invalidField(error.path, error.message))
  }),
  deleteAddress: problemTable({ AddressNotFound: addressNotFound })
}
