/**
 * /auth/otp: request and verify one-time codes (docs/contract/accounts.md). The bearer token is optional here:
 * `verify_email` / `verify_phone` codes need it, `login` and `reset_password` codes do not.
 */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { authOtpProblems } from "../problems/account-problem-table.ts"
import { OtpRequestBody, OtpRequestedView, OtpVerifiedView, OtpVerifyBody } from "./auth-views.ts"
import { OptionalCustomerAuthMiddleware } from "./customer-auth.ts"
import { endpointsOf } from "./documented-endpoint.ts"

const endpoint = endpointsOf(authOtpProblems)

export class AuthOtpApiGroup extends HttpApiGroup.make("authOtp").add(
  endpoint.post("requestOtp", "/auth/otp/request", { payload: OtpRequestBody, success: OtpRequestedView.pipe(HttpApiSchema.status(202)) }, {
    summary: "Send a one-time code",
    description: "Sends a 6-digit code by SMS or email for a purpose: `login`, `reset_password`, " +
      "`verify_email` or `verify_phone` (the last two need the customer's bearer token). Answers 202 whether " +
      "or not the destination belongs to a customer. One code per 60 s per destination.",
    examples: { request: { channel: "sms", phone: "+8801712345678", purpose: "login" } }
  }),
  endpoint.post("verifyOtp", "/auth/otp/verify", { payload: OtpVerifyBody, success: OtpVerifiedView }, {
    summary: "Check a one-time code",
    description: "A `login` code signs the customer in (AuthResult); a `verify_email` or `verify_phone` code marks " +
      "that contact verified (`{verified: true}`). Five wrong codes close the verification.",
    examples: { request: { verificationId: "ver_7q2m5k8w3e6r9t1y4u0i", code: "493027" } }
  })
).annotate(OpenApi.Description, "One-time codes by SMS or email: sign-in, password reset, contact verification").middleware(OptionalCustomerAuthMiddleware) {}
