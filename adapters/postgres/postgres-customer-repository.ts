/**
 * CustomerRepository over the `customers` table. Emails and phones are unique through the
 * partial unique indexes of migration 0001; a violation of either becomes CustomerContactTaken.
 * Guest checkout finds or creates a password-less customer with `INSERT … ON CONFLICT DO
 * NOTHING`, which never aborts the caller's transaction and, under concurrency, waits for the
 * competing insert and then finds its row.
 */
import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient, type SqlError } from "effect/sql"
import { CustomerContactTaken } from "../../application/customer/customer-contact-taken.ts"
import { CustomerRepository, type GuestContact } from "../../application/customer/customer-repository.ts"
import { Customer } from "../../domain/customer/customer.ts"
import { orStoreUnavailable } from "./store-errors.ts"
import { findOne } from "./store-query.ts"
import { CustomerId } from "../../domain/shared/ids.ts"

const COLUMNS = "id, name, email, phone, avatar_url, default_shipping_address_id, password_hash, " +
  "verified_email, verified_phone, linked_name, linked_phone, created_at, registered_at"

const GuestCustomer = Schema.Struct({
  id: CustomerId,
  name: Schema.String,
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  now: Schema.Date
})

const CONTACT_CONSTRAINTS: Readonly<Record<string, "email" | "phone">> = {
  customers_email_idx: "email",
  customers_phone_idx: "phone"
}

/** A unique violation on the email or phone index → CustomerContactTaken; other SQL errors pass on. */
const contactTakenOnViolation = <A, R>(
  effect: Effect.Effect<A, SqlError.SqlError, R>
): Effect.Effect<A, SqlError.SqlError | CustomerContactTaken, R> =>
  Effect.catchTag(effect, "SqlError", (error): Effect.Effect<never, SqlError.SqlError | CustomerContactTaken> => {
    const field = error.reason._tag === "UniqueViolation" ? CONTACT_CONSTRAINTS[error.reason.constraint] : undefined
    return field === undefined ? Effect.fail(error) : Effect.fail(new CustomerContactTaken({ field }))
  })

/** How many times guest checkout re-reads after losing an insert race before giving up. */
const GUEST_INSERT_ATTEMPTS = 3

export const layer = Layer.effect(
  CustomerRepository,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(COLUMNS)

    const findByColumn = (column: "id" | "email" | "phone", lock: boolean) =>
      findOne({
        Request: Schema.String,
        Result: Customer,
        execute: (value) =>
          sql`SELECT ${columns} FROM customers WHERE ${sql(column)} = ${value} ${sql.literal(lock ? "FOR UPDATE" : "")}`
      })
    const finders = {
      id: [findByColumn("id", false), findByColumn("id", true)],
      email: [findByColumn("email", false), findByColumn("email", true)],
      phone: [findByColumn("phone", false), findByColumn("phone", true)]
    } as const
    const findBy = (column: "id" | "email" | "phone", value: string, lock: boolean) => finders[column][lock ? 1 : 0](value)

    const insertGuest = findOne({
      Request: GuestCustomer,
      Result: Customer,
      execute: ({ email, id, name, now, phone }) =>
        sql`
          INSERT INTO customers (id, name, email, phone, source, created_at, updated_at)
          VALUES (${id}, ${name}, ${email}, ${phone}, 'guest_checkout', ${now}, ${now})
          ON CONFLICT DO NOTHING
          RETURNING ${columns}`
    })

    const findOrCreatePasswordless = (contact: GuestContact, newId: CustomerId, now: Date) =>
      Effect.gen(function*() {
        for (let attempt = 0; attempt < GUEST_INSERT_ATTEMPTS; attempt++) {
          if (contact.email !== null) {
            const byEmail = yield* findBy("email", contact.email, false)
            if (Option.isSome(byEmail)) return byEmail.value
          }
          if (contact.phone !== null) {
            const byPhone = yield* findBy("phone", contact.phone, false)
            if (Option.isSome(byPhone)) return byPhone.value
          }
          const created = yield* insertGuest({ id: newId, name: contact.name, email: contact.email, phone: contact.phone, now })
          if (Option.isSome(created)) return created.value
        }
        return yield* Effect.die(new Error("guest customer: the email or phone kept changing owner"))
      })

    return CustomerRepository.of({
      findById: (id) => findBy("id", id, false),
      findByIdForUpdate: (id) => findBy("id", id, true),
      findByEmail: (email) => findBy("email", email, false),
      findByPhone: (phone) => findBy("phone", phone, false),
      findByEmailForUpdate: (email) => findBy("email", email, true),
      insert: (customer) =>
        orStoreUnavailable(contactTakenOnViolation(sql`
          INSERT INTO customers (id, name, email, phone, avatar_url, default_shipping_address_id, password_hash,
            verified_email, verified_phone, linked_name, linked_phone, source, created_at, registered_at, updated_at)
          VALUES (${customer.id}, ${customer.name}, ${customer.email}, ${customer.phone}, ${customer.avatarUrl},
            ${customer.defaultShippingAddressId}, ${customer.passwordHash}, ${customer.verifiedEmail},
            ${customer.verifiedPhone}, ${customer.linkedName}, ${customer.linkedPhone}, 'storefront', ${customer.createdAt}, ${customer.registeredAt}, now())`)).pipe(
          Effect.asVoid
        ),
      update: (customer) =>
        orStoreUnavailable(contactTakenOnViolation(sql`
          UPDATE customers SET
            name = ${customer.name},
            email = ${customer.email},
            phone = ${customer.phone},
            avatar_url = ${customer.avatarUrl},
            default_shipping_address_id = ${customer.defaultShippingAddressId},
            password_hash = ${customer.passwordHash},
            verified_email = ${customer.verifiedEmail},
            verified_phone = ${customer.verifiedPhone},
            linked_name = ${customer.linkedName},
            linked_phone = ${customer.linkedPhone},
            registered_at = ${customer.registeredAt},
            updated_at = now()
          WHERE id = ${customer.id}
          RETURNING id`)).pipe(
          Effect.flatMap((rows) =>
            rows.length === 1 ? Effect.void : Effect.die(new Error(`customer ${customer.id} does not exist`))
          )
        ),
      findOrCreatePasswordless
    })
  })
)
