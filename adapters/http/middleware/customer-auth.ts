/**
 * The bearer middlewares of api/customer-auth.ts. A token must carry a valid signature (pinned
 * algorithm, issuer, audience), be unexpired, and belong to a session that is still active, so a
 * logout, reset or reuse revocation shuts the access token out at once. Required variant: a
 * missing token is 401. Optional variant: a missing token is an anonymous request, a present but
 * bad one is still 401.
 */
import { Effect, Layer, Option, Redacted } from "effect"
import { AccountsService } from "../../../application/auth/accounts-service.ts"
import {
  CurrentCustomer,
  CustomerAuthMiddleware,
  OptionalCurrentCustomer,
  OptionalCustomerAuthMiddleware
} from "../api/customer-auth.ts"
import { UnauthorizedProblem } from "../problems/request-problems.ts"

const INVALID_TOKEN = "The access token is invalid, expired or revoked"

/**
 * The customer the bearer token names: none without a token; a token the application refuses
 * is the 401 problem (a store outage goes on: 503).
 */
const bearerCustomer = (accounts: AccountsService["Service"], credential: Redacted.Redacted<string>) => {
  const token = Redacted.value(credential)
  if (token === "") return Effect.succeedNone
  return accounts.authenticate(token).pipe(
    Effect.map(Option.some),
    Effect.catchTag("Unauthorized", () => Effect.fail(new UnauthorizedProblem({ detail: INVALID_TOKEN })))
  )
}

const required = Layer.effect(
  CustomerAuthMiddleware,
  Effect.map(AccountsService, (accounts) => ({
    bearer: (httpEffect, { credential }) =>
      bearerCustomer(accounts, credential).pipe(
        Effect.flatMap((customer) =>
          Option.isSome(customer)
            ? Effect.succeed(customer.value)
            : Effect.fail(new UnauthorizedProblem({ detail: "Send Authorization: Bearer <accessToken>" }))),
        Effect.flatMap((customer) => Effect.provideService(httpEffect, CurrentCustomer, customer))
      )
  }))
)

const optional = Layer.effect(
  OptionalCustomerAuthMiddleware,
  Effect.map(AccountsService, (accounts) => ({
    bearer: (httpEffect, { credential }) =>
      Effect.flatMap(bearerCustomer(accounts, credential), (customer) =>
        Effect.provideService(httpEffect, OptionalCurrentCustomer, customer))
  }))
)

/** Both bearer middlewares: the one routes that need a customer use, and the optional one. */
export const layer = Layer.mergeAll(required, optional)
