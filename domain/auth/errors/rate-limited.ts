/** Too many attempts (429 `rate_limited`, `Retry-After: retryAfterSeconds`). */
import { Schema } from "effect"

export class RateLimited extends Schema.TaggedError<RateLimited>()("RateLimited", {
  retryAfterSeconds: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))
}) {}
