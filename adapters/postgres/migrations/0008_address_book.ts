/**
 * The customers' address books (issue 13): `customer_addresses`, one row per saved address with
 * the Address as JSON (as carts and orders keep theirs), listed per customer oldest first.
 * `customers.default_shipping_address_id` (there since 0001) names one of them; the use cases keep
 * it so under the customer's row lock (no foreign key: the customer store replaces a customer
 * whole, on SQL as in memory, and the address book is a store of its own).
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
      updated_at timestamptz NOT NULL
    )`
  yield* sql`CREATE INDEX customer_addresses_by_customer_idx ON customer_addresses (customer_id, created_at, id)`
})
