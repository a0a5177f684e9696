/** Applies rate-limit rules to one request: RateLimited (429 + Retry-After) when any refuses. */
import { Effect, Metric } from "effect"
import { RateLimited } from "../../domain/auth/errors/rate-limited.ts"
import type { RateLimitAction } from "../../domain/auth/rate-limit.ts"
import { currentTime } from "./current-time.ts"
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

/**
 * Waits between attempts to count a request whose counters are full, in case they are full of
 * requests still in flight (login attempts are counted up front and a success takes its count
 * back): 50 ms doubling to 1 s, about 5.5 s in all, the time a burst of password checks takes
 * on a busy machine. A refused guess thus answers late, which costs a guesser more than us.
 */
const SETTLE_WAITS_MILLIS = [50, 100, 200, 400, 800, 1000, 1000, 1000, 1000]

/**
 * Like consumeRateLimits, but a refusal is only final once the counters have had time to
 * settle: when they are full of attempts in flight (20 parallel logins with the right password),
 * those attempts take their counts back within a password check, and this one then passes; when
 * they are full of real failures, it is refused as before, a little later.
 */
export const consumeRateLimitsOnceSettled = (checks: ReadonlyArray<RateLimitCheck>) =>
  Effect.gen(function*() {
    const limiter = yield* RateLimiter
    let attempt = yield* limiter.consume(checks, yield* currentTime)
    for (const wait of SETTLE_WAITS_MILLIS) {
      if (attempt._tag === "Allowed") return attempt.eventIds
      yield* Effect.sleep(wait)
      attempt = yield* limiter.consume(checks, yield* currentTime)
    }
    if (attempt._tag === "Allowed") return attempt.eventIds
    for (const action of new Set(checks.map((check) => check.rule.action))) yield* countRateLimitRejection(action)
    return yield* new RateLimited({ retryAfterSeconds: attempt.retryAfterSeconds })
  })
