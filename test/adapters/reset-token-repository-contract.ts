/**
 * The contract of every ResetTokenRepository (memory, PGlite, PostgreSQL): tokens are found by
 * hash only, updates are kept, a customer's pending tokens are voided together (and nothing
 * else), and two concurrent redemptions of one token succeed once.
 */
import { expect } from "@effect/vitest"
import { Effect, Option, Result } from "effect"
import { ResetTokenRepository } from "../../application/auth/reset-token-repository.ts"
import { defaultAuthLifetimes } from "../../domain/auth/lifetimes.ts"
import { issueResetToken, redeemResetToken, type ResetToken } from "../../domain/auth/reset-token.ts"
import { concurrentUnits, expectEndingAllOfCustomer, givenRecordOfNewCustomer, portContract, uniqueSuffix } from "./account-store-fixtures.ts"
import { NormalisedEmail } from "../../domain/customer/email.ts"
import { CustomerId, ResetTokenId } from "../../domain/shared/ids.ts"

const T0 = new Date("2026-04-01T08:00:00.000Z")
const T1 = new Date("2026-04-01T08:30:00.000Z")

const newToken = (customerId: string, now = T0): ResetToken =>
  issueResetToken({ id: ResetTokenId.make(`rst_${uniqueSuffix()}`), customerId: CustomerId.make(customerId), tokenHash: `reset_${uniqueSuffix()}`, mailedTo: NormalisedEmail.make(`reset_${uniqueSuffix()}@example.com`), now }, defaultAuthLifetimes)

export const resetTokenRepositoryContract = portContract(ResetTokenRepository, "ResetTokenRepository contract", {
  "a token is found by its hash and its updates are kept": (repository) =>
    Effect.gen(function*() {
      const { record: token } = yield* givenRecordOfNewCustomer(repository.insert, (customer) => newToken(customer.id))
      expect(yield* repository.findByTokenHashForUpdate(token.tokenHash)).toEqual(Option.some(token))
      yield* repository.update({ ...token, usedAt: T1 })
      expect(yield* repository.findByTokenHashForUpdate(token.tokenHash)).toEqual(Option.some({ ...token, usedAt: T1 }))
      expect(Option.isNone(yield* repository.findByTokenHashForUpdate(token.id))).toBe(true)
    }),

  "voiding a customer's tokens touches only their pending ones": (repository) =>
    expectEndingAllOfCustomer(
      { insert: repository.insert, read: (stored) => repository.findByTokenHashForUpdate(stored.tokenHash) },
      (customerId) => repository.voidAllOfCustomer(customerId, T1),
      (customer, other) => {
        const pending = newToken(customer.id)
        return [
          [pending, { ...pending, voidedAt: T1 }],
          [{ ...newToken(customer.id), usedAt: T0 }], // used
          [newToken(customer.id, new Date(T0.getTime() - 7_200_000))], // expired
          [newToken(other.id)]
        ]
      }
    ),

  "of 5 concurrent redemptions of one token exactly one succeeds": (repository) =>
    Effect.gen(function*() {
      const { record: token } = yield* givenRecordOfNewCustomer(repository.insert, (customer) => newToken(customer.id))
      const outcomes = yield* concurrentUnits(5, {
        find: repository.findByTokenHashForUpdate(token.tokenHash),
        decide: (found) => {
          const redeemed = redeemResetToken(found, T1)
          return Result.isSuccess(redeemed) ? [true, redeemed.success] : [false]
        },
        write: repository.update
      })
      expect(outcomes.filter(Boolean)).toHaveLength(1)
    })
})
