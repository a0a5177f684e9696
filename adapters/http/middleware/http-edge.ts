/**
 * The global HTTP edge, wrapped around every route (the API and the system routes):
 *
 * - CORS for browser storefronts on the allowed origins (cors.ts);
 * - `x-request-id` on every response (echoed when the client sent a sane one);
 * - one access-log line and the HTTP metrics per request (observability/access-log.ts);
 * - the body limit (`MAX_BODY_BYTES`, chunked bodies too) and the JSON-only media type rule;
 * - the language of the messages the request causes, from Accept-Language (message-locale.ts);
 * - well-formed text only: NUL, lone surrogates or non-UTF-8 bytes anywhere in the path, the
 *   query or a JSON body are 400 `validation_failed` listing every bad field (request/well-formed-text.ts);
 * - problem+json for everything the typed endpoints do not answer themselves: unknown route
 *   (404), wrong method (405 + Allow), body too large (413), media type (415), database
 *   unreachable (503 + Retry-After) and any unexpected failure (500, never with internals).
 */
import { ByteSize, Cause, Effect, Layer, type Types } from "effect"
import {
  HttpEffect,
  HttpRouter,
  HttpServerError,
  HttpServerRequest,
  HttpServerResponse
} from "effect/http"
import type { HttpApi, HttpApiGroup } from "effect/http-api"
import {
  BadRequest,
  type GenericProblem,
  InternalError,
  MethodNotAllowed,
  NotFound,
  PayloadTooLarge,
  problemResponse,
  SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS,
  ServiceUnavailable,
  UnsupportedMediaType
} from "../problems/generic-problems.ts"
import { accessLogMiddleware } from "../observability/access-log.ts"
import { type Route, routeTable, routeTemplates } from "../observability/route-templates.ts"
import { isUtf8, malformedJsonStrings, malformedUrlText, type TextProblem } from "../request/well-formed-text.ts"
import { type CorsOptions, corsMiddleware } from "./cors.ts"
import * as MessageLocale from "./message-locale.ts"
import { isStoreUnavailableCause } from "./store-unavailable-cause.ts"

const REQUEST_ID_HEADER = "x-request-id"
const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/

export const requestIdMiddleware = HttpRouter.middleware((httpEffect) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const given = request.headers[REQUEST_ID_HEADER]
    const requestId = given !== undefined && SANE_REQUEST_ID.test(given) ? given : crypto.randomUUID()
    yield* HttpEffect.appendPreResponseHandler((_request, response) =>
      Effect.succeed(HttpServerResponse.setHeader(response, REQUEST_ID_HEADER, requestId))
    )
    return yield* Effect.annotateLogs(httpEffect, { requestId })
  }), { global: true })

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"])

const hasBody = (request: HttpServerRequest.HttpServerRequest): boolean => {
  const length = request.headers["content-length"]
  if (length !== undefined) return Number(length) > 0
  return request.headers["transfer-encoding"] !== undefined
}

const isJsonMediaType = (contentType: string | undefined): boolean => {
  if (contentType === undefined) return false
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase()
  return mediaType === "application/json" || (mediaType.startsWith("application/") && mediaType.endsWith("+json"))
}

const badText = (errors: ReadonlyArray<TextProblem>) =>
  problemResponse(BadRequest, { detail: "The request contains text that cannot be stored", extensions: { errors } })

/**
 * NUL, lone surrogates and non-UTF-8 bytes in the URL or a JSON body; the body is read once here
 * (the request caches it for the endpoint's own decoding). A body that is not JSON is left to
 * the endpoint (400 `invalid_json`).
 */
const checkRequestText = (request: HttpServerRequest.HttpServerRequest, withBody: boolean) =>
  Effect.gen(function*() {
    const inUrl = malformedUrlText(request.url)
    if (!withBody) return inUrl
    const bytes = yield* request.arrayBuffer
    if (!isUtf8(bytes)) return [...inUrl, { path: "", message: "Expected a UTF-8 body" }]
    const text = new TextDecoder().decode(bytes)
    let document: unknown
    try {
      document = JSON.parse(text)
    } catch {
      return inUrl
    }
    return [...inUrl, ...malformedJsonStrings(text, document)]
  })

const isFormMediaType = (contentType: string | undefined): boolean =>
  contentType?.split(";")[0]?.trim().toLowerCase() === "application/x-www-form-urlencoded"

/**
 * Requests with a body must be JSON (415) and within the size limit (413, enforced while reading);
 * under `formPathPrefixes` (payment gateways' callbacks, the demo gateway's page) an HTML form too.
 */
