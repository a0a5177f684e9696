/**
 * Problems of the account routes (CONTRACT §2, §3), and the mapping from the domain's errors.
 * 429 carries `Retry-After` (seconds) as a header and `retryAfterSeconds` in the body.
 */
import { Schema } from "effect"
import { HttpApiError, HttpApiSchema } from "effect/http-api"
import type { InvalidOtp } from "../../../domain/auth/errors/invalid-otp.ts"
import type { RateLimited } from "../../../domain/auth/errors/rate-limited.ts"
import { PasswordWeakness, type PasswordTooWeak } from "../../../domain/customer/errors/password-too-weak.ts"
import { problemType } from "./problem-type.ts"

export class InvalidCredentialsProblem extends HttpApiError.Problem<InvalidCredentialsProblem>()("InvalidCredentialsProblem", {
  type: problemType("invalid_credentials"),
  status: 401,
  title: "Invalid email or password"
}, { code: Schema.tag("invalid_credentials") }) {}

export class InvalidRefreshTokenProblem extends HttpApiError.Problem<InvalidRefreshTokenProblem>()("InvalidRefreshTokenProblem", {
  type: problemType("invalid_refresh_token"),
  status: 401,
  title: "Invalid refresh token"
}, { code: Schema.tag("invalid_refresh_token") }) {}

export class InvalidResetCredentialProblem extends HttpApiError.Problem<InvalidResetCredentialProblem>()(
  "InvalidResetCredentialProblem",
  { type: problemType("invalid_reset_credential"), status: 401, title: "Invalid reset credential" },
  { code: Schema.tag("invalid_reset_credential") }
) {}

export class EmailVerificationRequiredProblem extends HttpApiError.Problem<EmailVerificationRequiredProblem>()(
  "EmailVerificationRequiredProblem",
  { type: problemType("email_verification_required"), status: 403, title: "Email verification required" },
  { code: Schema.tag("email_verification_required") }
) {}

export class VerificationNotFoundProblem extends HttpApiError.Problem<VerificationNotFoundProblem>()(
  "VerificationNotFoundProblem",
  { type: problemType("verification_not_found"), status: 404, title: "Verification not found" },
  { code: Schema.tag("verification_not_found") }
) {}

export class EmailAlreadyRegisteredProblem extends HttpApiError.Problem<EmailAlreadyRegisteredProblem>()(
  "EmailAlreadyRegisteredProblem",
  { type: problemType("email_already_registered"), status: 409, title: "Email already registered" },
  { code: Schema.tag("email_already_registered") }
) {}

export class PasswordTooWeakProblem extends HttpApiError.Problem<PasswordTooWeakProblem>()("PasswordTooWeakProblem", {
  type: problemType("password_too_weak"),
  status: 422,
  title: "Password too weak"
}, { code: Schema.tag("password_too_weak"), reason: PasswordWeakness }) {}

export class InvalidOtpProblem extends HttpApiError.Problem<InvalidOtpProblem>()("InvalidOtpProblem", {
  type: problemType("invalid_otp"),
  status: 400,
  title: "Invalid code"
}, { code: Schema.tag("invalid_otp"), attemptsRemaining: Schema.Int }) {}

export class RateLimitedProblem extends HttpApiError.Problem<RateLimitedProblem>()("RateLimitedProblem", {
  type: problemType("rate_limited"),
  status: 429,
  title: "Too many requests"
}, { code: Schema.tag("rate_limited"), retryAfterSeconds: Schema.Int }) {}

/** The 429 as declared on endpoints: the problem body plus the `Retry-After` header. */
export const RateLimitedResponse = RateLimitedProblem.pipe(HttpApiSchema.encodeToWithHeaders(
  { body: RateLimitedProblem, headers: { "retry-after": Schema.FiniteFromString } },
  {
    decode: ({ body }) => body,
    encode: (problem) => ({ body: problem, headers: { "retry-after": problem.retryAfterSeconds } })
  }
))

const PASSWORD_WEAKNESS_DETAIL: Readonly<Record<PasswordWeakness, string>> = {
  too_short: "The password must be at least 8 characters long",
  too_long: "The password must be at most 128 characters long",
  common: "The password is one of the most common passwords"
}

export const passwordTooWeakProblem = (error: PasswordTooWeak) =>
  new PasswordTooWeakProblem({ reason: error.reason, detail: PASSWORD_WEAKNESS_DETAIL[error.reason] })

export const rateLimitedProblem = (error: RateLimited) =>
  new RateLimitedProblem({
    retryAfterSeconds: error.retryAfterSeconds,
    detail: `Too many attempts; retry in ${error.retryAfterSeconds} s`
  })

export const invalidOtpProblem = (error: InvalidOtp) =>
  new InvalidOtpProblem({
    attemptsRemaining: error.attemptsRemaining,
    detail: error.attemptsRemaining === 0
      ? "Wrong code; this verification is now closed, request a new code"
      : `Wrong code; ${error.attemptsRemaining} attempts left`
  })
