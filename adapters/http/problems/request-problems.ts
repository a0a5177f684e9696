/** Problems about the request itself: its shape, its JSON, its publishable key, its bearer token. */
import { Schema } from "effect"
import { StorefrontProblem } from "./problem-type.ts"

export const FieldProblem = Schema.Struct({ path: Schema.String, message: Schema.String })
export type FieldProblem = typeof FieldProblem.Type

export class ValidationFailed extends StorefrontProblem<ValidationFailed>()("ValidationFailed", { code: "validation_failed", status: 400, title: "Request validation failed" }, { errors: Schema.Array(FieldProblem) }) {}

export class InvalidJson extends StorefrontProblem<InvalidJson>()("InvalidJson", { code: "invalid_json", status: 400, title: "Malformed JSON body" }) {}

export class PublishableKeyRequired extends StorefrontProblem<PublishableKeyRequired>()("PublishableKeyRequired", { code: "publishable_key_required", status: 400, title: "Publishable key required" }) {}

export class PublishableKeyRejected extends StorefrontProblem<PublishableKeyRejected>()("PublishableKeyRejected", { code: "publishable_key_invalid", status: 401, title: "Publishable key invalid" }) {}
