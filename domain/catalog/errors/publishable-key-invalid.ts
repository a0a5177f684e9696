import { Schema } from "effect"

/** The publishable key is unknown or revoked. */
export class PublishableKeyInvalid extends Schema.TaggedError<PublishableKeyInvalid>()("PublishableKeyInvalid", {}) {}
