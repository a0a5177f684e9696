import { Schema } from "effect"

/** A request with this Idempotency-Key is still being processed (409 `idempotency_key_in_progress`). */
export class IdempotencyKeyInProgress extends Schema.TaggedError<IdempotencyKeyInProgress>()("IdempotencyKeyInProgress", {
  key: Schema.String
}) {}
