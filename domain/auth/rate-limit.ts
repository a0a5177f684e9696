/**
 * Rate limits (docs/contract/accounts.md) as data plus a pure decision. The counters live in the database
 * (shared by all instances); the adapter records events and reports, per rule and key, how
 * many events fall in the current window and when the oldest of them happened.
 *
 * Window semantics: an event at time t counts while `now < t + window` (sliding log), so the
 * window is `(now - window, now]`. A request is allowed while fewer than `limit` events are in
 * the window; otherwise it is refused with `Retry-After` = seconds until enough events leave
 * (at least 1). A fixed window is the same decision with `oldestAt` = the window start.
 * Refused requests should not be recorded as events.
 */
import { Schema } from "effect"
import { RateLimited } from "./errors/rate-limited.ts"
import { MILLIS_PER_SECOND } from "./lifetimes.ts"

export const RateLimitScope = Schema.Literals(["email", "ip", "destination"])
export type RateLimitScope = typeof RateLimitScope.Type

/** What is counted. `login_failure` events are recorded on failed logins only. */
export const RateLimitAction = Schema.Literals(["login_failure", "otp_send", "registration"])
export type RateLimitAction = typeof RateLimitAction.Type

export const RateLimitRule = Schema.Struct({
  /** Stable name; with the scope value it forms the counter key, e.g. `login_failure:email:ann@x.io`. */
  id: Schema.NonEmptyString,
  action: RateLimitAction,
  scope: RateLimitScope,
  limit: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)),
  windowSeconds: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))
})
export type RateLimitRule = typeof RateLimitRule.Type

export const RATE_LIMIT_RULES = {
  loginFailuresPerEmail: { id: "login_failures_per_email", action: "login_failure", scope: "email", limit: 10, windowSeconds: 900 },
  loginFailuresPerIp: { id: "login_failures_per_ip", action: "login_failure", scope: "ip", limit: 100, windowSeconds: 900 },
  otpSendsPerDestinationMinute: { id: "otp_sends_per_destination_minute", action: "otp_send", scope: "destination", limit: 1, windowSeconds: 60 },
  otpSendsPerDestinationHour: { id: "otp_sends_per_destination_hour", action: "otp_send", scope: "destination", limit: 5, windowSeconds: 3600 },
  otpSendsPerIp: { id: "otp_sends_per_ip", action: "otp_send", scope: "ip", limit: 30, windowSeconds: 3600 },
  registrationsPerIp: { id: "registrations_per_ip", action: "registration", scope: "ip", limit: 20, windowSeconds: 3600 }
} as const satisfies Record<string, RateLimitRule>

export const ALL_RATE_LIMIT_RULES: ReadonlyArray<RateLimitRule> = Object.values(RATE_LIMIT_RULES)

export const rulesFor = (action: RateLimitAction): ReadonlyArray<RateLimitRule> =>
  ALL_RATE_LIMIT_RULES.filter((rule) => rule.action === action)

/** Counter key of a rule for one scope value (an email, an IP, a destination). */
export const rateLimitKey = (rule: RateLimitRule, scopeValue: string): string => `${rule.id}:${scopeValue}`

/** Events at or before this instant no longer count: query `at > windowStart(rule, now)`. */
export const slidingWindowStart = (rule: RateLimitRule, now: number): number => now - rule.windowSeconds * MILLIS_PER_SECOND

/**
 * The time an attempt is decided and recorded at, under the lock of its counters: the latest of
 * the caller's clock, the store's clock read under the lock (the database's: one clock for every
 * instance), and the newest event already recorded on those counters. Requests read their clocks
 * before they queue for the lock; one that read it first but got the lock second is decided after
 * the one ahead of it, so it counts that one's event (otherwise parallel requests overshoot).
 */
export const decisionTime = (now: number, storeNow: number | undefined, newestEventAt: number | undefined): number =>
  Math.max(now, storeNow ?? Number.NEGATIVE_INFINITY, newestEventAt ?? Number.NEGATIVE_INFINITY)

/** Start of the fixed window containing `now` (windows aligned to the epoch). */
export const fixedWindowStart = (rule: RateLimitRule, now: number): number => {
  const windowMillis = rule.windowSeconds * MILLIS_PER_SECOND
  return Math.floor(now / windowMillis) * windowMillis
}

export interface WindowCount {
  /** Events in the window. */
  readonly count: number
  /** Epoch ms of the oldest event in the window (sliding) or of the window start (fixed); ignored when count is 0. */
  readonly oldestAt: number
}

export type RateLimitDecision =
  | { readonly _tag: "Allowed" }
  | { readonly _tag: "Limited"; readonly retryAfterSeconds: number }

const allowed: RateLimitDecision = { _tag: "Allowed" }

/**
 * Allowed while `count < limit`; else Limited until the oldest counted event leaves the window:
 * `retryAfterSeconds = max(1, ceil((oldestAt + window - now) / 1000))`. (When more than `limit`
 * events are counted, that is a lower bound; the next try just gets a new answer.)
 */
export const decideRateLimit = (window: WindowCount, rule: RateLimitRule, now: number): RateLimitDecision => {
  if (window.count < rule.limit) return allowed
  const freeAt = window.oldestAt + rule.windowSeconds * MILLIS_PER_SECOND
  return { _tag: "Limited", retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now) / MILLIS_PER_SECOND)) }
}

/**
 * The exact sliding-log decision from the event times themselves (epoch ms, any order, may
 * include events outside the window): Retry-After is when the count drops below the limit.
 */
export const decideRateLimitFromEvents = (
  eventTimes: ReadonlyArray<number>,
  rule: RateLimitRule,
  now: number
): RateLimitDecision => {
  const start = slidingWindowStart(rule, now)
  const inWindow = eventTimes.filter((t) => t > start && t <= now).sort((a, b) => a - b)
  if (inWindow.length < rule.limit) return allowed
  // once the (count - limit + 1) oldest events have left, count < limit again
  const pivot = inWindow[inWindow.length - rule.limit] ?? now
  return decideRateLimit({ count: rule.limit, oldestAt: pivot }, rule, now)
}

/** Several rules guard one action: allowed only if all allow; otherwise wait for the longest. */
export const combineRateLimitDecisions = (decisions: ReadonlyArray<RateLimitDecision>): RateLimitDecision => {
  let retryAfterSeconds = 0
  for (const decision of decisions) {
    if (decision._tag === "Limited") retryAfterSeconds = Math.max(retryAfterSeconds, decision.retryAfterSeconds)
  }
  return retryAfterSeconds > 0 ? { _tag: "Limited", retryAfterSeconds } : allowed
}

/** A Limited decision as the 429 error. */
export const rateLimitedError = (decision: RateLimitDecision): RateLimited | undefined =>
  decision._tag === "Limited" ? new RateLimited({ retryAfterSeconds: decision.retryAfterSeconds }) : undefined
