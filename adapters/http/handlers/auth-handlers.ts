/** Handlers of the /auth group: the account use cases, their domain errors as the problems of docs/contract/errors.md. */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { AccountsService } from "../../../application/auth/accounts-service.ts"
import { StorefrontApi } from "../api/storefront-api.ts"
import { ClientIpPolicy, clientIpOf } from "../request/client-ip.ts"
import { authProblems } from "../problems/account-problem-table.ts"
import { answerWith } from "./answer-with.ts"

export const layer = HttpApiBuilder.group(StorefrontApi, "auth", (handlers) =>
  Effect.gen(function*() {
    const accounts = yield* AccountsService
    const clientIpPolicy = yield* ClientIpPolicy
    const clientIp = (request: Parameters<typeof clientIpOf>[0]) => clientIpOf(request, clientIpPolicy)
    return handlers
      .handle("register", ({ payload, request }) =>
        accounts.register({
          name: payload.name,
          email: payload.email,
          password: payload.password,
          phone: payload.phone ?? null
        }, clientIp(request)).pipe(
          answerWith(authProblems.register)
        ))
      .handle("login", ({ payload, request }) =>
        accounts.logIn(payload, clientIp(request)).pipe(
          answerWith(authProblems.login)
        ))
      .handle("refresh", ({ payload }) =>
        accounts.refresh(payload.refreshToken).pipe(
          answerWith(authProblems.refresh)
        ))
      .handle("logout", ({ payload }) => accounts.logOut(payload.refreshToken))
      .handle("forgotPassword", ({ payload, request }) =>
        accounts.requestPasswordReset(payload.email, clientIp(request)).pipe(
          Effect.as({}),
          answerWith(authProblems.forgotPassword)
        ))
      .handle("resetPassword", ({ payload }) =>
        ("token" in payload ? accounts.resetPasswordWithToken(payload) : accounts.resetPasswordWithCode(payload)).pipe(
          answerWith(authProblems.resetPassword)
        ))
  }))
