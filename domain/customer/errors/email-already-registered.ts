/**
 * The (normalised) email or the phone already belongs to a customer that has a password, or to
 * another customer on a profile change (409 `email_already_registered`).
 */
import { Schema } from "effect"

export class EmailAlreadyRegistered extends Schema.TaggedError<EmailAlreadyRegistered>()("EmailAlreadyRegistered", {}) {}
