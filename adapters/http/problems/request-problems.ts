/** Problems about the request itself: its shape, its JSON, its publishable key, its bearer token. */
import { Schema } from "effect"
import { StorefrontProblem } from "./problem-type.ts"

export const FieldProblem = Schema.Struct({ path: Schema.String, message: Schema.String })
export type FieldProblem = typeof FieldProblem.Type

export class ValidationFailed extends StorefrontProblem<ValidationFailed>()(
  "ValidationFailed", { code: "validation_failed", status: 400, title: "Request validation failed" },
  { errors: Schema.Array(FieldProblem) }) {}

/** A request field's validation failure, as the validation middleware answers a payload's. */
export const invalidField = (path: string, message: string) =>
  new ValidationFailed({ detail: "Invalid request payload", errors: [{ path, message }] })

export class InvalidJson extends StorefrontProblem<InvalidJson>()(
  "InvalidJson", { code: "invalid_json", status: 400, title: "Malformed JSON body" }) {}

export class PublishableKeyRequired extends StorefrontProblem<PublishableKeyRequired>()(
  "PublishableKeyRequired", { code: "publishable_key_required", status: 400, title: "Publishable key required" }) {}

export class PublishableKeyRejected extends StorefrontProblem<PublishableKeyRejected>()(
  "PublishableKeyRejected", { code: "publishable_key_invalid", status: 401, title: "Publishable key invalid" }) {}

/** A missing, invalid or expired bearer token, or one whose session was revoked. */
export class UnauthorizedProblem extends StorefrontProblem<UnauthorizedProblem>()(
  "UnauthorizedProblem", { code: "unauthorized", status: 401, title: "Unauthorized" }) {}
