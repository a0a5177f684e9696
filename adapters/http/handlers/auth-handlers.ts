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
import { authProblems } from "../problems/account-problem-table.ts"
import { answerWith } from "./answer-with.ts"
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
          answerWith(authProblems.register)
        ))
      .handle("login", ({ payload, request }) =>
        logIn(payload, clientIp(request)).pipe(
          services.provide,
          answerWith(authProblems.login)
        ))
      .handle("refresh", ({ payload }) =>
        refreshTokens(payload.refreshToken).pipe(
          services.provide,
          answerWith(authProblems.refresh)
        ))
      .handle("logout", ({ payload }) => logOut(payload.refreshToken).pipe(services.provide, unavailableAsDefect))
      .handle("forgotPassword", ({ payload, request }) =>
        requestPasswordReset(payload.email, clientIp(request)).pipe(
          services.provide,
          Effect.as({}),
          answerWith(authProblems.forgotPassword)
        ))
      .handle("resetPassword", ({ payload }) =>
        ("token" in payload ? resetPasswordWithToken(payload) : resetPasswordWithCode(payload)).pipe(
          services.provide,
          answerWith(authProblems.resetPassword)
        ))
  }))
