/**
 * GET and PATCH /customers/me (docs/contract/orders.md). The profile is the stored customer; an update runs
 * the domain rules (applyProfileUpdate) on the locked row, with the current holders of the
 * requested email and phone, and a unique-key race on either answers EmailAlreadyRegistered.
 * `defaultShippingAddressId` must name one of the addresses the account sees in its book
 * (AddressNotFound otherwise) or be null. What the customer is shown is {@link profileAsSeen}.
 */
import { Effect, Option } from "effect"
import { chooseDefault, visibleDefaultAddressId } from "../../domain/address-book/saved-address.ts"
import {
  applyProfileUpdate,
  type Customer,
  isUnprovenLink,
  type ProfilePatch,
  visibleProfile
} from "../../domain/customer/customer.ts"
import { EmailAlreadyRegistered } from "../../domain/customer/errors/email-already-registered.ts"
import type { CustomerRepository } from "./customer-repository.ts"
import type { AddressId, CustomerId } from "../../domain/shared/ids.ts"
import type { CustomerPorts } from "./customer-ports.ts"

/** The signed-in customer vanished (deleted while the token was alive): a defect of the caller's state. */
const existing = (customerId: CustomerId, customer: Option.Option<Customer>) =>
  Option.match(customer, {
    onNone: () => Effect.die(new Error(`customer ${customerId} of an active session does not exist`)),
    onSome: Effect.succeed
  })

export const getCustomerProfile = (customers: CustomerRepository["Service"], customerId: CustomerId) =>
  Effect.flatMap(customers.findById(customerId), (customer) => existing(customerId, customer))

/** The signed-in customer's row, locked until the unit of work ends (read-modify-write). */
export const lockSignedInCustomer = (customers: CustomerRepository["Service"], customerId: CustomerId) =>
  Effect.flatMap(customers.findByIdForUpdate(customerId), (customer) => existing(customerId, customer))

/**
 * The profile as its owner may see it: an unproven linked account shows only what the registrant
 * gave (domain visibleProfile), including a default address only when it is one it saved itself.
 */
export const profileAsSeen = Effect.fnUntraced(function*(ports: CustomerPorts, customer: Customer) {
  const shown = visibleProfile(customer)
  if (!isUnprovenLink(customer) || customer.defaultShippingAddressId === null) return shown
  const named = yield* ports.book.find(customer.id, customer.defaultShippingAddressId)
  return { ...shown, defaultShippingAddressId: visibleDefaultAddressId(customer, Option.getOrUndefined(named)) }
})

export interface CustomerProfileChange extends ProfilePatch {
  readonly defaultShippingAddressId?: AddressId | null
}

export const updateCustomerProfile = Effect.fnUntraced(function*(
  { customers, book, transactions }: CustomerPorts,
  customerId: CustomerId,
  patch: CustomerProfileChange
) {
  return yield* transactions.atomically(Effect.gen(function*() {
    const customer = yield* lockSignedInCustomer(customers, customerId)
    const ownerId = (holder: Option.Option<Customer>) => Option.match(holder, { onNone: () => null, onSome: (c) => c.id })
    const emailOwnerId = patch.email === undefined || patch.email === null
      ? null
      : ownerId(yield* customers.findByEmail(patch.email))
    const phoneOwnerId = patch.phone === undefined || patch.phone === null
      ? null
      : ownerId(yield* customers.findByPhone(patch.phone))
    let updated = yield* Effect.fromResult(applyProfileUpdate(customer, patch, { emailOwnerId, phoneOwnerId }))
    const defaultId = patch.defaultShippingAddressId
    if (defaultId !== undefined) {
      const chosen = defaultId === null ? Option.none() : yield* book.find(customerId, defaultId)
      updated = yield* Effect.fromResult(chooseDefault(updated, defaultId, Option.getOrUndefined(chosen)))
    }
    if (updated !== customer) {
      yield* customers.update(updated).pipe(
        Effect.catchTag("CustomerContactTaken", () => Effect.fail(new EmailAlreadyRegistered()))
      )
    }
    return updated
  }))
})
