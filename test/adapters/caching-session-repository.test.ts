/**
 * The session cache in front of a SessionRepository: it spares repeated reads, but a revocation
 * made through it, or announced by the revocation feed, shuts the session out at once; a read
 * that overlapped a write does not put the old state back; while the feed is down every read
 * goes to the store. The store underneath is the in-memory repository, changed behind the
 * cache's back to tell cached answers from fresh ones.
 */
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Duration, Effect, Fiber, Layer, Option, Queue } from "effect"
import { defaultSessionCacheOptions, type SessionRevocation, type SessionRevocationFeed } from "../../adapters/caching/caching-session-repository.ts"
import * as CachingSessionRepository from "../../adapters/caching/caching-session-repository.ts"
import { makeMemorySessionRepository } from "../../adapters/memory/memory-session-repository.ts"
import { SessionRepository } from "../../application/auth/session-repository.ts"
import { issueSession, revokeSession, type Session } from "../../domain/auth/session.ts"
import { CustomerId, SessionId } from "../../domain/shared/ids.ts"

const T0 = new Date("2026-04-01T08:00:00.000Z")
const T1 = new Date("2026-04-01T09:00:00.000Z")

const session = (id: string, customerId = "cus_1"): Session =>
  issueSession({ openedBy: "password", id: SessionId.make(id), customerId: CustomerId.make(customerId), tokenHash: `hash_${id}`, now: T0 })

/** The memory store, with a way to change it behind the cache and to hold its reads. */
const makeStore = () => {
  const memory = makeMemorySessionRepository()
  let gate: Deferred.Deferred<void> | null = null
  const store = SessionRepository.of({
    ...memory,
    findById: (id) =>
      Effect.flatMap(memory.findById(id), (found) => gate === null ? Effect.succeed(found) : Effect.as(Deferred.await(gate), found))
  })
  return {
    store,
    /** Changes the stored session without the cache seeing it (another instance's write, minus its announcement). */
    behindTheCache: (changed: Session) => memory.update(changed),
    holdReads: Effect.map(Deferred.make<void>(), (deferred) => {
      gate = deferred
      return deferred
    }),
    releaseReads: (deferred: Deferred.Deferred<void>) => {
      gate = null
      return Deferred.succeed(deferred, undefined)
    }
  }
}

const cached = (store: SessionRepository["Service"], feed: Option.Option<SessionRevocationFeed>) =>
  CachingSessionRepository.layer(defaultSessionCacheOptions(feed)).pipe(
    Layer.provide(Layer.succeed(SessionRepository, store))
  )

const revoked = (s: Session) => revokeSession(s, T1)

/** `body` over the store behind the cache (with no revocation feed unless one is given). */
const throughCache = <A, E>(
  store: SessionRepository["Service"],
  body: (sessions: SessionRepository["Service"]) => Effect.Effect<A, E>,
  feed: Option.Option<SessionRevocationFeed> = Option.none()
) => Effect.flatMap(Effect.service(SessionRepository), body).pipe(Effect.provide(cached(store, feed)))

