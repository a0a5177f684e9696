/** Login failed: unknown email or wrong password, answered identically (401 `invalid_credentials`). */
import { Schema } from "effect"

export class InvalidCredentials extends Schema.TaggedError<InvalidCredentials>()("InvalidCredentials", {}) {}
