/**
 * Problems of the account routes (CONTRACT §2, §3); problems/account-problem-table.ts maps the errors to them.
 * 429 carries `Retry-After` (seconds) as a header and `retryAfterSeconds` in the body.
 */
import { Schema } from "effect"
import { HttpApiSchema } from "effect/http-api"
import { PasswordWeakness } from "../../../domain/customer/errors/password-too-weak.ts"
import { StorefrontProblem } from "./problem-type.ts"

export class InvalidCredentialsProblem extends StorefrontProblem<InvalidCredentialsProblem>()(
  "InvalidCredentialsProblem", { code: "invalid_credentials", status: 401, title: "Invalid email or password" }) {}

export class InvalidRefreshTokenProblem extends StorefrontProblem<InvalidRefreshTokenProblem>()(
  "InvalidRefreshTokenProblem", { code: "invalid_refresh_token", status: 401, title: "Invalid refresh token" }) {}

export class InvalidResetCredentialProblem extends StorefrontProblem<InvalidResetCredentialProblem>()(
  "InvalidResetCredentialProblem", { code: "invalid_reset_credential", status: 401, title: "Invalid reset credential" }) {}

export class EmailVerificationRequiredProblem extends StorefrontProblem<EmailVerificationRequiredProblem>()(
  "EmailVerificationRequiredProblem", { code: "email_verification_required", status: 403, title: "Email verification required" }) {}

export class VerificationNotFoundProblem extends StorefrontProblem<VerificationNotFoundProblem>()(
  "VerificationNotFoundProblem", { code: "verification_not_found", status: 404, title: "Verification not found" }) {}

export class EmailAlreadyRegisteredProblem extends StorefrontProblem<EmailAlreadyRegisteredProblem>()(
  "EmailAlreadyRegisteredProblem", { code: "email_already_registered", status: 409, title: "Email already registered" }) {}

export class PasswordTooWeakProblem extends StorefrontProblem<PasswordTooWeakProblem>()(
  "PasswordTooWeakProblem", { code: "password_too_weak", status: 422, title: "Password too weak" },
  { reason: PasswordWeakness }) {}

export class InvalidOtpProblem extends StorefrontProblem<InvalidOtpProblem>()(
  "InvalidOtpProblem", { code: "invalid_otp", status: 400, title: "Invalid code" },
  { attemptsRemaining: Schema.Int }) {}

export class RateLimitedProblem extends StorefrontProblem<RateLimitedProblem>()(
  "RateLimitedProblem", { code: "rate_limited", status: 429, title: "Too many requests" },
  { retryAfterSeconds: Schema.Int }) {}

/** The 429 as declared on endpoints: the problem body plus the `Retry-After` header. */
export const RateLimitedResponse = RateLimitedProblem.pipe(HttpApiSchema.encodeToWithHeaders(
  { body: RateLimitedProblem, headers: { "retry-after": Schema.FiniteFromString } },
  {
    decode: ({ body }) => body,
    encode: (problem) => ({ body: problem, headers: { "retry-after": problem.retryAfterSeconds } })
  }
))
