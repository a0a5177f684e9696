/**
 * Request decoding failures → 400 `validation_failed` with `errors[{path, message}]`
 * (paths as docs/contract/errors.md writes them, without a transport prefix: `limit`, `items.0.quantity`;
 * a whole missing body is the path `""`), or 400 `invalid_json` for a body
 * that is not JSON. Failures to encode our own responses are defects (500).
 */
import { Effect, SchemaIssue } from "effect"
import { HttpServerRequest } from "effect/http"
import { type HttpApiError, HttpApiMiddleware } from "effect/http-api"
import { ValidationMiddleware } from "../api/validation-middleware.ts"
import { InvalidJson, ValidationFailed } from "../problems/request-problems.ts"

const toStandard = SchemaIssue.makeFormatterStandardSchemaV1()

/** Whether the request's body (read once, cached by the request) fails to parse as JSON. */
const bodyIsNotJson = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const text = yield* Effect.orElseSucceed(request.text, () => "")
  if (text === "") return false
  try {
    JSON.parse(text)
    return false
  } catch (error) {
    return error instanceof SyntaxError
  }
})

export const layer = HttpApiMiddleware.layerSchemaErrorTransform(ValidationMiddleware, (error) =>
  Effect.gen(function*() {
    if (error.kind === "Body" || error.kind === "ResponseHeaders") return yield* Effect.die(error)
    if (error.kind === "Payload" && (yield* bodyIsNotJson)) {
      return yield* Effect.fail(new InvalidJson({ detail: "The request body is not valid JSON" }))
    }
    return yield* invalidRequest(error)
  }))

const invalidRequest = (error: HttpApiError.HttpApiSchemaError) => {
  const slot = error.kind.toLowerCase()
  const issues = toStandard(error.cause.issue).issues
  return Effect.fail(new ValidationFailed({
    detail: `Invalid request ${slot}`,
    errors: issues.map((issue) => ({
      path: (issue.path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment)).join("."),
      message: issue.message
    }))
  }))
}
