/**
 * The contract of every RateLimiter (memory, PGlite, PostgreSQL): a rule allows `limit` events
 * per sliding window and then refuses with the wait until the oldest event leaves; refused
 * attempts record nothing (for any of their rules); released events stop counting; and under
 * concurrency no more than `limit` attempts get through.
 */
import { describe, expect, type Vitest } from "@effect/vitest"
import { Effect } from "effect"
import { type RateLimitCheck, RateLimiter } from "../../application/auth/rate-limiter.ts"
import { RATE_LIMIT_RULES } from "../../domain/auth/rate-limit.ts"
import { uniqueSuffix } from "./account-store-fixtures.ts"

/** After any clock a store reads (its clock counts too: decisionTime), so the times given decide. */
const T0 = new Date("2099-04-01T08:00:00.000Z").getTime()
const at = (seconds: number) => new Date(T0 + seconds * 1000)

const perEmail = (email: string): RateLimitCheck => ({ rule: RATE_LIMIT_RULES.loginFailuresPerEmail, scopeValue: email })
const perIp = (ip: string): RateLimitCheck => ({ rule: RATE_LIMIT_RULES.loginFailuresPerIp, scopeValue: ip })

export const rateLimiterContract = (it: Vitest.MethodsNonLive<RateLimiter>) =>
  describe("RateLimiter contract", () => {
    it.effect("10 events per 15 minutes, then Retry-After until the oldest leaves the window", () =>
      Effect.gen(function*() {
        const limiter = yield* RateLimiter
        const check = perEmail(`ann-${uniqueSuffix()}@example.com`)
        for (let i = 0; i < 10; i++) {
          const attempt = yield* limiter.consume([check], at(i * 10))
          expect(attempt._tag).toBe("Allowed")
        }
        // the oldest event (t=0) leaves at t=900
        expect(yield* limiter.consume([check], at(100))).toEqual({ _tag: "Limited", retryAfterSeconds: 800 })
        expect(yield* limiter.consume([check], at(899.5))).toEqual({ _tag: "Limited", retryAfterSeconds: 1 })
        expect((yield* limiter.consume([check], at(900)))._tag).toBe("Allowed")
      }))

    it.effect("a refused attempt records nothing, for any of its rules", () =>
      Effect.gen(function*() {
        const limiter = yield* RateLimiter
        const email = perEmail(`bob-${uniqueSuffix()}@example.com`)
        const ip = perIp(`10.0.${uniqueSuffix()}`)
        for (let i = 0; i < 10; i++) yield* limiter.consume([email], at(i))
        // the email rule refuses, so the IP rule must not count this attempt
        expect((yield* limiter.consume([email, ip], at(20)))._tag).toBe("Limited")
        // the IP rule alone still has all its 100 events left: 100 allowed, then refused
        let allowed = 0
        for (let i = 0; i < 101; i++) {
          if ((yield* limiter.consume([ip], at(30)))._tag === "Allowed") allowed++
        }
        expect(allowed).toBe(100)
      }))

    it.effect("released events stop counting", () =>
      Effect.gen(function*() {
        const limiter = yield* RateLimiter
        const check = perEmail(`cy-${uniqueSuffix()}@example.com`)
        const ids: Array<string> = []
        for (let i = 0; i < 10; i++) {
          const attempt = yield* limiter.consume([check], at(i))
          if (attempt._tag === "Allowed") ids.push(...attempt.eventIds)
        }
        expect(ids).toHaveLength(10)
        expect((yield* limiter.consume([check], at(20)))._tag).toBe("Limited")
        yield* limiter.release(ids.slice(0, 3))
        for (let i = 0; i < 3; i++) expect((yield* limiter.consume([check], at(21)))._tag).toBe("Allowed")
        expect((yield* limiter.consume([check], at(22)))._tag).toBe("Limited")
      }))

    it.effect("keys are independent: another email is not limited", () =>
      Effect.gen(function*() {
        const limiter = yield* RateLimiter
        const first = perEmail(`dee-${uniqueSuffix()}@example.com`)
        for (let i = 0; i < 10; i++) yield* limiter.consume([first], at(i))
        expect((yield* limiter.consume([first], at(20)))._tag).toBe("Limited")
        expect((yield* limiter.consume([perEmail(`eve-${uniqueSuffix()}@example.com`)], at(20)))._tag).toBe("Allowed")
      }))

    it.effect("30 concurrent attempts against a limit of 10: exactly 10 get through", () =>
      Effect.gen(function*() {
        const limiter = yield* RateLimiter
        const check = perEmail(`fay-${uniqueSuffix()}@example.com`)
        const attempts = yield* Effect.all(
          Array.from({ length: 30 }, () => limiter.consume([check], at(5))),
          { concurrency: "unbounded" }
        )
        expect(attempts.filter((attempt) => attempt._tag === "Allowed")).toHaveLength(10)
      }))

    it.effect("attempts that read their clocks before queueing for the counter count each other, whatever order they get it in", () =>
      Effect.gen(function*() {
        const limiter = yield* RateLimiter
        // a send limit of 1 per 60 s: the attempt that read the latest time is decided first
        const send: RateLimitCheck = { rule: RATE_LIMIT_RULES.otpSendsPerDestinationMinute, scopeValue: `gus-${uniqueSuffix()}@example.com` }
        const outcomes = []
        for (let i = 10; i > 0; i--) outcomes.push((yield* limiter.consume([send], at(i / 10)))._tag)
        expect(outcomes.filter((tag) => tag === "Allowed")).toHaveLength(1)
        // and in parallel, with clocks read a few milliseconds apart: 30 wrong logins, 10 counted
        const login = perEmail(`hal-${uniqueSuffix()}@example.com`)
        const parallel = yield* Effect.all(
          Array.from({ length: 30 }, (_, i) => limiter.consume([login], at(30 - i / 1000))),
          { concurrency: "unbounded" }
        )
        expect(parallel.filter((attempt) => attempt._tag === "Allowed")).toHaveLength(10)
      }))
  })
