/**
 * One access-log line per request, and its HTTP metrics: method, route template, status,
 * duration (until the response is ready to send, compression included, in ms), response body
 * bytes as sent (after compression; 0 for HEAD, 204 and 304; null for a stream of unknown
 * length) and the request id the response carries.
 *
 * It reads the response the client gets: a pre-response handler registered once the route and
 * the middleware inside this one are done, so it runs after every other pre-response handler
 * (request id, CORS, compression) and after failures became problem+json (405, 503, ...).
 * When Info is below LOG_LEVEL nothing is built for the line, only the metrics are recorded.
 */
import { Effect, LogLevel, References } from "effect"
import { HttpEffect, HttpRouter, type HttpServerRequest, HttpServerResponse } from "effect/http"
import { recordRequest } from "./http-metrics.ts"
import type { RouteTemplates } from "./route-templates.ts"

const bodyBytes = (
  request: HttpServerRequest.HttpServerRequest,
  response: HttpServerResponse.HttpServerResponse
): number | null => {
  if (request.method === "HEAD" || HttpServerResponse.omitsBody(response)) return 0
  const body = response.body
  if (body._tag === "Empty") return 0
  return body.contentLength ?? null
}

export const accessLogMiddleware = (templates: RouteTemplates) =>
  HttpRouter.middleware((httpEffect) =>
    Effect.suspend(() => {
      const startedAt = performance.now()
      const logResponse: HttpEffect.PreResponseHandler = (request, response) =>
        Effect.withFiber((fiber) => {
          const durationMs = performance.now() - startedAt
          const method = request.method
          const route = templates(method, request.url)
          const status = response.status
          recordRequest({ method, route, status }, durationMs / 1000)
          if (LogLevel.isGreaterThan(fiber.getRef(References.MinimumLogLevel), "Info")) return Effect.succeed(response)
          return Effect.as(
            Effect.annotateLogs(Effect.log(`${method} ${route} ${status}`), {
              requestId: response.headers["x-request-id"] ?? null,
              method,
              route,
              status,
              durationMs: Math.round(durationMs * 1000) / 1000,
              bytes: bodyBytes(request, response)
            }),
            response
          )
        })
      return Effect.ensuring(httpEffect, HttpEffect.appendPreResponseHandler(logResponse))
    }), { global: true })
