/**
 * AddressBook over `customer_addresses` (migration 0008): the Address as JSON next to its
 * customer and times. Every statement names the customer, so one customer never reaches
 * another's address.
 */
import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { AddressBook } from "../../application/customer/address-book.ts"
import { SavedAddress } from "../../domain/address-book/saved-address.ts"
import { Address } from "../../domain/shipping/address.ts"
import { orStoreUnavailable } from "./store-errors.ts"

const SavedAddressRow = Schema.Struct({
  ...SavedAddress.fields,
  address: Schema.fromJsonString(Address)
})
const decodeRows = Schema.decodeUnknownSync(Schema.Array(SavedAddressRow))

const COLUMNS = "id, customer_id, address::text AS address, created_at, updated_at"

export const PostgresAddressBook = Layer.effect(
  AddressBook,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(COLUMNS)
    return AddressBook.of({
      list: (customerId) =>
        orStoreUnavailable(sql`
          SELECT ${columns} FROM customer_addresses WHERE customer_id = ${customerId}
          ORDER BY created_at, id`).pipe(Effect.map(decodeRows)),
      find: (customerId, addressId) =>
        orStoreUnavailable(sql`
          SELECT ${columns} FROM customer_addresses WHERE customer_id = ${customerId} AND id = ${addressId}`).pipe(
          Effect.map((rows) => decodeRows(rows)[0]),
          Effect.map((found) => found === undefined ? Option.none() : Option.some(found))
        ),
      insert: (saved) =>
        orStoreUnavailable(sql`
          INSERT INTO customer_addresses (id, customer_id, address, created_at, updated_at)
          VALUES (${saved.id}, ${saved.customerId}, ${JSON.stringify(saved.address)}::jsonb, ${saved.createdAt}, ${saved.updatedAt})`
        ).pipe(Effect.asVoid),
      update: (saved) =>
        orStoreUnavailable(sql`
          UPDATE customer_addresses SET address = ${JSON.stringify(saved.address)}::jsonb, updated_at = ${saved.updatedAt}
          WHERE customer_id = ${saved.customerId} AND id = ${saved.id}
          RETURNING id`).pipe(Effect.map((rows) => rows.length === 1)),
      remove: (customerId, addressId) =>
        orStoreUnavailable(sql`
          DELETE FROM customer_addresses WHERE customer_id = ${customerId} AND id = ${addressId}
          RETURNING id`).pipe(Effect.map((rows) => rows.length === 1))
    })
  })
)
