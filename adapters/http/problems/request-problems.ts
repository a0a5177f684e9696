/** Problems about the request itself: its shape, its JSON, its publishable key, its bearer token. */
import { Schema } from "effect"
import { StorefrontProblem } from "./problem-type.ts"

export const FieldProblem = Schema.Struct({ path: Schema.String, message: Schema.String })
export type FieldProblem = typeof FieldProblem.Type

export class ValidationFailed extends StorefrontProblem<ValidationFailed>()(
  400, "validation_failed", "Request validation failed", { errors: Schema.Array(FieldProblem) }, "ValidationFailed"
) {}

/** A request field's validation failure, as the validation middleware answers a payload's. */
export const invalidField = (path: string, message: string) =>
  new ValidationFailed({ detail: "Invalid request payload", errors: [{ path, message }] })

export class InvalidJson extends StorefrontProblem<InvalidJson>()(400, "invalid_json", "Malformed JSON body", {}, "InvalidJson") {}
export class PublishableKeyRequired extends StorefrontProblem<PublishableKeyRequired>()(
  400, "publishable_key_required", "Publishable key required", {}, "PublishableKeyRequired"
) {}
export class PublishableKeyRejected extends StorefrontProblem<PublishableKeyRejected>()(
  401, "publishable_key_invalid", "Publishable key invalid", {}, "PublishableKeyRejected"
) {}

/** A missing, invalid or expired bearer token, or one whose session was revoked. */
export class UnauthorizedProblem extends StorefrontProblem<UnauthorizedProblem>()(401, "unauthorized", "Unauthorized") {}
