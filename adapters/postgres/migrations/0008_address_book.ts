/**
 * The customers' address books (issue 13): `customer_addresses`, one row per saved address with
 * the Address as JSON (as carts and orders keep theirs), listed per customer oldest first.
 * `customers.default_shipping_address_id` (there since 0001, always NULL until now) must name an
 * address of the same customer: a composite foreign key; the use cases clear it before removing
 * the address it names.
 *
 * Numbered 0008 although 0006 is unused: Effect's Migrator runs only migrations above the highest
 * one a database has applied, so a 0006 added after 0007 would never run on existing databases.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE customer_addresses (
      id text PRIMARY KEY,
      customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
      address jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      UNIQUE (customer_id, id)
    )`
  yield* sql`CREATE INDEX customer_addresses_by_customer_idx ON customer_addresses (customer_id, created_at, id)`
  yield* sql`UPDATE customers SET default_shipping_address_id = NULL WHERE default_shipping_address_id IS NOT NULL`
  yield* sql`
    ALTER TABLE customers ADD CONSTRAINT customers_default_shipping_address_fk
      FOREIGN KEY (id, default_shipping_address_id) REFERENCES customer_addresses (customer_id, id)`
})
