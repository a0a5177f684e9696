/**
 * The contract of every ResetTokenRepository (memory, PGlite, PostgreSQL): tokens are found by
 * hash only, updates are kept, a customer's pending tokens are voided together (and nothing
 * else), and two concurrent redemptions of one token succeed once.
 */
import { describe, expect, type Vitest } from "@effect/vitest"
import { Effect, Option, Result } from "effect"
import { ResetTokenRepository } from "../../application/auth/reset-token-repository.ts"
import type { CustomerRepository } from "../../application/customer/customer-repository.ts"
import { Transactions } from "../../application/shared/transactions.ts"
import { defaultAuthLifetimes } from "../../domain/auth/lifetimes.ts"
import { issueResetToken, redeemResetToken, type ResetToken } from "../../domain/auth/reset-token.ts"
import { concurrently, expectReadBack, givenCustomer, givenRecordOfNewCustomer, uniqueSuffix } from "./account-store-fixtures.ts"

const T0 = new Date("2026-04-01T08:00:00.000Z")
const T1 = new Date("2026-04-01T08:30:00.000Z")

const newToken = (customerId: string, now = T0): ResetToken =>
  issueResetToken({ id: `rst_${uniqueSuffix()}`, customerId, tokenHash: `reset_${uniqueSuffix()}`, now }, defaultAuthLifetimes)

export const resetTokenRepositoryContract = (
  it: Vitest.MethodsNonLive<ResetTokenRepository | CustomerRepository | Transactions>
) =>
  describe("ResetTokenRepository contract", () => {
    it.effect("a token is found by its hash and its updates are kept", () =>
      Effect.gen(function*() {
        const repository = yield* ResetTokenRepository
        const { record: token } = yield* givenRecordOfNewCustomer(repository.insert, (customer) => newToken(customer.id))
        expect(yield* repository.findByTokenHashForUpdate(token.tokenHash)).toEqual(Option.some(token))
        yield* repository.update({ ...token, usedAt: T1 })
        expect(yield* repository.findByTokenHashForUpdate(token.tokenHash)).toEqual(Option.some({ ...token, usedAt: T1 }))
        expect(Option.isNone(yield* repository.findByTokenHashForUpdate(token.id))).toBe(true)
      }))

    it.effect("voiding a customer's tokens touches only their pending ones", () =>
      Effect.gen(function*() {
        const repository = yield* ResetTokenRepository
        const customer = yield* givenCustomer
        const other = yield* givenCustomer
        const pending = newToken(customer.id)
        const used = { ...newToken(customer.id), usedAt: T0 }
        const expired = newToken(customer.id, new Date(T0.getTime() - 7_200_000))
        const othersPending = newToken(other.id)
        yield* Effect.forEach([pending, used, expired, othersPending], repository.insert, { discard: true })
        yield* repository.voidAllOfCustomer(customer.id, T1)
        yield* expectReadBack((stored: ResetToken) => repository.findByTokenHashForUpdate(stored.tokenHash), [
          [pending, { ...pending, voidedAt: T1 }],
          [used, used],
          [expired, expired],
          [othersPending, othersPending]
        ])
      }))

    it.effect("of 5 concurrent redemptions of one token exactly one succeeds", () =>
      Effect.gen(function*() {
        const repository = yield* ResetTokenRepository
        const transactions = yield* Transactions
        const { record: token } = yield* givenRecordOfNewCustomer(repository.insert, (customer) => newToken(customer.id))
        const redeem = transactions.atomically(Effect.gen(function*() {
          const found = yield* repository.findByTokenHashForUpdate(token.tokenHash)
          const redeemed = redeemResetToken(Option.getOrUndefined(found), T1)
          if (Result.isSuccess(redeemed)) yield* repository.update(redeemed.success)
          return Result.isSuccess(redeemed)
        }))
        const outcomes = yield* concurrently(5, () => redeem)
        expect(outcomes.filter(Boolean)).toHaveLength(1)
      }))
  })
