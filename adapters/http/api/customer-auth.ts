/**
 * Bearer authentication of customers (docs/contract/conventions.md, docs/contract/accounts.md): `Authorization: Bearer <accessToken>`.
 * Required under /customers/me (missing, invalid, expired or revoked → 401 unauthorized);
 * optional on cart routes, where a present but invalid token is still 401.
 */
import { Context, type Option } from "effect"
import type { CustomerId, SessionId } from "../../../domain/shared/ids.ts"
import { HttpApiMiddleware, HttpApiSecurity } from "effect/http-api"
import { UnauthorizedProblem } from "../problems/request-problems.ts"
import { StoreUnavailableResponse } from "../problems/service-unavailable.ts"

export interface AuthenticatedCustomer {
  readonly customerId: CustomerId
  readonly sessionId: SessionId
}

export class CurrentCustomer extends Context.Service<CurrentCustomer, AuthenticatedCustomer>()(
  "storefront/http/CurrentCustomer"
) {}

export class OptionalCurrentCustomer extends Context.Service<OptionalCurrentCustomer, Option.Option<AuthenticatedCustomer>>()(
  "storefront/http/OptionalCurrentCustomer"
) {}

export class CustomerAuthMiddleware extends HttpApiMiddleware.Service<CustomerAuthMiddleware, {
  provides: CurrentCustomer
}>()("storefront/http/CustomerAuthMiddleware", {
  // the bearer check reads the session from the store, which may be down
  error: [UnauthorizedProblem, StoreUnavailableResponse],
  security: { bearer: HttpApiSecurity.bearer }
}) {}

export class OptionalCustomerAuthMiddleware extends HttpApiMiddleware.Service<OptionalCustomerAuthMiddleware, {
  provides: OptionalCurrentCustomer
}>()("storefront/http/OptionalCustomerAuthMiddleware", {
  // the bearer check reads the session from the store, which may be down
  error: [UnauthorizedProblem, StoreUnavailableResponse],
  security: { bearer: HttpApiSecurity.bearer }
}) {}
