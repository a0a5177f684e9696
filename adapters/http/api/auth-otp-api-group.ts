/**
 * /auth/otp: request and verify one-time codes (CONTRACT §3). The bearer token is optional here:
 * `verify_email` / `verify_phone` codes need it, `login` and `reset_password` codes do not.
 */
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { InvalidOtpProblem, RateLimitedResponse, VerificationNotFoundProblem } from "../problems/auth-problems.ts"
import { ValidationFailed } from "../problems/request-problems.ts"
import { OtpRequestBody, OtpRequestedView, OtpVerifiedView, OtpVerifyBody } from "./auth-views.ts"
import { OptionalCustomerAuthMiddleware, UnauthorizedProblem } from "./customer-auth.ts"

export class AuthOtpApiGroup extends HttpApiGroup.make("authOtp").add(
  HttpApiEndpoint.post("requestOtp", "/auth/otp/request", {
    payload: OtpRequestBody,
    success: OtpRequestedView.pipe(HttpApiSchema.status(202)),
    error: [ValidationFailed, UnauthorizedProblem, RateLimitedResponse]
  }),
  HttpApiEndpoint.post("verifyOtp", "/auth/otp/verify", {
    payload: OtpVerifyBody,
    success: OtpVerifiedView,
    error: [InvalidOtpProblem, VerificationNotFoundProblem, UnauthorizedProblem]
  })
).middleware(OptionalCustomerAuthMiddleware) {}
