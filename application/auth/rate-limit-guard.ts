/** Applies rate-limit rules to one request: RateLimited (429 + Retry-After) when any refuses. */
import { Effect, Metric } from "effect"
import { RateLimited } from "../../domain/auth/errors/rate-limited.ts"
import type { RateLimitAction } from "../../domain/auth/rate-limit.ts"
import { type RateLimitCheck, RateLimiter } from "./rate-limiter.ts"

/** Requests refused by a rate limit, by the action counted (`login_failure`, `otp_send`, `registration`). */
export const rateLimitRejections = Metric.counter("storefront_rate_limit_rejections_total", {
  description: "Requests refused by a rate limit (429), by the action counted",
  incremental: true
})

export const countRateLimitRejection = (action: RateLimitAction, amount = 1) =>
  Metric.update(Metric.withAttributes(rateLimitRejections, { action }), amount)

/** Counts the request against every check; the recorded event ids are returned for `release`. */
export const consumeRateLimits = (checks: ReadonlyArray<RateLimitCheck>, now: Date) =>
  Effect.gen(function*() {
    const attempt = yield* (yield* RateLimiter).consume(checks, now)
    if (attempt._tag === "Limited") {
      // the checks of one request count one action
      for (const action of new Set(checks.map((check) => check.rule.action))) yield* countRateLimitRejection(action)
      return yield* new RateLimited({ retryAfterSeconds: attempt.retryAfterSeconds })
    }
    return attempt.eventIds
  })
