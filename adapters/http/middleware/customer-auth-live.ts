/**
 * The bearer middlewares of customer-auth.ts. A token must carry a valid signature (pinned
 * algorithm, issuer, audience), be unexpired, and belong to a session that is still active, so a
 * logout, reset or reuse revocation shuts the access token out at once. Required variant: a
 * missing token is 401. Optional variant: a missing token is an anonymous request, a present but
 * bad one is still 401.
 */
import { Effect, Layer, Option, Redacted } from "effect"
import { authenticateAccessToken } from "../../../application/auth/authenticate-access-token.ts"
import {
  CurrentCustomer,
  CustomerAuthMiddleware,
  OptionalCurrentCustomer,
  OptionalCustomerAuthMiddleware
} from "../api/customer-auth.ts"
import { UnauthorizedProblem } from "../problems/request-problems.ts"
import { AccountServices } from "../handlers/auth-services.ts"
import { unavailableAsDefect } from "../handlers/unavailable-as-defect.ts"

const INVALID_TOKEN = "The access token is invalid, expired or revoked"

const authenticate = Effect.fn("authenticate")(function*(token: string) {
  const services = yield* AccountServices
  return yield* authenticateAccessToken(token).pipe(
    services.provide,
    Effect.catchTag("Unauthorized", () => Effect.fail(new UnauthorizedProblem({ detail: INVALID_TOKEN }))),
    unavailableAsDefect
  )
})

export const CustomerAuthLive = Layer.effect(
  CustomerAuthMiddleware,
  Effect.gen(function*() {
    const services = yield* AccountServices
    return {
      bearer: (httpEffect, { credential }) => {
        const token = Redacted.value(credential)
        if (token === "") {
          return Effect.fail(new UnauthorizedProblem({ detail: "Send Authorization: Bearer <accessToken>" }))
        }
        return authenticate(token).pipe(
          Effect.provideService(AccountServices, services),
          Effect.flatMap((customer) => Effect.provideService(httpEffect, CurrentCustomer, customer))
        )
      }
    }
  })
)

export const OptionalCustomerAuthLive = Layer.effect(
  OptionalCustomerAuthMiddleware,
  Effect.gen(function*() {
    const services = yield* AccountServices
    return {
      bearer: (httpEffect, { credential }) => {
        const token = Redacted.value(credential)
        if (token === "") return Effect.provideService(httpEffect, OptionalCurrentCustomer, Option.none())
        return authenticate(token).pipe(
          Effect.provideService(AccountServices, services),
          Effect.flatMap((customer) => Effect.provideService(httpEffect, OptionalCurrentCustomer, Option.some(customer)))
        )
      }
    }
  })
)
