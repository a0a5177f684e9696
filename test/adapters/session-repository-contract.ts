/**
 * The contract of every SessionRepository (memory, PGlite, PostgreSQL): sessions round-trip,
 * every token a session handed out finds it, rotation keeps the old hashes findable (reuse
 * detection), a customer's sessions are revoked together, and of 10 concurrent refreshes with
 * one token exactly one rotates.
 */
import { describe, expect, type Vitest } from "@effect/vitest"
import { Effect, Option } from "effect"
import { SessionRepository } from "../../application/auth/session-repository.ts"
import type { CustomerRepository } from "../../application/customer/customer-repository.ts"
import { Transactions } from "../../application/shared/transactions.ts"
import { defaultAuthLifetimes } from "../../domain/auth/lifetimes.ts"
import { issueSession, rotateSession, type Session } from "../../domain/auth/session.ts"
import { concurrently, expectReadBack, givenCustomer, givenRecordOfNewCustomer, uniqueSuffix } from "./account-store-fixtures.ts"

const T0 = new Date("2026-04-01T08:00:00.000Z")
const T1 = new Date("2026-04-01T09:00:00.000Z")
const T2 = new Date("2026-04-01T10:00:00.000Z")

const newSession = (customerId: string, now = T0): Session =>
  issueSession({ id: `ses_${uniqueSuffix()}`, customerId, tokenHash: `hash_${uniqueSuffix()}`, now })

export const sessionRepositoryContract = (
  it: Vitest.MethodsNonLive<SessionRepository | CustomerRepository | Transactions>
) =>
  describe("SessionRepository contract", () => {
    it.effect("a session round-trips and is found by its token hash", () =>
      Effect.gen(function*() {
        const repository = yield* SessionRepository
        const { record: session } = yield* givenRecordOfNewCustomer(repository.insert, (customer) => newSession(customer.id))
        expect(yield* repository.findById(session.id)).toEqual(Option.some(session))
        expect(yield* repository.findByTokenHashForUpdate(session.currentTokenHash)).toEqual(Option.some(session))
        expect(Option.isNone(yield* repository.findByTokenHashForUpdate("hash_unknown"))).toBe(true)
        expect(Option.isNone(yield* repository.findById("ses_unknown"))).toBe(true)
      }))

    it.effect("after rotations every token still finds the session, with the old ones as rotated", () =>
      Effect.gen(function*() {
        const repository = yield* SessionRepository
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
      }))

    it.effect("revoking a customer's sessions leaves other customers and earlier revocations alone", () =>
      Effect.gen(function*() {
        const repository = yield* SessionRepository
        const customer = yield* givenCustomer
        const other = yield* givenCustomer
        const active = newSession(customer.id)
        const alreadyRevoked = { ...newSession(customer.id), revokedAt: T0 }
        const othersSession = newSession(other.id)
        yield* Effect.forEach([active, alreadyRevoked, othersSession], repository.insert, { discard: true })
        yield* repository.revokeAllOfCustomer(customer.id, T2)
        yield* expectReadBack((stored: Session) => repository.findById(stored.id), [
          [active, { ...active, revokedAt: T2 }],
          [alreadyRevoked, alreadyRevoked],
          [othersSession, othersSession]
        ])
      }))

    it.effect("of 10 concurrent refreshes with one token exactly one rotates; the next sees the reuse", () =>
      Effect.gen(function*() {
        const repository = yield* SessionRepository
        const transactions = yield* Transactions
        const { record: session } = yield* givenRecordOfNewCustomer(repository.insert, (customer) => newSession(customer.id))
        const refresh = (i: number) =>
          transactions.atomically(Effect.gen(function*() {
            const found = yield* repository.findByTokenHashForUpdate(session.currentTokenHash)
            const outcome = rotateSession(
              Option.getOrUndefined(found),
              { presentedTokenHash: session.currentTokenHash, nextTokenHash: `next_${i}_${uniqueSuffix()}`, now: T1 },
              defaultAuthLifetimes
            )
            if (outcome._tag !== "Rejected") yield* repository.update(outcome.session)
            return outcome._tag
          }))
        const outcomes = yield* concurrently(10, refresh)
        expect(outcomes.filter((tag) => tag === "Rotated")).toHaveLength(1)
        // the first loser detects the reuse and revokes the session; the later ones find it revoked
        expect(outcomes.filter((tag) => tag === "Reused")).toHaveLength(1)
        expect(outcomes.filter((tag) => tag === "Rejected")).toHaveLength(8)
        const stored = yield* repository.findById(session.id)
        expect(Option.map(stored, (s) => s.revokedAt !== null)).toEqual(Option.some(true))
      }))
  })
