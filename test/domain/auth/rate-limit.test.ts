import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { RateLimited } from "../../../domain/auth/errors/rate-limited.ts"
import {
  combineRateLimitDecisions,
  decideRateLimit,
  decideRateLimitFromEvents,
  fixedWindowStart,
  RATE_LIMIT_RULES,
  rateLimitedError,
  RateLimitRule,
  rateLimitKey,
  rulesFor,
  slidingWindowStart
} from "../../../domain/auth/rate-limit.ts"

const NOW = Date.parse("2026-08-01T10:00:00.000Z")
const { loginFailuresPerEmail, loginFailuresPerIp, otpSendsPerDestinationHour, otpSendsPerDestinationMinute, otpSendsPerIp, registrationsPerIp } =
  RATE_LIMIT_RULES

describe("rate-limit rules (docs/contract/accounts.md)", () => {
  it("are the contract's numbers", () => {
    const summary = Object.values(RATE_LIMIT_RULES).map((r) => [r.action, r.scope, r.limit, r.windowSeconds])
    expect(summary).toEqual([
      ["login_failure", "email", 10, 900],
      ["login_failure", "ip", 100, 900],
      ["otp_send", "destination", 1, 60],
      ["otp_send", "destination", 5, 3600],
      ["otp_send", "ip", 30, 3600],
      ["registration", "ip", 20, 3600]
    ])
    expect(Object.values(RATE_LIMIT_RULES).every(Schema.is(RateLimitRule))).toBe(true)
    expect(rulesFor("otp_send").map((r) => r.id)).toEqual([
      "otp_sends_per_destination_minute",
      "otp_sends_per_destination_hour",
      "otp_sends_per_ip"
    ])
    expect(rateLimitKey(loginFailuresPerEmail, "ann@example.com")).toBe("login_failures_per_email:ann@example.com")
  })

  it("failed logins per email: the 10th failure is still counted, the 11th attempt is refused", () => {
    const oldest = NOW - 60_000
    expect(decideRateLimit({ count: 9, oldestAt: oldest }, loginFailuresPerEmail, NOW)._tag).toBe("Allowed")
    expect(decideRateLimit({ count: 10, oldestAt: oldest }, loginFailuresPerEmail, NOW)).toEqual({
      _tag: "Limited",
      retryAfterSeconds: 840 // oldest leaves the 15-minute window 14 minutes from now
    })
    expect(decideRateLimit({ count: 99, oldestAt: oldest }, loginFailuresPerIp, NOW)._tag).toBe("Allowed")
    expect(decideRateLimit({ count: 100, oldestAt: oldest }, loginFailuresPerIp, NOW)._tag).toBe("Limited")
  })

  it("OTP per destination: 1 per 60 s, boundary at exactly 60 s", () => {
    const sent = [NOW - 59_999]
    expect(decideRateLimitFromEvents(sent, otpSendsPerDestinationMinute, NOW)).toEqual({ _tag: "Limited", retryAfterSeconds: 1 })
    expect(decideRateLimitFromEvents([NOW - 60_000], otpSendsPerDestinationMinute, NOW)._tag).toBe("Allowed")
    expect(decideRateLimitFromEvents([NOW - 1_000], otpSendsPerDestinationMinute, NOW)).toEqual({ _tag: "Limited", retryAfterSeconds: 59 })
    expect(decideRateLimitFromEvents([NOW], otpSendsPerDestinationMinute, NOW)).toEqual({ _tag: "Limited", retryAfterSeconds: 60 })
  })

  it("OTP per destination: 5 per hour; per IP: 30 per hour; registrations: 20 per hour", () => {
    const every10min = (n: number) => Array.from({ length: n }, (_, i) => NOW - (i + 1) * 600_000)
    expect(decideRateLimitFromEvents(every10min(4), otpSendsPerDestinationHour, NOW)._tag).toBe("Allowed")
    // 5 sends at -10, -20, ..., -50 min: the oldest leaves the hour in 10 min
    expect(decideRateLimitFromEvents(every10min(5), otpSendsPerDestinationHour, NOW)).toEqual({ _tag: "Limited", retryAfterSeconds: 600 })
    expect(decideRateLimitFromEvents(every10min(5), otpSendsPerDestinationHour, NOW + 600_000)._tag).toBe("Allowed")
    expect(decideRateLimitFromEvents(every10min(5).map((t) => t + 1), otpSendsPerDestinationHour, NOW)).toEqual({
      _tag: "Limited",
      retryAfterSeconds: 601 // rounded up, never early
    })
    const burst = (n: number) => Array.from({ length: n }, () => NOW - 1000)
    expect(decideRateLimitFromEvents(burst(29), otpSendsPerIp, NOW)._tag).toBe("Allowed")
    expect(decideRateLimitFromEvents(burst(30), otpSendsPerIp, NOW)).toEqual({ _tag: "Limited", retryAfterSeconds: 3599 })
    expect(decideRateLimitFromEvents(burst(19), registrationsPerIp, NOW)._tag).toBe("Allowed")
    expect(decideRateLimitFromEvents(burst(20), registrationsPerIp, NOW)._tag).toBe("Limited")
  })

  it("a fixed window is the same decision anchored at the window start", () => {
    const start = fixedWindowStart(registrationsPerIp, NOW + 1_234)
    expect(start).toBe(NOW) // NOW is on an hour boundary
    expect(decideRateLimit({ count: 20, oldestAt: start }, registrationsPerIp, NOW + 1_234)).toEqual({
      _tag: "Limited",
      retryAfterSeconds: 3599 // ceil((3_600_000 - 1_234) / 1000)
    })
    expect(slidingWindowStart(loginFailuresPerEmail, NOW)).toBe(NOW - 900_000)
  })

  it("several rules: refused if any refuses, Retry-After is the longest wait", () => {
    expect(combineRateLimitDecisions([{ _tag: "Allowed" }, { _tag: "Allowed" }])._tag).toBe("Allowed")
    const combined = combineRateLimitDecisions([
      { _tag: "Limited", retryAfterSeconds: 30 },
      { _tag: "Allowed" },
      { _tag: "Limited", retryAfterSeconds: 900 }
    ])
    expect(combined).toEqual({ _tag: "Limited", retryAfterSeconds: 900 })
    const err = rateLimitedError(combined)
    expect(err).toBeInstanceOf(RateLimited)
    expect(err?.retryAfterSeconds).toBe(900)
    expect(rateLimitedError({ _tag: "Allowed" })).toBeUndefined()
  })

  const Offsets = Schema.Array(Schema.Int.check(Schema.isBetween({ minimum: -1_000, maximum: 4_000_000 }))).check(Schema.isMaxLength(60))
  const RuleName = Schema.Literals(Object.keys(RATE_LIMIT_RULES) as Array<keyof typeof RATE_LIMIT_RULES>)

  it.prop("sliding log: allowed iff fewer than limit events in (now - window, now]; waiting Retry-After frees a slot", [
    Offsets,
    RuleName
  ], ([offsets, name]) => {
    const rule = RATE_LIMIT_RULES[name]
    const windowMs = rule.windowSeconds * 1000
    const events = offsets.map((ago) => NOW - ago) // ago < 0: a future event, never counted
    const inWindow = events.filter((t) => t > NOW - windowMs && t <= NOW).length
    const decision = decideRateLimitFromEvents(events, rule, NOW)
    expect(decision._tag).toBe(inWindow < rule.limit ? "Allowed" : "Limited")
    if (decision._tag === "Limited") {
      expect(decision.retryAfterSeconds).toBeGreaterThanOrEqual(1)
      expect(decision.retryAfterSeconds).toBeLessThanOrEqual(rule.windowSeconds)
      const later = NOW + decision.retryAfterSeconds * 1000
      const pastOnly = events.filter((t) => t <= NOW)
      expect(decideRateLimitFromEvents(pastOnly, rule, later)._tag).toBe("Allowed")
      // and one second earlier it would still have been refused
      if (decision.retryAfterSeconds > 1) {
        expect(decideRateLimitFromEvents(pastOnly, rule, later - 1000)._tag).toBe("Limited")
      }
    }
  })
})
