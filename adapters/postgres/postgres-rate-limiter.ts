/**
 * RateLimiter over `rate_limit_events`, shared by every instance. One transaction per
 * `consume`: transaction-scoped advisory locks on the counter keys (taken in key order, so two
 * requests never wait on each other in a cycle); under them, the time of the decision is read
 * (domain decisionTime: the latest of the caller's time, the database's clock and the newest
 * event on those keys, so a request that queued second counts the event of the one ahead of it);
 * then per key one statement that drops the events that left
 * the window and counts the rest, the domain's decision, and one insert of the new events at
 * that time when every rule allows. Call it outside a unit of work, so the locks are released at once.
 *
 * Events older than the longest window count for no rule; each instance deletes them at most
 * once a minute, so keys that are never seen again do not pile up.
 */
import { Array as Arr, Effect, Layer, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { type RateLimitAttempt, RateLimiter } from "../../application/auth/rate-limiter.ts"
import {
  ALL_RATE_LIMIT_RULES,
  combineRateLimitDecisions,
  decideRateLimit,
  decisionTime,
  rateLimitKey,
  slidingWindowStart
} from "../../domain/auth/rate-limit.ts"
import { orStoreUnavailable } from "./store-errors.ts"
import { findAll, findOne } from "./store-query.ts"

const WindowCount = Schema.Struct({ count: Schema.Int, oldest: Schema.NullOr(Schema.Date) })
const LockedAt = Schema.Struct({ clock: Schema.Date, newest: Schema.NullOr(Schema.Date) })
const RateLimitEvent = Schema.Struct({ key: Schema.String, occurredAt: Schema.Date })

const LONGEST_WINDOW_MILLIS = Math.max(...ALL_RATE_LIMIT_RULES.map((rule) => rule.windowSeconds)) * 1000
const GLOBAL_PRUNE_INTERVAL_MILLIS = 60_000

export const layer = Layer.effect(
  RateLimiter,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    let lastGlobalPrune = 0

    const pruneEverything = (now: Date) =>
      Effect.suspend(() => {
        if (now.getTime() - lastGlobalPrune < GLOBAL_PRUNE_INTERVAL_MILLIS) return Effect.void
        lastGlobalPrune = now.getTime()
        return orStoreUnavailable(
          sql`DELETE FROM rate_limit_events WHERE occurred_at <= ${new Date(now.getTime() - LONGEST_WINDOW_MILLIS)}`
        ).pipe(Effect.asVoid)
      })

    // drop what left the window and count the rest (the count does not see the delete, nor need to)
    const countInWindow = findOne({
      Request: Schema.Struct({ key: Schema.String, windowStart: Schema.Date, now: Schema.Date }),
      Result: WindowCount,
      execute: ({ key, now, windowStart }) =>
        sql`
          WITH expired AS (DELETE FROM rate_limit_events WHERE key = ${key} AND occurred_at <= ${windowStart})
          SELECT count(*)::int AS count, min(occurred_at) AS oldest FROM rate_limit_events
          WHERE key = ${key} AND occurred_at > ${windowStart} AND occurred_at <= ${now}`
    })
    // under the lock: the database's clock, and the newest event already on these counters
    const readLockedAt = findOne({
      Request: Schema.Array(Schema.String),
      Result: LockedAt,
      execute: (keys) =>
        sql`
          SELECT clock_timestamp() AS clock,
            (SELECT max(occurred_at) FROM rate_limit_events WHERE key IN ${sql.in(keys)}) AS newest`
    })
    const insertEvents = findAll({
      Request: Schema.NonEmptyArray(RateLimitEvent),
      Result: Schema.Struct({ id: Schema.String }),
      execute: (events) => sql`INSERT INTO rate_limit_events ${sql.insert(events)} RETURNING id::text AS id`
    })

    return RateLimiter.of({
      consume: (checks, now) =>
        orStoreUnavailable(sql.withTransaction(Effect.gen(function*() {
          const keys = [...new Set(checks.map((check) => rateLimitKey(check.rule, check.scopeValue)))].sort()
          if (keys.length === 0) return { _tag: "Allowed", eventIds: [] } satisfies RateLimitAttempt
          // one statement takes every lock, in key order; what follows reads after it (a new snapshot)
          yield* sql`SELECT ${sql.csv(keys.map((key) => sql`pg_advisory_xact_lock(hashtextextended(${key}, 0))`))}`
          const locked = yield* readLockedAt(keys)
          const at = locked._tag === "Some"
            ? decisionTime(now.getTime(), locked.value.clock.getTime(), locked.value.newest?.getTime())
            : now.getTime()
          const decidedAt = new Date(at)
          const keyed = checks.map((check) => ({
            check,
            key: rateLimitKey(check.rule, check.scopeValue),
            windowStart: new Date(slidingWindowStart(check.rule, at))
          }))
          const decisions = yield* Effect.forEach(keyed, ({ check, key, windowStart }) =>
            Effect.map(countInWindow({ key, windowStart, now: decidedAt }), (counted) =>
              decideRateLimit({
                count: counted._tag === "Some" ? counted.value.count : 0,
                oldestAt: (counted._tag === "Some" ? counted.value.oldest?.getTime() : undefined) ?? at
              }, check.rule, at)))
          const decision = combineRateLimitDecisions(decisions)
          if (decision._tag === "Limited") return decision satisfies RateLimitAttempt
          const events = keyed.map(({ key }) => ({ key, occurredAt: decidedAt }))
          if (!Arr.isReadonlyArrayNonEmpty(events)) return { _tag: "Allowed", eventIds: [] } satisfies RateLimitAttempt
          const inserted = yield* insertEvents(events)
          return { _tag: "Allowed", eventIds: inserted.map((row) => row.id) } satisfies RateLimitAttempt
        }))).pipe(Effect.tap(() => pruneEverything(now))),
      release: (eventIds) =>
        eventIds.length === 0
          ? Effect.void
          : orStoreUnavailable(sql`DELETE FROM rate_limit_events WHERE ${sql.in("id", eventIds)}`).pipe(Effect.asVoid)
    })
  })
)
