/** Applies rate-limit rules to one request: RateLimited (429 + Retry-After) when any refuses. */
import { Effect, Metric } from "effect"
import { RateLimited } from "../../domain/auth/errors/rate-limited.ts"
import type { RateLimitAction } from "../../domain/auth/rate-limit.ts"
import { currentTime } from "./current-time.ts"
import type { RateLimitCheck } from "./rate-limiter.ts"
import type { AccountPorts } from "./account-ports.ts"

/** Requests refused by a rate limit, by the action counted (`login_failure`, `otp_send`, `registration`). */
export const rateLimitRejections = Metric.counter("storefront_rate_limit_rejections_total", {
  description: "Requests refused by a rate limit (429), by the action counted",
  incremental: true
})

export const countRateLimitRejection = (action: RateLimitAction, amount = 1) =>
  Metric.update(Metric.withAttributes(rateLimitRejections, { action }), amount)

/** Counts the request against every check; the recorded event ids are returned for `release`. */
export const consumeRateLimits = (ports: AccountPorts, checks: ReadonlyArray<RateLimitCheck>, now: Date) =>
  Effect.gen(function*() {
    const attempt = yield* ports.rateLimiter.consume(checks, now)
    if (attempt._tag === "Limited") {
      // the checks of one request count one action
      for (const action of new Set(checks.map((check) => check.rule.action))) yield* countRateLimitRejection(action)
      return yield* new RateLimited({ retryAfterSeconds: attempt.retryAfterSeconds })
    }
    return attempt.eventIds
  })

/**
 * The counters held by attempts in this process that are counted and not finished yet, by
 * counter (`action:scope`): only those can give their counts back.
 */
const heldCounters = new Map<string, number>()

const counterKeys = (checks: ReadonlyArray<RateLimitCheck>) =>
  checks.map((check) => `${check.rule.action}:${check.scopeValue}`)

const hold = (keys: ReadonlyArray<string>) =>
  Effect.sync(() => {
    for (const key of keys) heldCounters.set(key, (heldCounters.get(key) ?? 0) + 1)
  })

const unhold = (keys: ReadonlyArray<string>) =>
  Effect.sync(() => {
    for (const key of keys) {
      const left = (heldCounters.get(key) ?? 1) - 1
      if (left === 0) heldCounters.delete(key)
      else heldCounters.set(key, left)
    }
  })

/**
 * Waits between tries to count an attempt whose counters are full while other attempts on them
 * are in flight: 50 ms doubling to 1 s, about 5.5 s in all, the time a burst of password checks
 * takes on a busy machine.
 */
const SETTLE_WAITS_MILLIS = [50, 100, 200, 400, 800, 1000, 1000, 1000, 1000]

/**
 * Runs `attempt` as an attempt counted up front against `checks` (a login: counted as a failure
 * before the password is checked, so parallel guesses cannot outrun the counters; the attempt
 * releases the events it is given when it succeeds). When the counters are full:
 * - and no attempt counted on them is in flight here, they are full of real failures: refused
 *   at once (429);
 * - else those attempts may give their counts back within a password check (20 parallel logins
 *   with the right password): it tries again, 50 ms doubling to 1 s, until it is counted, no
 *   attempt is in flight any more, or about 5.5 s have passed.
 * Attempts in flight on other instances are not seen: there a full counter refuses at once.
 */
export const withCountedAttempt = <A, E, R>(
  ports: AccountPorts,
  checks: ReadonlyArray<RateLimitCheck>,
  attempt: (eventIds: ReadonlyArray<string>) => Effect.Effect<A, E, R>
) =>
  Effect.gen(function*() {
    const limiter = ports.rateLimiter
    const keys = counterKeys(checks)
    for (let tries = 0;; tries++) {
      const consumed = yield* limiter.consume(checks, yield* currentTime)
      if (consumed._tag === "Allowed") {
        return yield* Effect.acquireUseRelease(hold(keys), () => attempt(consumed.eventIds), () => unhold(keys))
      }
      const othersInFlight = keys.some((key) => heldCounters.has(key))
      if (!othersInFlight || tries === SETTLE_WAITS_MILLIS.length) {
        for (const action of new Set(checks.map((check) => check.rule.action))) yield* countRateLimitRejection(action)
        return yield* new RateLimited({ retryAfterSeconds: consumed.retryAfterSeconds })
      }
      yield* Effect.sleep(SETTLE_WAITS_MILLIS[tries]!)
    }
  })
