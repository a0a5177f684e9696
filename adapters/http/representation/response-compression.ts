/**
 * Compression of response bodies, applied to the final response of every route (a pre-response
 * handler, so problem responses of the HTTP edge are covered too): a body over 1 KB of a textual
 * type goes in brotli or gzip when `Accept-Encoding` asks for it (content-coding.ts), with
 * `Content-Encoding`, and `Vary: Accept-Encoding` on every response whose coding depended on it.
 * Streamed bodies, bodies already encoded, 1xx/204/304 and small bodies are sent as they are.
 */
import { Effect } from "effect"
import { HttpBody, HttpEffect, HttpRouter, type HttpServerRequest, HttpServerResponse } from "effect/http"
import { compressedBody } from "./compressed-bodies.ts"
import { isCompressible, negotiateCoding } from "./content-coding.ts"
import { withVary } from "./vary.ts"

const compressResponse = (
  request: HttpServerRequest.HttpServerRequest,
  response: HttpServerResponse.HttpServerResponse
): Effect.Effect<HttpServerResponse.HttpServerResponse> => {
  const body = response.body
  if (body._tag !== "Uint8Array" || response.status < 200 || HttpServerResponse.omitsBody(response)) {
    return Effect.succeed(response)
  }
  if (response.headers["content-encoding"] !== undefined) return Effect.succeed(response)
  const contentType = response.headers["content-type"] ?? body.contentType
  if (!isCompressible(contentType, body.contentLength)) return Effect.succeed(response)
  const varied = withVary(response, "Accept-Encoding")
  const coding = negotiateCoding(request.headers["accept-encoding"])
  if (coding === "identity") return Effect.succeed(varied)
  return Effect.map(compressedBody(body.body, coding), (compressed) =>
    HttpServerResponse.setHeader(
      HttpServerResponse.setBody(varied, HttpBody.uint8Array(compressed, contentType)),
      "content-encoding",
      coding
    ))
}

export const layer = HttpRouter.middleware((httpEffect) =>
  Effect.andThen(HttpEffect.appendPreResponseHandler(compressResponse), httpEffect), { global: true })
