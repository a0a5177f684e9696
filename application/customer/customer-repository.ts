/**
 * Port: customer accounts. Emails are stored normalised (trimmed, lower-cased) and are unique,
 * as are phones. Used by the account use cases (register, login, profile) and by guest
 * checkout, which attaches the order to the customer with the shipping email or phone.
 * Adapters: adapters/postgres/postgres-customer-repository.ts, adapters/memory/memory-customer-repository.ts.
 */
import { Context, type Effect, type Option } from "effect"
import type { Customer } from "../../domain/customer/customer.ts"
import type { NormalisedEmail } from "../../domain/customer/email.ts"
import type { CustomerId } from "../../domain/shared/ids.ts"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"
import type { CustomerContactTaken } from "./customer-contact-taken.ts"

export interface GuestContact {
  readonly name: string
  readonly email: NormalisedEmail | null
  readonly phone: string | null
}

export class CustomerRepository extends Context.Service<CustomerRepository, {
  readonly findById: (id: CustomerId) => Effect.Effect<Option.Option<Customer>, StoreUnavailable>
  /** Like findById, but inside a transaction the row stays locked until it ends (read-modify-write). */
  readonly findByIdForUpdate: (id: CustomerId) => Effect.Effect<Option.Option<Customer>, StoreUnavailable>
  readonly findByEmail: (email: NormalisedEmail) => Effect.Effect<Option.Option<Customer>, StoreUnavailable>
  readonly findByPhone: (phone: string) => Effect.Effect<Option.Option<Customer>, StoreUnavailable>
  /**
   * Like findByEmail, but inside a transaction the row stays locked until it ends, so that
   * concurrent registrations of one email are decided one after the other.
   */
  readonly findByEmailForUpdate: (email: NormalisedEmail) => Effect.Effect<Option.Option<Customer>, StoreUnavailable>
  /** Fails with CustomerContactTaken when the email or phone already belongs to someone. */
  readonly insert: (customer: Customer) => Effect.Effect<void, CustomerContactTaken | StoreUnavailable>
  /** Replaces the stored customer with the same id; CustomerContactTaken as for insert. */
  readonly update: (customer: Customer) => Effect.Effect<void, CustomerContactTaken | StoreUnavailable>
  /**
   * Guest checkout: the customer holding this email (else this phone), or a new password-less
   * customer with these details when nobody does. Safe under concurrency (one customer per contact).
   */
  readonly findOrCreatePasswordless: (
    contact: GuestContact,
    newId: CustomerId,
    now: Date
  ) => Effect.Effect<Customer, StoreUnavailable>
}>()("storefront/CustomerRepository") {}
