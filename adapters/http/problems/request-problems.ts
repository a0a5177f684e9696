/** Problems about the request itself: its shape, its JSON, its publishable key, its bearer token. */
import { Schema } from "effect"
import { HttpApiError } from "effect/http-api"
import { problemType } from "./problem-type.ts"

export const FieldProblem = Schema.Struct({ path: Schema.String, message: Schema.String })
export type FieldProblem = typeof FieldProblem.Type

export class ValidationFailed extends HttpApiError.Problem<ValidationFailed>()("ValidationFailed", {
  type: problemType("validation_failed"),
  status: 400,
  title: "Request validation failed"
}, { code: Schema.tag("validation_failed"), errors: Schema.Array(FieldProblem) }) {}

export class InvalidJson extends HttpApiError.Problem<InvalidJson>()("InvalidJson", {
  type: problemType("invalid_json"),
  status: 400,
  title: "Malformed JSON body"
}, { code: Schema.tag("invalid_json") }) {}

export class PublishableKeyRequired extends HttpApiError.Problem<PublishableKeyRequired>()("PublishableKeyRequired", {
  type: problemType("publishable_key_required"),
  status: 400,
  title: "Publishable key required"
}, { code: Schema.tag("publishable_key_required") }) {}

export class PublishableKeyRejected extends HttpApiError.Problem<PublishableKeyRejected>()("PublishableKeyRejected", {
  type: problemType("publishable_key_invalid"),
  status: 401,
  title: "Publishable key invalid"
}, { code: Schema.tag("publishable_key_invalid") }) {}
