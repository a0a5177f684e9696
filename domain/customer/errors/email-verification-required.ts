/** The customer's email must be verified before this resource is shown (403 `email_verification_required`). */
import { Schema } from "effect"

export class EmailVerificationRequired extends Schema.TaggedError<EmailVerificationRequired>()("EmailVerificationRequired", {}) {}
