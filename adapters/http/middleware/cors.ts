/**
 * CORS for browser storefronts on other origins (`CORS_ORIGINS`, request/cors-origins.ts):
 *
 * - a preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) is answered 204
 *   before routing, with the allowed methods and request headers and `Access-Control-Max-Age`;
 * - every other response to an allowed origin (problems included) carries
 *   `Access-Control-Allow-Origin` and `Access-Control-Expose-Headers` (ETag, x-request-id,
 *   Retry-After), so the page can read them;
 * - a disallowed origin gets no CORS headers at all, and its request is served as any other
 *   (CORS is the browser's rule, not an access control: a preflight then fails in the browser);
 * - with a list of origins every response says `Vary: Origin` (it differs by origin); with `*`
 *   the answer is the same for all and does not vary.
 *
 * No `Access-Control-Allow-Credentials`: the API uses bearer tokens, never cookies.
 */
import { Effect } from "effect"
import { HttpEffect, HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { type CorsOrigins, isAllowedOrigin } from "../request/cors-origins.ts"

export const CORS_ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const

export const CORS_ALLOWED_HEADERS = [
  "content-type",
  "x-publishable-api-key",
  "authorization",
  "idempotency-key",
  "x-order-token",
  "if-match",
  "if-none-match",
  "x-request-id"
] as const

export const CORS_EXPOSED_HEADERS = ["etag", "x-request-id", "retry-after"] as const

export interface CorsOptions {
  readonly origins: CorsOrigins
  /** How long a browser may keep a preflight's answer. */
  readonly maxAgeSeconds: number
}

/** Adds `value` to a comma-separated `Vary` header unless it is there already. */
export const varyOn = (existing: string | undefined, value: string): string => {
  if (existing === undefined || existing.trim() === "") return value
  const present = existing.split(",").map((item) => item.trim().toLowerCase())
  return present.includes(value.toLowerCase()) || present.includes("*") ? existing : `${existing}, ${value}`
}

const withVaryOrigin = (options: CorsOptions, response: HttpServerResponse.HttpServerResponse) =>
  options.origins._tag === "List"
    ? HttpServerResponse.setHeader(response, "vary", varyOn(response.headers["vary"], "Origin"))
    : response

const allowOrigin = (options: CorsOptions, origin: string) => options.origins._tag === "Any" ? "*" : origin

export const corsMiddleware = (options: CorsOptions) => {
  const preflightHeaders = {
    "access-control-allow-methods": CORS_ALLOWED_METHODS.join(", "),
    "access-control-allow-headers": CORS_ALLOWED_HEADERS.join(", "),
    "access-control-max-age": String(options.maxAgeSeconds)
  }
  const exposeHeaders = CORS_EXPOSED_HEADERS.join(", ")

  return HttpRouter.middleware((httpEffect) =>
    Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const origin = request.headers["origin"]
      const allowed = origin !== undefined && isAllowedOrigin(options.origins, origin)
      const isPreflight = request.method === "OPTIONS" && origin !== undefined &&
        request.headers["access-control-request-method"] !== undefined
      if (isPreflight) {
        const answer = HttpServerResponse.empty({
          status: 204,
          headers: allowed ? { "access-control-allow-origin": allowOrigin(options, origin), ...preflightHeaders } : {}
        })
        return withVaryOrigin(options, answer)
      }
      yield* HttpEffect.appendPreResponseHandler((_request, response) =>
        Effect.succeed(withVaryOrigin(
          options,
          allowed
            ? HttpServerResponse.setHeaders(response, {
              "access-control-allow-origin": allowOrigin(options, origin),
              "access-control-expose-headers": exposeHeaders
            })
            : response
        ))
      )
      return yield* httpEffect
    }), { global: true })
}
