/**
 * AddressBook over `customer_addresses` (migration 0008): the Address as JSON next to its
 * customer and times. Every statement names the customer, so one customer never reaches
 * another's address.
 */
import { Effect, Schema } from "effect"
import { AddressBook } from "../../application/customer/address-book.ts"
import { SavedAddress } from "../../domain/address-book/saved-address.ts"
import { Address } from "../../domain/shipping/address.ts"
import { orStoreUnavailable } from "./store-errors.ts"
import { tableLayer, tableSpec } from "./table-layer.ts"

const SavedAddressRow = Schema.Struct({
  ...SavedAddress.fields,
  address: Schema.fromJsonString(Address)
})

const customerAddresses = tableSpec("customer_addresses", SavedAddressRow, "id, customer_id, address::text AS address, created_at, updated_at")

export const PostgresAddressBook = tableLayer(AddressBook, customerAddresses, (sql, addresses) =>
  AddressBook.of({
    list: (customerId) => addresses.findAll(sql`customer_id = ${customerId} ORDER BY created_at, id`),
    find: (customerId, addressId) => addresses.findFirst(sql`customer_id = ${customerId} AND id = ${addressId}`),
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
)
