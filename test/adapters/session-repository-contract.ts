/**
 * The contract of every SessionRepository (memory, PGlite, PostgreSQL): sessions round-trip,
 * every token a session handed out finds it, rotation keeps the old hashes findable (reuse
 * detection), a customer's sessions are revoked together, and of 10 concurrent refreshes with
 * one token exactly one rotates.
 */
import { expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { SessionRepository } from "../../application/auth/session-repository.ts"
import { defaultAuthLifetimes } from "../../domain/auth/lifetimes.ts"
import { issueSession, rotateSession, type Session } from "../../domain/auth/session.ts"
import { concurrentUnits, expectEndingAllOfCustomer, givenRecordOfNewCustomer, portContract, uniqueSuffix } from "./account-store-fixtures.ts"
import { CustomerId, SessionId } from "../../domain/shared/ids.ts"

const T0 = new Date("2026-04-01T08:00:00.000Z")
const T1 = new Date("2026-04-01T09:00:00.000Z")
const T2 = new Date("2026-04-01T10:00:00.000Z")

const newSession = (customerId: string, now = T0): Session =>
  issueSession({ openedBy: "password", id: SessionId.make(`ses_${uniqueSuffix()}`), customerId: CustomerId.make(customerId), tokenHash: `hash_${uniqueSuffix()}`, now })

export const sessionRepositoryContract = portContract(SessionRepository, "SessionRepository contract", {
  "a session round-trips and is found by its token hash": (repository) =>
    Effect.gen(function*() {
      const { record: session } = yield* givenRecordOfNewCustomer(repository.insert, (customer) => newSession(customer.id))
      expect(yield* repository.findById(session.id)).toEqual(Option.some(session))
      expect(yield* repository.findByTokenHashForUpdate(session.currentTokenHash)).toEqual(Option.some(session))
      expect(Option.isNone(yield* repository.findByTokenHashForUpdate("hash_unknown"))).toBe(true)
      expect(Option.isNone(yield* repository.findById(SessionId.make("ses_unknown")))).toBe(true)
    }),

  "after rotations every token still finds the session, with the old ones as rotated": (repository) =>
    Effect.gen(function*() {
      const { record: session } = yield* givenRecordOfNewCustomer(repository.insert, (customer) => newSession(customer.id))
      const first = rotateSession(session, { presentedTokenHash: session.currentTokenHash, nextTokenHash: "h2" + uniqueSuffix(), now: T1 }, defaultAuthLifetimes)
      if (first._tag !== "Rotated") return expect.unreachable()
      yield* repository.update(first.session)
      const second = rotateSession(first.session, { presentedTokenHash: first.session.currentTokenHash, nextTokenHash: "h3" + uniqueSuffix(), now: T2 }, defaultAuthLifetimes)
      if (second._tag !== "Rotated") return expect.unreachable()
      yield* repository.update(second.session)

      expect(yield* repository.findById(session.id)).toEqual(Option.some(second.session))
      for (const hash of [session.currentTokenHash, first.session.currentTokenHash, second.session.currentTokenHash]) {
        expect(yield* repository.findByTokenHashForUpdate(hash)).toEqual(Option.some(second.session))
      }
      expect(second.session.rotatedTokenHashes).toEqual([session.currentTokenHash, first.session.currentTokenHash])
      expect(second.session.generation).toBe(2)
    }),

  "revoking a customer's sessions leaves other customers and earlier revocations alone": (repository) =>
    expectEndingAllOfCustomer(
      { insert: repository.insert, read: (stored) => repository.findById(stored.id) },
      (customerId) => repository.revokeAllOfCustomer(customerId, T2),
      (customer, other) => {
        const active = newSession(customer.id)
        return [[active, { ...active, revokedAt: T2 }], [{ ...newSession(customer.id), revokedAt: T0 }], [newSession(other.id)]]
      }
    ),

  "of 10 concurrent refreshes with one token exactly one rotates; the next sees the reuse": (repository) =>
    Effect.gen(function*() {
      const { record: session } = yield* givenRecordOfNewCustomer(repository.insert, (customer) => newSession(customer.id))
      const outcomes = yield* concurrentUnits(10, {
        find: repository.findByTokenHashForUpdate(session.currentTokenHash),
        decide: (found, i) => {
          const outcome = rotateSession(
            found,
            { presentedTokenHash: session.currentTokenHash, nextTokenHash: `next_${i}_${uniqueSuffix()}`, now: T1 },
            defaultAuthLifetimes
          )
          return [outcome._tag, outcome._tag === "Rejected" ? undefined : outcome.session]
        },
        write: repository.update
      })
      expect(outcomes.filter((tag) => tag === "Rotated")).toHaveLength(1)
      // the first loser detects the reuse and revokes the session; the later ones find it revoked
      expect(outcomes.filter((tag) => tag === "Reused")).toHaveLength(1)
      expect(outcomes.filter((tag) => tag === "Rejected")).toHaveLength(8)
      const stored = yield* repository.findById(session.id)
      expect(Option.map(stored, (s) => s.revokedAt !== null)).toEqual(Option.some(true))
    })
})