describe("caching session repository", () => {
  it.effect("repeated reads are served from the cache; a write through it is seen at once", () =>
    Effect.gen(function*() {
      const { store, behindTheCache } = makeStore()
      const s = session("ses_a")
      yield* store.insert(s)
      yield* throughCache(store, (sessions) =>
        Effect.gen(function*() {
          expect(yield* sessions.findById(s.id)).toEqual(Option.some(s))
          yield* behindTheCache({ ...s, generation: 5 })
          // cached: the change behind its back is not seen
          expect(yield* sessions.findById(s.id)).toEqual(Option.some(s))
          // a revocation through the cache is seen at once
          yield* sessions.update(revoked(s))
          expect(yield* sessions.findById(s.id)).toEqual(Option.some(revoked(s)))
        }))
    }))

  it.effect("revoking all of a customer's sessions drops every one of them, and only them", () =>
    Effect.gen(function*() {
      const { store, behindTheCache } = makeStore()
      const first = session("ses_b1", "cus_b")
      const second = session("ses_b2", "cus_b")
      const other = session("ses_c", "cus_c")
      yield* Effect.forEach([first, second, other], (s) => store.insert(s), { discard: true })
      yield* throughCache(store, (sessions) =>
        Effect.gen(function*() {
          yield* Effect.forEach([first, second, other], (s) => sessions.findById(s.id), { discard: true })
          yield* behindTheCache({ ...other, generation: 9 })
          yield* sessions.revokeAllOfCustomer(CustomerId.make("cus_b"), T1)
          expect(Option.getOrThrow(yield* sessions.findById(first.id)).revokedAt).toEqual(T1)
          expect(Option.getOrThrow(yield* sessions.findById(second.id)).revokedAt).toEqual(T1)
          expect(Option.getOrThrow(yield* sessions.findById(other.id)).generation).toBe(0)
        }))
    }))

  it.effect("a read that overlapped a revocation does not cache the state it read before it", () =>
    Effect.gen(function*() {
      const { store, holdReads, releaseReads } = makeStore()
      const s = session("ses_d")
      yield* store.insert(s)
      yield* throughCache(store, (sessions) =>
        Effect.gen(function*() {
          const gate = yield* holdReads
          // the read fetches the active session, then waits before returning it
          const slowRead = yield* Effect.forkChild(sessions.findById(s.id))
          yield* Effect.yieldNow
          yield* sessions.update(revoked(s))
          yield* releaseReads(gate)
          expect(Option.getOrThrow(yield* Fiber.join(slowRead)).revokedAt).toBeNull()
          expect(Option.getOrThrow(yield* sessions.findById(s.id)).revokedAt).toEqual(T1)
        }))
    }))

  it.live("with a feed: another instance's revocation drops the entry; while the feed is down every read goes to the store", () =>
    Effect.gen(function*() {
      const { store, behindTheCache } = makeStore()
      const s = session("ses_e", "cus_e")
      const t = session("ses_f", "cus_f")
      yield* Effect.forEach([s, t], (x) => store.insert(x), { discard: true })
      const subscriptions = yield* Queue.unbounded<Queue.Queue<SessionRevocation, unknown>>()
      const resubscribe = yield* Deferred.make<void>()
      let subscribed = 0
      const feed: SessionRevocationFeed = {
        subscribe: Effect.gen(function*() {
          if (subscribed++ > 0) yield* Deferred.await(resubscribe)
          const queue = yield* Queue.unbounded<SessionRevocation, unknown>()
          yield* Queue.offer(subscriptions, queue)
          return queue
        })
      }
      const generationRead = (sessions: SessionRepository["Service"]) =>
        Effect.map(sessions.findById(s.id), (found) => Option.getOrThrow(found).generation)
      yield* throughCache(store, (sessions) =>
        Effect.gen(function*() {
          const firstSubscription = yield* Queue.take(subscriptions)
          yield* Effect.sleep("20 millis")
          yield* sessions.findById(s.id)
          yield* sessions.findById(t.id)
          // another instance revokes s and all of t's customer's sessions, and announces it
          yield* behindTheCache(revoked(s))
          yield* behindTheCache(revoked(t))
          expect(Option.getOrThrow(yield* sessions.findById(s.id)).revokedAt).toBeNull()
          yield* Queue.offer(firstSubscription, { _tag: "Session", sessionId: s.id })
          yield* Queue.offer(firstSubscription, { _tag: "Customer", customerId: CustomerId.make("cus_f") })
          yield* Effect.eventually(Effect.flatMap(sessions.findById(s.id), (found) =>
            Option.getOrThrow(found).revokedAt === null ? Effect.fail("still cached") : Effect.void))
          expect(Option.getOrThrow(yield* sessions.findById(t.id)).revokedAt).toEqual(T1)

          // the feed breaks: until it is back, the store answers every read
          yield* Queue.fail(firstSubscription, "connection lost")
          yield* behindTheCache({ ...revoked(s), generation: 3 })
          yield* Effect.eventually(Effect.flatMap(generationRead(sessions), (generation) =>
            generation === 3 ? Effect.void : Effect.fail("still cached")))
          yield* behindTheCache({ ...revoked(s), generation: 4 })
          expect(yield* generationRead(sessions)).toBe(4)

          // subscribed again: caching resumes, and announcements drop entries again
          yield* Deferred.succeed(resubscribe, undefined)
          const secondSubscription = yield* Queue.take(subscriptions)
          yield* Effect.sleep("20 millis")
          expect(yield* generationRead(sessions)).toBe(4)
          yield* behindTheCache({ ...revoked(s), generation: 5 })
          expect(yield* generationRead(sessions)).toBe(4)
          yield* Queue.offer(secondSubscription, { _tag: "Session", sessionId: s.id })
          yield* Effect.eventually(Effect.flatMap(generationRead(sessions), (generation) =>
            generation === 5 ? Effect.void : Effect.fail("still cached")))
        }), Option.some(feed))
    }))
})
