/** Applies rate-limit rules to one request: RateLimited (429 + Retry-After) when any refuses. */
import { Effect } from "effect"
import { RateLimited } from "../../domain/auth/errors/rate-limited.ts"
import { type RateLimitCheck, RateLimiter } from "./rate-limiter.ts"

/** Counts the request against every check; the recorded event ids are returned for `release`. */
export const consumeRateLimits = (checks: ReadonlyArray<RateLimitCheck>, now: Date) =>
  Effect.gen(function*() {
    const attempt = yield* (yield* RateLimiter).consume(checks, now)
    if (attempt._tag === "Limited") return yield* new RateLimited({ retryAfterSeconds: attempt.retryAfterSeconds })
    return attempt.eventIds
  })
