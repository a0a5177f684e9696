/**
 * Operational routes beside the API (no publishable key): liveness, readiness, Prometheus
 * metrics, the OpenAPI document and the offline API reference page.
 */
import { Effect, Layer } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import { HttpApiScalar } from "effect/http-api"
import { CatalogReadModel } from "../../application/catalog/catalog-read-model.ts"
import { BackgroundLoops } from "../../application/shared/background-loops.ts"
import { ReplicaHealth } from "../../application/shared/replica-health.ts"
import { StoreHealth } from "../../application/shared/store-health.ts"
import { PUBLISHABLE_KEY_HEADER } from "./api/publishable-key-middleware.ts"
import { StorefrontApi } from "./api/storefront-api.ts"
import { METRICS_PATH } from "./observability/metrics-route.ts"
import * as MetricsRoute from "./observability/metrics-route.ts"
import { outboxBacklogOf, outboxReport } from "./observability/outbox-gauges.ts"
import {
  problemResponse,
  SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS,
  ServiceUnavailable
} from "./problems/generic-problems.ts"

export const SYSTEM_ROUTES = [
  ["GET", "/health"],
  ["GET", "/ready"],
  ["GET", METRICS_PATH],
  ["GET", "/openapi.json"],
  ["GET", "/docs"]
] as const

const health = HttpRouter.add("GET", "/health", HttpServerResponse.jsonUnsafe({ status: "ok" }))

/** Beyond this the catalog read model counts as stale and the instance as not ready. */
export const MAX_CATALOG_LAG_MILLIS = 30_000

/**
 * Ready when the database answers and the catalog is at most 30 s behind it; the body reports
 * the catalog's lag, the catalog replica's state when there is one (a replica that lags or is
 * down does not make the instance unready: the catalog is then read from the primary), every
 * background loop's health and the outboxes' backlog either way (a gateway outage shows there,
 * and never makes the instance unready) (503 problem+json with Retry-After, and the same
 * members, when not ready).
 */
const ready = Layer.unwrap(Effect.gen(function*() {
  const store = yield* StoreHealth
  const readModel = yield* CatalogReadModel
  const loops = yield* BackgroundLoops
  const backlog = yield* outboxBacklogOf
  const replica = yield* Effect.serviceOption(ReplicaHealth)
  return HttpRouter.add(
    "GET",
    "/ready",
    Effect.gen(function*() {
      const lagMs = yield* readModel.lagMillis
      const outbox = yield* outboxReport(backlog)
      const report = {
        catalog: { lagMs },
        ...(replica._tag === "Some" ? { replica: yield* replica.value.status } : {}),
        loops: yield* loops.health,
        ...(outbox === undefined ? {} : { outbox })
      }
      const database = yield* store.ping.pipe(Effect.as("ok" as const), Effect.catchTag("StoreUnavailable", () => Effect.succeed("unavailable" as const)))
      if (database === "ok" && lagMs <= MAX_CATALOG_LAG_MILLIS) return HttpServerResponse.jsonUnsafe({ status: "ready", ...report })
      return problemResponse(ServiceUnavailable, {
        detail: database === "unavailable" ? "The database does not answer" : `The catalog is ${lagMs} ms behind the database`,
        headers: { "retry-after": String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS) },
        extensions: report
      })
    })
  )
}))

/**
 * The API reference page. When the catalog knows `publishableKey` (the demo key on a demo
 * database), the page's "Test request" panel starts with it filled in.
 */
const docs = (publishableKey: string | undefined) =>
  Layer.unwrap(Effect.gen(function*() {
    const readModel = yield* CatalogReadModel
    const known = publishableKey !== undefined && readModel.state().publishableKeys.has(publishableKey)
    // Scalar's `authentication.securitySchemes` (values per scheme) is not in Effect's ScalarConfig type
    const authentication = {
      preferredSecurityScheme: "publishableKey",
      ...(known ? { securitySchemes: { publishableKey: { name: PUBLISHABLE_KEY_HEADER, in: "header", value: publishableKey } } } : {})
    }
    return HttpApiScalar.layer(StorefrontApi, { path: "/docs", scalar: { withDefaultFonts: false, authentication } })
  }))

export const layer = (options: { readonly docsPublishableKey?: string | undefined } = {}) =>
  Layer.mergeAll(health, ready, MetricsRoute.layer, docs(options.docsPublishableKey))
