/** A password-reset token that is unknown, expired, used or voided (401 `invalid_reset_credential`). */
import { Schema } from "effect"

export class InvalidResetCredential extends Schema.TaggedError<InvalidResetCredential>()("InvalidResetCredential", {}) {}
