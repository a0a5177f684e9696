/**
 * The contract of every VerificationRepository (memory, PGlite, PostgreSQL): verifications
 * round-trip, open ones are found by destination and purpose, a customer's live ones are voided
 * together (and nothing else), and concurrent wrong codes are each counted.
 */
import { describe, expect, type Vitest } from "@effect/vitest"
import { Effect, Option } from "effect"
import { VerificationRepository } from "../../application/auth/verification-repository.ts"
import type { CustomerRepository } from "../../application/customer/customer-repository.ts"
import { Transactions } from "../../application/shared/transactions.ts"
import { defaultAuthLifetimes } from "../../domain/auth/lifetimes.ts"
import { issueVerification, type Verification, type VerificationPurpose, verifyOtp } from "../../domain/auth/verification.ts"
import { concurrently, expectReadBack, givenCustomer, givenRecordOfNewCustomer, uniqueSuffix } from "./account-store-fixtures.ts"

const T0 = new Date("2026-04-01T08:00:00.000Z")
const T1 = new Date("2026-04-01T08:01:00.000Z")

const newVerification = (
  customerId: string | null,
  destination: string,
  purpose: VerificationPurpose = "login",
  now = T0
): Verification =>
  issueVerification({
    id: `ver_${uniqueSuffix()}`,
    purpose,
    channel: "email",
    destination,
    customerId,
    codeHash: `code_${uniqueSuffix()}`,
    now
  }, defaultAuthLifetimes)

export const verificationRepositoryContract = (
  it: Vitest.MethodsNonLive<VerificationRepository | CustomerRepository | Transactions>
) =>
  describe("VerificationRepository contract", () => {
    it.effect("a verification round-trips and its updates are kept", () =>
      Effect.gen(function*() {
        const repository = yield* VerificationRepository
        const { record: verification } = yield* givenRecordOfNewCustomer(
          repository.insert,
          (customer) => newVerification(customer.id, customer.email!)
        )
        expect(yield* repository.findByIdForUpdate(verification.id)).toEqual(Option.some(verification))
        const changed = { ...verification, attemptsRemaining: 2, consumedAt: T1 }
        yield* repository.update(changed)
        expect(yield* repository.findByIdForUpdate(verification.id)).toEqual(Option.some(changed))
        expect(Option.isNone(yield* repository.findByIdForUpdate("ver_unknown"))).toBe(true)
      }))

    it.effect("a verification for nobody (customerId null) is stored too", () =>
      Effect.gen(function*() {
        const repository = yield* VerificationRepository
        const verification = newVerification(null, `nobody-${uniqueSuffix()}@example.com`)
        yield* repository.insert(verification)
        expect(yield* repository.findByIdForUpdate(verification.id)).toEqual(Option.some(verification))
      }))

    it.effect("open verifications are found by destination and purpose only", () =>
      Effect.gen(function*() {
        const repository = yield* VerificationRepository
        const customer = yield* givenCustomer
        const destination = customer.email!
        const open = newVerification(customer.id, destination, "login")
        const consumed = { ...newVerification(customer.id, destination, "login"), consumedAt: T1 }
        const voided = { ...newVerification(customer.id, destination, "login"), voidedAt: T1 }
        const otherPurpose = newVerification(customer.id, destination, "verify_email")
        yield* Effect.forEach([open, consumed, voided, otherPurpose], repository.insert, { discard: true })
        expect(yield* repository.findOpenByDestination(destination, "login")).toEqual([open])
        expect(yield* repository.findOpenByDestination(destination, "verify_email")).toEqual([otherPurpose])
        expect(yield* repository.findOpenByDestination("nobody@example.com", "login")).toEqual([])
      }))

    it.effect("voiding a customer's verifications touches only their live ones", () =>
      Effect.gen(function*() {
        const repository = yield* VerificationRepository
        const customer = yield* givenCustomer
        const other = yield* givenCustomer
        const now = new Date(T0.getTime() + 60_000)
        const live = newVerification(customer.id, customer.email!, "login")
        const liveOtherPurpose = newVerification(customer.id, customer.phone!, "reset_password")
        const expired = newVerification(customer.id, customer.email!, "login", new Date(T0.getTime() - 3_600_000))
        const exhausted = { ...newVerification(customer.id, customer.email!, "login"), attemptsRemaining: 0 }
        const othersLive = newVerification(other.id, other.email!, "login")
        yield* Effect.forEach([live, liveOtherPurpose, expired, exhausted, othersLive], repository.insert, { discard: true })
        yield* repository.voidAllOfCustomer(customer.id, now)
        yield* expectReadBack((stored: Verification) => repository.findByIdForUpdate(stored.id), [
          [live, { ...live, voidedAt: now }],
          [liveOtherPurpose, { ...liveOtherPurpose, voidedAt: now }],
          [expired, expired],
          [exhausted, exhausted],
          [othersLive, othersLive]
        ])
      }))

    it.effect("5 concurrent wrong codes each cost one attempt (the verification dies)", () =>
      Effect.gen(function*() {
        const repository = yield* VerificationRepository
        const transactions = yield* Transactions
        const { record: verification } = yield* givenRecordOfNewCustomer(
          repository.insert,
          (customer) => newVerification(customer.id, customer.email!)
        )
        const wrongCode = transactions.atomically(Effect.gen(function*() {
          const found = yield* repository.findByIdForUpdate(verification.id)
          const outcome = verifyOtp(Option.getOrUndefined(found), { presentedCodeHash: "wrong", now: T1 })
          if (outcome._tag === "WrongCode") yield* repository.update(outcome.verification)
          return outcome._tag === "WrongCode" ? outcome.error.attemptsRemaining : -1
        }))
        const remaining = yield* concurrently(5, () => wrongCode)
        expect([...remaining].sort()).toEqual([0, 1, 2, 3, 4])
        const stored = yield* repository.findByIdForUpdate(verification.id)
        expect(Option.map(stored, (v) => v.attemptsRemaining)).toEqual(Option.some(0))
      }))
  })
