/** Handlers of the /auth group: the account use cases, their domain errors as CONTRACT problems. */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { logIn } from "../../../application/auth/log-in.ts"
import { logOut } from "../../../application/auth/log-out.ts"
import { refreshTokens } from "../../../application/auth/refresh-tokens.ts"
import { registerCustomer } from "../../../application/auth/register-customer.ts"
import { requestPasswordReset } from "../../../application/auth/request-password-reset.ts"
import { resetPasswordWithCode, resetPasswordWithToken } from "../../../application/auth/reset-password.ts"
import { StorefrontApi } from "../api/storefront-api.ts"
import { clientIpOf } from "../request/client-ip.ts"
import {
  EmailAlreadyRegisteredProblem,
  InvalidCredentialsProblem,
  invalidOtpProblem,
  InvalidRefreshTokenProblem,
  InvalidResetCredentialProblem,
  passwordTooWeakProblem,
  rateLimitedProblem,
  VerificationNotFoundProblem
} from "../problems/auth-problems.ts"
import { AccountServices } from "./auth-services.ts"
import { unavailableAsDefect } from "./unavailable-as-defect.ts"

export const AuthHandlers = HttpApiBuilder.group(StorefrontApi, "auth", (handlers) =>
  Effect.gen(function*() {
    const services = yield* AccountServices
    const clientIp = (request: Parameters<typeof clientIpOf>[0]) => clientIpOf(request, services.clientIpPolicy)
    return handlers
      .handle("register", ({ payload, request }) =>
        registerCustomer({
          name: payload.name,
          email: payload.email,
          password: payload.password,
          phone: payload.phone ?? null
        }, clientIp(request)).pipe(
          services.provide,
          Effect.catchTags({
            PasswordTooWeak: (error) => Effect.fail(passwordTooWeakProblem(error)),
            EmailAlreadyRegistered: () =>
              Effect.fail(new EmailAlreadyRegisteredProblem({ detail: "An account with this email or phone already exists" })),
            RateLimited: (error) => Effect.fail(rateLimitedProblem(error))
          }),
          unavailableAsDefect
        ))
      .handle("login", ({ payload, request }) =>
        logIn(payload, clientIp(request)).pipe(
          services.provide,
          Effect.catchTags({
            InvalidCredentials: () => Effect.fail(new InvalidCredentialsProblem({ detail: "The email or password is wrong" })),
            RateLimited: (error) => Effect.fail(rateLimitedProblem(error))
          }),
          unavailableAsDefect
        ))
      .handle("refresh", ({ payload }) =>
        refreshTokens(payload.refreshToken).pipe(
          services.provide,
          Effect.catchTag("InvalidRefreshToken", () =>
            Effect.fail(new InvalidRefreshTokenProblem({ detail: "The refresh token is unknown, expired, used or revoked" }))),
          unavailableAsDefect
        ))
      .handle("logout", ({ payload }) => logOut(payload.refreshToken).pipe(services.provide, unavailableAsDefect))
      .handle("forgotPassword", ({ payload, request }) =>
        requestPasswordReset(payload.email, clientIp(request)).pipe(
          services.provide,
          Effect.as({}),
          Effect.catchTag("RateLimited", (error) => Effect.fail(rateLimitedProblem(error))),
          unavailableAsDefect
        ))
      .handle("resetPassword", ({ payload }) =>
        ("token" in payload ? resetPasswordWithToken(payload) : resetPasswordWithCode(payload)).pipe(
          services.provide,
          Effect.catchTags({
            PasswordTooWeak: (error) => Effect.fail(passwordTooWeakProblem(error)),
            InvalidResetCredential: () =>
              Effect.fail(new InvalidResetCredentialProblem({ detail: "The reset token is unknown, expired or already used" })),
            InvalidOtp: (error) => Effect.fail(invalidOtpProblem(error)),
            VerificationNotFound: () =>
              Effect.fail(new VerificationNotFoundProblem({ detail: "No open verification with this id" }))
          }),
          unavailableAsDefect
        ))
  }))
