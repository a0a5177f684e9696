/**
 * A SessionRepository that remembers the sessions `findById` found, so the bearer check of
 * every authenticated request (docs/contract/accounts.md) usually costs no round trip. A revoked session must
 * still shut its access tokens out at once, so an entry is dropped:
 * - when this instance writes the session (`update`: refresh, logout, reuse revocation) or
 *   revokes all of a customer's sessions (`revokeAllOfCustomer`: password reset);
 * - when another instance does, through the revocation feed (PostgreSQL LISTEN/NOTIFY: the
 *   store announces each revocation in the transaction that makes it). The feed runs under
 *   the BackgroundLoops supervisor ("session-revocations"); while it is down the cache is
 *   emptied and bypassed, and it is used again once the feed is back;
 * - after `entryTtl` in any case.
 * A single instance (the embedded database) needs no feed: every write goes through it.
 *
 * A read that overlapped a write must not put the old state back (the write may not even be
 * committed yet when this instance makes it). So every write leaves a mark on the session (or
 * the customer) for `entryTtl`: while it lasts, that session is read from the store and not
 * cached. Emptying the whole cache (feed lost, too many marks) bumps an epoch instead, and a
 * read stores what it found only if the epoch did not move while it ran.
 */
import { Duration, Effect, Layer, Option, Queue, type Scope } from "effect"
import { BackgroundLoops, makeBackgroundLoops } from "../../application/shared/background-loops.ts"
import { SessionRepository } from "../../application/auth/session-repository.ts"
import type { Session } from "../../domain/auth/session.ts"
import { makeBoundedCache } from "./bounded-cache.ts"
import type { CustomerId, SessionId } from "../../domain/shared/ids.ts"

/** What the feed announces: one session, or every session of a customer. */
export type SessionRevocation =
  | { readonly _tag: "Session"; readonly sessionId: SessionId }
  | { readonly _tag: "Customer"; readonly customerId: CustomerId }

export interface SessionRevocationFeed {
  /** Subscribes; the queue yields every revocation committed from then on, and fails when the feed breaks. */
  readonly subscribe: Effect.Effect<Queue.Dequeue<SessionRevocation, unknown>, unknown, Scope.Scope>
}

export interface SessionCacheOptions {
  readonly capacity: number
  readonly entryTtl: Duration.Duration
  /** None: this instance is the only writer (embedded database). */
  readonly revocationFeed: Option.Option<SessionRevocationFeed>
}

export const defaultSessionCacheOptions = (revocationFeed: Option.Option<SessionRevocationFeed>): SessionCacheOptions => ({
  capacity: 50_000,
  entryTtl: Duration.seconds(60),
  revocationFeed
})

export const layer = (options: SessionCacheOptions) =>
  Layer.effect(
    SessionRepository,
    Effect.gen(function*() {
      const inner = yield* SessionRepository
      const cache = makeBoundedCache<Session>(options.capacity)
      const ttlMillis = Duration.toMillis(options.entryTtl)
      /** "s:<sessionId>" or "c:<customerId>" → until when it counts as recently written. */
      const recentlyWritten = new Map<string, number>()
      let epoch = 0
      // without a feed this instance sees every write; with one, only while it is subscribed
      let trusted = Option.isNone(options.revocationFeed)

      const emptyAll = () => {
        epoch++
        cache.clear()
        recentlyWritten.clear()
      }
      const markWritten = (mark: string) => {
        if (recentlyWritten.size >= options.capacity) emptyAll()
        recentlyWritten.set(mark, Date.now() + ttlMillis)
      }
      const isRecentlyWritten = (mark: string, now: number) => {
        const until = recentlyWritten.get(mark)
        if (until === undefined) return false
        if (until > now) return true
        recentlyWritten.delete(mark)
        return false
      }
      const sessionWritten = (sessionId: SessionId) => {
        markWritten(`s:${sessionId}`)
        cache.delete(sessionId)
      }
      const customerWritten = (customerId: CustomerId) => {
        markWritten(`c:${customerId}`)
        cache.deleteWhere((session) => session.customerId === customerId)
      }
      const distrust = () => {
        trusted = false
        emptyAll()
      }
      const cacheable = (session: Session, now: number) =>
        !isRecentlyWritten(`s:${session.id}`, now) && !isRecentlyWritten(`c:${session.customerId}`, now)

      if (Option.isSome(options.revocationFeed)) {
        const feed = options.revocationFeed.value
        const loops = Option.getOrElse(yield* Effect.serviceOption(BackgroundLoops), makeBackgroundLoops)
        yield* loops.supervise("session-revocations", ({ healthy }) =>
          Effect.scoped(Effect.gen(function*() {
            const revocations = yield* feed.subscribe
            // what was cached before the subscription may have missed revocations
            distrust()
            trusted = true
            yield* healthy
            while (true) {
              const revocation = yield* Queue.take(revocations)
              if (revocation._tag === "Session") sessionWritten(revocation.sessionId)
              else customerWritten(revocation.customerId)
            }
          })).pipe(Effect.ensuring(Effect.sync(distrust))))
      }

      return SessionRepository.of({
        ...inner,
        findById: (id) =>
          Effect.suspend(() => {
            const now = Date.now()
            if (!trusted || isRecentlyWritten(`s:${id}`, now)) return inner.findById(id)
            const cached = cache.get(id, now)
            if (cached !== undefined && cacheable(cached, now)) return Effect.succeed(Option.some(cached))
            const readEpoch = epoch
            return Effect.map(inner.findById(id), (found) => {
              if (Option.isSome(found) && trusted && epoch === readEpoch) {
                const readAt = Date.now()
                if (cacheable(found.value, readAt)) cache.set(id, found.value, readAt + ttlMillis)
              }
              return found
            })
          }),
        update: (session) => Effect.andThen(Effect.sync(() => sessionWritten(session.id)), inner.update(session)),
        revokeAllOfCustomer: (customerId, now, openedBy) =>
          Effect.andThen(Effect.sync(() => customerWritten(customerId)), inner.revokeAllOfCustomer(customerId, now, openedBy))
      })
    })
  )
