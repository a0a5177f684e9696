/**
 * AddressBook over `customer_addresses` (migration 0008): the Address as JSON next to its
 * customer and times. Every statement names the customer, so one customer never reaches
 * another's address.
 */
import { Effect, Layer, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { AddressBook } from "../../application/customer/address-book.ts"
import { SavedAddress } from "../../domain/address-book/saved-address.ts"
import { AddressIdInput, CustomerId } from "../../domain/shared/ids.ts"
import { Address } from "../../domain/shipping/address.ts"
import { execute, findAll, findOne } from "./store-query.ts"
import { orStoreUnavailable } from "./store-errors.ts"

const SavedAddressRow = Schema.Struct({
  ...SavedAddress.fields,
  address: Schema.fromJsonString(Address)
})

const COLUMNS = "id, customer_id, address::text AS address, created_at, updated_at"

export const layer = Layer.effect(
  AddressBook,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(COLUMNS)
    const list = findAll({
      Request: CustomerId,
      Result: SavedAddressRow,
      execute: (customerId) =>
        sql`SELECT ${columns} FROM customer_addresses WHERE customer_id = ${customerId} ORDER BY created_at, id`
    })
    const find = findOne({
      Request: Schema.Struct({ customerId: CustomerId, addressId: AddressIdInput }),
      Result: SavedAddressRow,
      execute: ({ addressId, customerId }) =>
        sql`SELECT ${columns} FROM customer_addresses WHERE customer_id = ${customerId} AND id = ${addressId}`
    })
    const insert = execute({
      Request: SavedAddressRow,
      execute: (row) =>
        sql`
          INSERT INTO customer_addresses (id, customer_id, address, created_at, updated_at)
          VALUES (${row.id}, ${row.customerId}, ${row.address}::jsonb, ${row.createdAt}, ${row.updatedAt})`
    })
    return AddressBook.of({
      list,
      find: (customerId, addressId) => find({ customerId, addressId }),
      insert,
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