export const bodyRulesMiddleware = (maxBodyBytes: number, formPathPrefixes: ReadonlyArray<string> = []) =>
  HttpRouter.middleware((httpEffect) =>
    Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const withBody = BODY_METHODS.has(request.method) && hasBody(request)
      if (withBody) {
        const contentType = request.headers["content-type"]
        const formAllowed = isFormMediaType(contentType) && formPathPrefixes.some((prefix) => request.url.startsWith(prefix))
        if (!isJsonMediaType(contentType) && !formAllowed) {
          return problemResponse(UnsupportedMediaType, {
            detail: "Requests with a body must send Content-Type: application/json"
          })
        }
        const declared = Number(request.headers["content-length"] ?? "0")
        if (declared > maxBodyBytes) {
          return problemResponse(PayloadTooLarge, { detail: `The body limit is ${maxBodyBytes} bytes` })
        }
      }
      return yield* Effect.gen(function*() {
        const problems = yield* checkRequestText(request, withBody).pipe(
          // a body over the limit (or cut off) is the endpoint's to answer (413, 400)
          Effect.catch(() => Effect.succeed([]))
        )
        return problems.length > 0 ? badText(problems) : yield* httpEffect
      }).pipe(Effect.provideService(HttpServerRequest.MaxBodySize, ByteSize.bytes(maxBodyBytes)))
    }), { global: true })

const STATUS_PROBLEMS: ReadonlyMap<number, GenericProblem> = new Map([
  [400, BadRequest],
  [404, NotFound],
  [405, MethodNotAllowed],
  [413, PayloadTooLarge],
  [415, UnsupportedMediaType],
  [500, InternalError],
  [503, ServiceUnavailable]
])

const isProblemResponse = (response: HttpServerResponse.HttpServerResponse): boolean => {
  const body = response.body
  const contentType = response.headers["content-type"] ?? ("contentType" in body ? body.contentType : undefined)
  return contentType?.startsWith("application/problem+json") === true
}

/** A non-problem error response (HttpApi's own empty 400/413, text 415, ...) gets a problem body. */
const ensureProblem = (response: HttpServerResponse.HttpServerResponse): HttpServerResponse.HttpServerResponse => {
  if (response.status < 400 || isProblemResponse(response)) return response
  const problem = STATUS_PROBLEMS.get(response.status) ??
    { status: response.status, code: response.status >= 500 ? "internal_error" : "error", title: "Error" }
  const replacement = problemResponse(problem)
  return HttpServerResponse.setHeaders(replacement, withoutBodyHeaders(response.headers))
}

const withoutBodyHeaders = (headers: Readonly<Record<string, string>>): Record<string, string> => {
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (name !== "content-type" && name !== "content-length") kept[name] = value
  }
  return kept
}

/** Problem+json for every failure that reaches the router, with 405 + Allow for known paths. */
export const problemJsonMiddleware = <Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>,
  extraRoutes: ReadonlyArray<Route>
) => {
  const routes = routeTable(api, extraRoutes)
  const allowedMethods = (path: string) => [...routes.methods].filter((method) => routes.find(method, path) !== undefined)

  return HttpRouter.middleware((httpEffect): Effect.Effect<
    HttpServerResponse.HttpServerResponse,
    Types.unhandled,
    HttpServerRequest.HttpServerRequest
  > =>
    Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const path = request.url.split("?")[0]!
      const response = yield* httpEffect.pipe(Effect.catchCause((cause) => {
        const routeNotFound = cause.reasons.some((reason) =>
          Cause.isFailReason(reason) && HttpServerError.isHttpServerError(reason.error) &&
          reason.error.reason._tag === "RouteNotFound"
        )
        if (routeNotFound) {
          const allow = allowedMethods(path)
          return Effect.succeed(
            allow.length > 0
              ? problemResponse(MethodNotAllowed, {
                detail: `${request.method} is not allowed on ${path}`,
                headers: { allow: allow.join(", ") }
              })
              : problemResponse(NotFound, { detail: `No route for ${request.method} ${path}` })
          )
        }
        if (isStoreUnavailableCause(cause)) {
          return Effect.as(
            Effect.logWarning("request failed: store unavailable"),
            problemResponse(ServiceUnavailable, {
              detail: "The service is temporarily unavailable; retry shortly",
              headers: { "retry-after": String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS) }
            })
          )
        }
        return HttpServerError.causeResponse(cause).pipe(
          Effect.tap(([failureResponse]) =>
            // a client that went away (interruption only) is not a failure of ours
            failureResponse.status >= 500 && !Cause.hasInterruptsOnly(cause)
              ? Effect.logError("unhandled failure", cause)
              : Effect.void
          ),
          Effect.map(([failureResponse]) => failureResponse)
        )
      }))
      return ensureProblem(response)
    }), { global: true })
}

export const layer = <Id extends string, Groups extends HttpApiGroup.Constraint>(options: {
  readonly api: HttpApi.HttpApi<Id, Groups>
  readonly extraRoutes: ReadonlyArray<Route>
  readonly maxBodyBytes: number
  readonly cors: CorsOptions
  /** Paths (prefixes) whose POST may carry an HTML form instead of JSON. */
  readonly formPathPrefixes?: ReadonlyArray<string>
}) =>
  // the first is the outermost: every log line of a request carries its id
  Layer.mergeAll(
    requestIdMiddleware,
    accessLogMiddleware(routeTemplates(options.api, options.extraRoutes)),
    problemJsonMiddleware(options.api, options.extraRoutes),
    bodyRulesMiddleware(options.maxBodyBytes, options.formPathPrefixes),
    corsMiddleware(options.cors),
    MessageLocale.layer
  )
