/**
 * Problems of the account routes (docs/contract/errors.md, docs/contract/accounts.md); problems/account-problem-table.ts maps the errors to them.
 * 429 carries `Retry-After` (seconds) as a header and `retryAfterSeconds` in the body.
 */
import { Schema } from "effect"
import { HttpApiSchema } from "effect/http-api"
import { PasswordWeakness } from "../../../domain/customer/errors/password-too-weak.ts"
import { StorefrontProblem } from "./problem-type.ts"

export class InvalidCredentialsProblem extends StorefrontProblem<InvalidCredentialsProblem>()(
  401, "invalid_credentials", "Invalid email or password"
) {}
export class InvalidRefreshTokenProblem extends StorefrontProblem<InvalidRefreshTokenProblem>()(
  401, "invalid_refresh_token", "Invalid refresh token"
) {}
export class InvalidResetCredentialProblem extends StorefrontProblem<InvalidResetCredentialProblem>()(
  401, "invalid_reset_credential", "Invalid reset credential"
) {}
export class EmailVerificationRequiredProblem extends StorefrontProblem<EmailVerificationRequiredProblem>()(
  403, "email_verification_required", "Email verification required"
) {}
export class VerificationNotFoundProblem extends StorefrontProblem<VerificationNotFoundProblem>()(
  404, "verification_not_found", "Verification not found"
) {}
export class EmailAlreadyRegisteredProblem extends StorefrontProblem<EmailAlreadyRegisteredProblem>()(
  409, "email_already_registered", "Email already registered"
) {}
export class PasswordTooWeakProblem extends StorefrontProblem<PasswordTooWeakProblem>()(
  422, "password_too_weak", "Password too weak", { reason: PasswordWeakness }
) {}
export class InvalidOtpProblem extends StorefrontProblem<InvalidOtpProblem>()(
  400, "invalid_otp", "Invalid code", { attemptsRemaining: Schema.Int }
) {}
export class RateLimitedProblem extends StorefrontProblem<RateLimitedProblem>()(
  429, "rate_limited", "Too many requests", { retryAfterSeconds: Schema.Int }
) {}

/** The 429 as declared on endpoints: the problem body plus the `Retry-After` header. */
export const RateLimitedResponse = RateLimitedProblem.pipe(HttpApiSchema.encodeToWithHeaders(
  { body: RateLimitedProblem, headers: { "retry-after": Schema.FiniteFromString } },
  {
    decode: ({ body }) => body,
    encode: (problem) => ({ body: problem, headers: { "retry-after": problem.retryAfterSeconds } })
  }
))
