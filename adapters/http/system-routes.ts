/**
 * Operational routes beside the API (no publishable key): liveness, readiness, the OpenAPI
 * document and the offline API reference page.
 */
import { Effect, Layer } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import { HttpApiScalar } from "effect/http-api"
import { StoreHealth } from "../../application/shared/store-health.ts"
import { StorefrontApi } from "./api/storefront-api.ts"
import {
  problemResponse,
  SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS,
  ServiceUnavailable
} from "./problems/generic-problems.ts"

export const SYSTEM_ROUTES = [
  ["GET", "/health"],
  ["GET", "/ready"],
  ["GET", "/openapi.json"],
  ["GET", "/docs"]
] as const

const health = HttpRouter.add("GET", "/health", HttpServerResponse.jsonUnsafe({ status: "ok" }))

const ready = Layer.unwrap(Effect.gen(function*() {
  const store = yield* StoreHealth
  return HttpRouter.add(
    "GET",
    "/ready",
    store.ping.pipe(
      Effect.as(HttpServerResponse.jsonUnsafe({ status: "ready" })),
      Effect.catchTag("StoreUnavailable", () =>
        Effect.succeed(problemResponse(ServiceUnavailable, {
          detail: "The database does not answer",
          headers: { "retry-after": String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS) }
        })))
    )
  )
}))

const docs = HttpApiScalar.layer(StorefrontApi, { path: "/docs", scalar: { withDefaultFonts: false } })

export const SystemRoutes = Layer.mergeAll(health, ready, docs)
