/**
 * A store outage as the HTTP API answers it: the application's StoreUnavailable passes through
 * the handlers untouched and is rendered here, as every route declares it (api/store-outage.ts):
 * 503 `service_unavailable` with `Retry-After`, for the client to retry.
 */
import { Schema } from "effect"
import { HttpApiSchema } from "effect/http-api"
import { StoreUnavailable } from "../../../application/shared/store-unavailable.ts"
import { SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS } from "./generic-problems.ts"
import { StorefrontProblem } from "./problem-type.ts"

export class ServiceUnavailableProblem extends StorefrontProblem<ServiceUnavailableProblem>()(503, "service_unavailable", "Service unavailable") {}

export const StoreUnavailableResponse = StoreUnavailable.pipe(HttpApiSchema.encodeToWithHeaders(
  { body: ServiceUnavailableProblem, headers: { "retry-after": Schema.FiniteFromString } },
  {
    decode: () => new StoreUnavailable({ reason: "service_unavailable" }),
    encode: () => ({
      body: new ServiceUnavailableProblem({ detail: "The service is temporarily unavailable; retry shortly" }),
      headers: { "retry-after": SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS }
    })
  }
))
