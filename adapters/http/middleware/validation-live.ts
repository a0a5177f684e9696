/**
 * Request decoding failures → 400 `validation_failed` with `errors[{path, message}]`
 * (paths as CONTRACT §2 writes them, without a transport prefix: `limit`, `items.0.quantity`;
 * a whole missing body is the path `""`), or 400 `invalid_json` for a body
 * that is not JSON. Failures to encode our own responses are defects (500).
 */
import { Effect, SchemaIssue } from "effect"
import { HttpApiMiddleware } from "effect/http-api"
import { ValidationMiddleware } from "../api/validation-middleware.ts"
import { InvalidJson, ValidationFailed } from "../problems/request-problems.ts"

const toStandard = SchemaIssue.makeFormatterStandardSchemaV1()
const MALFORMED_JSON_MESSAGE = "Expected a valid JSON body"

export const ValidationLive = HttpApiMiddleware.layerSchemaErrorTransform(ValidationMiddleware, (error) => {
  if (error.kind === "Body" || error.kind === "ResponseHeaders") return Effect.die(error)
  const slot = error.kind.toLowerCase()
  const issues = toStandard(error.cause.issue).issues
  if (error.kind === "Payload" && issues.length === 1 && issues[0]!.message === MALFORMED_JSON_MESSAGE) {
    return Effect.fail(new InvalidJson({ detail: "The request body is not valid JSON" }))
  }
  return Effect.fail(new ValidationFailed({
    detail: `Invalid request ${slot}`,
    errors: issues.map((issue) => ({
      path: (issue.path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment)).join("."),
      message: issue.message
    }))
  }))
})
