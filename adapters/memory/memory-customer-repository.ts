/**
 * CustomerRepository in a plain map, for tests and library users. Every operation is one
 * synchronous step, so each is atomic; emails and phones are unique as in the SQL adapter.
 * The "ForUpdate" lookups are plain lookups: memory units of work already run one at a time
 * (adapters/memory/memory-transactions.ts).
 */
import { Effect, Layer, Option } from "effect"
import { CustomerContactTaken } from "../../application/customer/customer-contact-taken.ts"
import { CustomerRepository, type GuestContact } from "../../application/customer/customer-repository.ts"
import type { Customer } from "../../domain/customer/customer.ts"
import type { NormalisedEmail } from "../../domain/customer/email.ts"
import type { CustomerId } from "../../domain/shared/ids.ts"

export const makeMemoryCustomerRepository = () => {
  const customers = new Map<string, Customer>()

  const find = (predicate: (customer: Customer) => boolean): Customer | undefined => {
    for (const customer of customers.values()) if (predicate(customer)) return customer
    return undefined
  }
  const byEmail = (email: string) => find((customer) => customer.email === email)
  const byPhone = (phone: string) => find((customer) => customer.phone === phone)

  /** The contact of `customer` already held by another customer, if any. */
  const takenContact = (customer: Customer): "email" | "phone" | undefined => {
    const emailOwner = customer.email === null ? undefined : byEmail(customer.email)
    if (emailOwner !== undefined && emailOwner.id !== customer.id) return "email"
    const phoneOwner = customer.phone === null ? undefined : byPhone(customer.phone)
    if (phoneOwner !== undefined && phoneOwner.id !== customer.id) return "phone"
    return undefined
  }

  const write = (customer: Customer) =>
    Effect.suspend(() => {
      const taken = takenContact(customer)
      if (taken !== undefined) return Effect.fail(new CustomerContactTaken({ field: taken }))
      customers.set(customer.id, customer)
      return Effect.void
    })

  const findById = (id: string) => Effect.sync(() => Option.fromNullishOr(customers.get(id)))
  const findByEmail = (email: NormalisedEmail) => Effect.sync(() => Option.fromNullishOr(byEmail(email)))

  return CustomerRepository.of({
    findById,
    findByIdForUpdate: findById,
    findByEmail,
    findByPhone: (phone) => Effect.sync(() => Option.fromNullishOr(byPhone(phone))),
    findByEmailForUpdate: findByEmail,
    insert: (customer) =>
      Effect.suspend(() =>
        customers.has(customer.id) ? Effect.die(new Error(`customer ${customer.id} already exists`)) : write(customer)
      ),
    update: (customer) =>
      Effect.suspend(() =>
        customers.has(customer.id) ? write(customer) : Effect.die(new Error(`customer ${customer.id} does not exist`))
      ),
    findOrCreatePasswordless: (contact: GuestContact, newId: CustomerId, now: Date) =>
      Effect.sync(() => {
        const existing = (contact.email === null ? undefined : byEmail(contact.email)) ??
          (contact.phone === null ? undefined : byPhone(contact.phone))
        if (existing !== undefined) return existing
        const created: Customer = {
          id: newId,
          name: contact.name,
          email: contact.email,
          phone: contact.phone,
          avatarUrl: null,
          defaultShippingAddressId: null,
          passwordHash: null,
          verifiedEmail: null,
          verifiedPhone: null,
          linkedName: null,
          linkedPhone: null,
          createdAt: now,
          registeredAt: null
        }
        customers.set(created.id, created)
        return created
      })
  })
}

export const layer = Layer.sync(CustomerRepository, makeMemoryCustomerRepository)
