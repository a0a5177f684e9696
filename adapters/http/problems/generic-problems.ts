/**
 * Problems produced outside the typed endpoints (unknown route, wrong method, body limits,
 * media type, defects, database outage), as raw problem+json responses.
 */
import { HttpServerResponse } from "effect/http"
import { problemType } from "./problem-type.ts"

export interface GenericProblem {
  readonly status: number
  readonly code: string
  readonly title: string
}

export const NotFound: GenericProblem = { status: 404, code: "not_found", title: "Not found" }
export const MethodNotAllowed: GenericProblem = { status: 405, code: "method_not_allowed", title: "Method not allowed" }
export const PayloadTooLarge: GenericProblem = { status: 413, code: "payload_too_large", title: "Payload too large" }
export const UnsupportedMediaType: GenericProblem = {
  status: 415,
  code: "unsupported_media_type",
  title: "Unsupported media type"
}
export const InternalError: GenericProblem = { status: 500, code: "internal_error", title: "Internal server error" }
export const ServiceUnavailable: GenericProblem = {
  status: 503,
  code: "service_unavailable",
  title: "Service unavailable"
}
/** What Node's HTTP parser refuses before routing (adapters/http/node-server.ts). */
export const HeaderFieldsTooLarge: GenericProblem = {
  status: 431,
  code: "header_fields_too_large",
  title: "Request header fields too large"
}
export const RequestTimeout: GenericProblem = { status: 408, code: "request_timeout", title: "Request timeout" }
export const MalformedRequest: GenericProblem = { status: 400, code: "malformed_request", title: "Malformed request" }
export const InvalidJsonProblem: GenericProblem = { status: 400, code: "invalid_json", title: "Malformed JSON body" }
export const BadRequest: GenericProblem = { status: 400, code: "validation_failed", title: "Bad request" }

export const SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5

export const problemResponse = (
  problem: GenericProblem,
  options: {
    readonly detail?: string
    readonly headers?: Record<string, string>
    /** Extension members of the problem (RFC 9457 §3.2). */
    readonly extensions?: Record<string, unknown>
  } = {}
): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.jsonUnsafe(
    {
      type: problemType(problem.code),
      title: problem.title,
      status: problem.status,
      code: problem.code,
      ...(options.detail === undefined ? {} : { detail: options.detail }),
      ...options.extensions
    },
    {
      status: problem.status,
      contentType: "application/problem+json",
      ...(options.headers === undefined ? {} : { headers: options.headers })
    }
  )
