/**
 * One access-log line per request, and its HTTP metrics: method, route template, status,
 * duration (time to produce the response, in ms), response bytes (when the body's length is
 * known) and, from the request-id middleware around it, the request id. It sits outside the
 * problem+json middleware, so it sees the status the client gets (405, 503, ...).
 */
import { Effect, Exit } from "effect"
import { HttpRouter, HttpServerError, HttpServerRequest, type HttpServerResponse } from "effect/http"
import { recordRequest } from "./http-metrics.ts"
import type { RouteTemplates } from "./route-templates.ts"

const responseBytes = (response: HttpServerResponse.HttpServerResponse): number | null => {
  const body = response.body
  if (body._tag === "Empty") return 0
  return body.contentLength ?? null
}

export const accessLogMiddleware = (templates: RouteTemplates) =>
  HttpRouter.middleware((httpEffect) =>
    Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const startedAt = performance.now()
      const exit = yield* Effect.exit(httpEffect)
      const response = Exit.isSuccess(exit) ? exit.value : (yield* HttpServerError.causeResponse(exit.cause))[0]
      const durationMs = performance.now() - startedAt
      const method = request.method
      const route = templates(method, request.url)
      const status = response.status
      yield* Effect.log(`${method} ${route} ${status}`).pipe(Effect.annotateLogs({
        method,
        route,
        status,
        durationMs: Math.round(durationMs * 1000) / 1000,
        bytes: responseBytes(response)
      }))
      yield* recordRequest({ method, route, status }, durationMs / 1000)
      return yield* exit
    }), { global: true })
