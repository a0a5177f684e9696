/**
 * Every /v1/store route requires `x-publishable-api-key` (docs/contract/conventions.md): missing → 400
 * publishable_key_required; unknown or revoked → 401 publishable_key_invalid.
 */
import { HttpApiMiddleware, HttpApiSecurity } from "effect/http-api"
import { PublishableKeyRejected, PublishableKeyRequired } from "../problems/request-problems.ts"
import { StoreScope } from "./store-scope.ts"

export const PUBLISHABLE_KEY_HEADER = "x-publishable-api-key"

export class PublishableKeyMiddleware extends HttpApiMiddleware.Service<PublishableKeyMiddleware, {
  provides: StoreScope
}>()("storefront/http/PublishableKeyMiddleware", {
  error: [PublishableKeyRequired, PublishableKeyRejected],
  security: { publishableKey: HttpApiSecurity.apiKey({ in: "header", key: PUBLISHABLE_KEY_HEADER }) }
}) {}
