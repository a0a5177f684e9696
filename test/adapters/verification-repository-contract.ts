/**
 * The contract of every VerificationRepository (memory, PGlite, PostgreSQL): verifications
 * round-trip, open ones are found by destination and purpose, a customer's live ones are voided
 * together (and nothing else), and concurrent wrong codes are each counted.
 */
import { expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { VerificationRepository } from "../../application/auth/verification-repository.ts"
import { defaultAuthLifetimes } from "../../domain/auth/lifetimes.ts"
import { issueVerification, type Verification, type VerificationPurpose, verifyOtp } from "../../domain/auth/verification.ts"
import { concurrentUnits, expectEndingAllOfCustomer, givenCustomer, givenRecordOfNewCustomer, portContract, uniqueSuffix } from "./account-store-fixtures.ts"
import { CustomerId, VerificationId } from "../../domain/shared/ids.ts"

const T0 = new Date("2026-04-01T08:00:00.000Z")
const T1 = new Date("2026-04-01T08:01:00.000Z")

const newVerification = (
  customerId: string | null,
  destination: string,
  purpose: VerificationPurpose = "login",
  now = T0
): Verification =>
  issueVerification({
    id: VerificationId.make(`ver_${uniqueSuffix()}`),
    purpose,
    channel: "email",
    destination,
    customerId: customerId === null ? null : CustomerId.make(customerId),
    codeHash: `code_${uniqueSuffix()}`,
    now
  }, defaultAuthLifetimes)

export const verificationRepositoryContract = portContract(VerificationRepository, "VerificationRepository contract", {
  "a verification round-trips and its updates are kept": (repository) =>
    Effect.gen(function*() {
      const { record: verification } = yield* givenRecordOfNewCustomer(
        repository.insert,
        (customer) => newVerification(customer.id, customer.email!)
      )
      expect(yield* repository.findByIdForUpdate(verification.id)).toEqual(Option.some(verification))
      const changed = { ...verification, attemptsRemaining: 2, consumedAt: T1 }
      yield* repository.update(changed)
      expect(yield* repository.findByIdForUpdate(verification.id)).toEqual(Option.some(changed))
      expect(Option.isNone(yield* repository.findByIdForUpdate(VerificationId.make("ver_unknown")))).toBe(true)
    }),

  "a verification for nobody (customerId null) is stored too": (repository) =>
    Effect.gen(function*() {
      const verification = newVerification(null, `nobody-${uniqueSuffix()}@example.com`)
      yield* repository.insert(verification)
      expect(yield* repository.findByIdForUpdate(verification.id)).toEqual(Option.some(verification))
    }),

  "open verifications are found by destination and purpose only": (repository) =>
    Effect.gen(function*() {
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
    }),

  "voiding a customer's verifications touches only their live ones": (repository) => {
    const now = new Date(T0.getTime() + 60_000)
    return expectEndingAllOfCustomer(
      { insert: repository.insert, read: (stored) => repository.findByIdForUpdate(stored.id) },
      (customerId) => repository.voidAllOfCustomer(customerId, now),
      (customer, other) => {
        const live = newVerification(customer.id, customer.email!, "login")
        const liveOtherPurpose = newVerification(customer.id, customer.phone!, "reset_password")
        return [
          [live, { ...live, voidedAt: now }],
          [liveOtherPurpose, { ...liveOtherPurpose, voidedAt: now }],
          [newVerification(customer.id, customer.email!, "login", new Date(T0.getTime() - 3_600_000))], // expired
          [{ ...newVerification(customer.id, customer.email!, "login"), attemptsRemaining: 0 }], // exhausted
          [newVerification(other.id, other.email!, "login")]
        ]
      }
    )
  },

  "5 concurrent wrong codes each cost one attempt (the verification dies)": (repository) =>
    Effect.gen(function*() {
      const { record: verification } = yield* givenRecordOfNewCustomer(
        repository.insert,
        (customer) => newVerification(customer.id, customer.email!)
      )
      const remaining = yield* concurrentUnits(5, {
        find: repository.findByIdForUpdate(verification.id),
        decide: (found) => {
          const outcome = verifyOtp(found, { presentedCodeHash: "wrong", now: T1 })
          return outcome._tag === "WrongCode" ? [outcome.error.attemptsRemaining, outcome.verification] : [-1]
        },
        write: repository.update
      })
      expect([...remaining].sort()).toEqual([0, 1, 2, 3, 4])
      const stored = yield* repository.findByIdForUpdate(verification.id)
      expect(Option.map(stored, (v) => v.attemptsRemaining)).toEqual(Option.some(0))
    })
})
