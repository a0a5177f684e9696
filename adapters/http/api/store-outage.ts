/**
 * Every route may find the store unreachable. The application's StoreUnavailable is declared
 * once for the whole API, here, so handlers let it through untouched and the API renders it
 * (problems/service-unavailable.ts: 503 `service_unavailable` with Retry-After).
 */
import { HttpApiMiddleware } from "effect/http-api"
import { StoreUnavailableResponse } from "../problems/service-unavailable.ts"

export class StoreOutage extends HttpApiMiddleware.Service<StoreOutage>()(
  "storefront/http/StoreOutage",
  { error: StoreUnavailableResponse }
) {}
