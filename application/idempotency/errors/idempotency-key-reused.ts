import { Schema } from "effect"

/** The Idempotency-Key was first used with a different request (422 `idempotency_key_reused`). */
export class IdempotencyKeyReused extends Schema.TaggedError<IdempotencyKeyReused>()("IdempotencyKeyReused", {
  key: Schema.String
}) {}
