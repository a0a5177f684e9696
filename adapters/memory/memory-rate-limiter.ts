/**
 * RateLimiter over in-process event logs (tests, library users, a single instance). Each
 * `consume` decides and records in one synchronous step, so it is atomic, at the domain's
 * decisionTime (never before an event already recorded on its counters).
 */
import { Effect, Layer } from "effect"
import { RateLimiter } from "../../application/auth/rate-limiter.ts"
import {
  combineRateLimitDecisions,
  decideRateLimitFromEvents,
  decisionTime,
  rateLimitKey,
  slidingWindowStart
} from "../../domain/auth/rate-limit.ts"

interface Event {
  readonly id: string
  readonly at: number
}

export const makeMemoryRateLimiter = () => {
  const logs = new Map<string, Array<Event>>()
  let nextId = 0
  return RateLimiter.of({
    consume: (checks, now) =>
      Effect.sync(() => {
        // one synchronous step is its own lock; never decided before an event recorded already
        const keys = checks.map((check) => rateLimitKey(check.rule, check.scopeValue))
        const newest = Math.max(...keys.flatMap((key) => (logs.get(key) ?? []).map((event) => event.at)))
        const at = decisionTime(now.getTime(), undefined, Number.isFinite(newest) ? newest : undefined)
        const keyed = checks.map((check) => {
          const key = rateLimitKey(check.rule, check.scopeValue)
          const start = slidingWindowStart(check.rule, at)
          const events = (logs.get(key) ?? []).filter((event) => event.at > start)
          logs.set(key, events)
          return { key, events, decision: decideRateLimitFromEvents(events.map((e) => e.at), check.rule, at) }
        })
        const decision = combineRateLimitDecisions(keyed.map((k) => k.decision))
        if (decision._tag === "Limited") return decision
        const eventIds = keyed.map(({ events }) => {
          const id = String(nextId++)
          events.push({ id, at })
          return id
        })
        return { _tag: "Allowed", eventIds } as const
      }),
    release: (eventIds) =>
      Effect.sync(() => {
        const released = new Set(eventIds)
        for (const [key, events] of logs) logs.set(key, events.filter((event) => !released.has(event.id)))
      })
  })
}

export const layer = Layer.sync(RateLimiter, makeMemoryRateLimiter)
