/** Handlers of the /auth/otp group (optional bearer token: required for verify_email / verify_phone). */
import { Effect, Result } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { AccountsService } from "../../../application/auth/accounts-service.ts"
import { OptionalCurrentCustomer } from "../api/customer-auth.ts"
import { StorefrontApi } from "../api/storefront-api.ts"
import { ClientIpPolicy, clientIpOf } from "../request/client-ip.ts"
import { authOtpProblems } from "../problems/account-problem-table.ts"
import { ValidationFailed } from "../problems/request-problems.ts"
import { toOtpRequest } from "./auth-otp-request.ts"
import { answerWith } from "./answer-with.ts"

export const layer = HttpApiBuilder.group(StorefrontApi, "authOtp", (handlers) =>
  Effect.gen(function*() {
    const accounts = yield* AccountsService
    const clientIpPolicy = yield* ClientIpPolicy
    return handlers
      .handle("requestOtp", ({ payload, request }) =>
        Effect.gen(function*() {
          const otpRequest = toOtpRequest(payload)
          if (Result.isFailure(otpRequest)) {
            return yield* new ValidationFailed({ detail: "Invalid request payload", errors: otpRequest.failure })
          }
          const signedIn = yield* OptionalCurrentCustomer
          const issued = yield* accounts.requestOtp(otpRequest.success, clientIpOf(request, clientIpPolicy), signedIn).pipe(
            answerWith(authOtpProblems.requestOtp)
          )
          return { verificationId: issued.verificationId, expiresAt: issued.expiresAt.toISOString() }
        }))
      .handle("verifyOtp", ({ payload }) =>
        Effect.gen(function*() {
          const signedIn = yield* OptionalCurrentCustomer
          const verified = yield* accounts.verifyOtp(payload, signedIn).pipe(
            answerWith(authOtpProblems.verifyOtp)
          )
          return verified._tag === "SignedIn" ? verified.authResult : { verified: true as const }
        }))
  }))
