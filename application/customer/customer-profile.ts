/**
 * GET and PATCH /customers/me (CONTRACT §7). The profile is the stored customer; an update runs
 * the domain rules (applyProfileUpdate) on the locked row, with the current holders of the
 * requested email and phone, and a unique-key race on either answers EmailAlreadyRegistered.
 */
import { Effect, Option } from "effect"
import { applyProfileUpdate, type Customer, type ProfilePatch } from "../../domain/customer/customer.ts"
import { EmailAlreadyRegistered } from "../../domain/customer/errors/email-already-registered.ts"
import { Transactions } from "../shared/transactions.ts"
import { CustomerRepository } from "./customer-repository.ts"

/** The signed-in customer vanished (deleted while the token was alive): a defect of the caller's state. */
const existing = (customerId: string, customer: Option.Option<Customer>) =>
  Option.match(customer, {
    onNone: () => Effect.die(new Error(`customer ${customerId} of an active session does not exist`)),
    onSome: Effect.succeed
  })

export const getCustomerProfile = (customerId: string) =>
  Effect.flatMap(CustomerRepository, (customers) =>
    Effect.flatMap(customers.findById(customerId), (customer) => existing(customerId, customer)))

export const updateCustomerProfile = (customerId: string, patch: ProfilePatch) =>
  Effect.gen(function*() {
    const customers = yield* CustomerRepository
    return yield* (yield* Transactions).atomically(Effect.gen(function*() {
      const customer = yield* existing(customerId, yield* customers.findByIdForUpdate(customerId))
      const ownerId = (holder: Option.Option<Customer>) => Option.match(holder, { onNone: () => null, onSome: (c) => c.id })
      const emailOwnerId = patch.email === undefined || patch.email === null
        ? null
        : ownerId(yield* customers.findByEmail(patch.email))
      const phoneOwnerId = patch.phone === undefined || patch.phone === null
        ? null
        : ownerId(yield* customers.findByPhone(patch.phone))
      const updated = yield* Effect.fromResult(applyProfileUpdate(customer, patch, { emailOwnerId, phoneOwnerId }))
      if (updated !== customer) {
        yield* customers.update(updated).pipe(
          Effect.catchTag("CustomerContactTaken", () => Effect.fail(new EmailAlreadyRegistered()))
        )
      }
      return updated
    }))
  })
