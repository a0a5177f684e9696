/**
 * Privacy of guest orders (domain/order/order-visibility.ts):
 * - customers keep the exact email and phone they proved (`verified_email`, `verified_phone`)
 *   instead of two flags, so a changed contact is unverified until the new value is proven;
 *   `linked_name` is the name a registrant gave when linking a password to an existing customer;
 * - orders keep the contact a guest order was matched by (`guest_email`, `guest_phone`; both NULL
 *   for an order placed signed in). Earlier guest orders are recognised by their cart, which had
 *   no customer, and take their shipping address's contact.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE customers ADD COLUMN verified_email text, ADD COLUMN verified_phone text, ADD COLUMN linked_name text`
  yield* sql`UPDATE customers SET verified_email = CASE WHEN email_verified THEN email END,
    verified_phone = CASE WHEN phone_verified THEN phone END`
  yield* sql`ALTER TABLE customers DROP COLUMN email_verified, DROP COLUMN phone_verified`
  yield* sql`ALTER TABLE orders ADD COLUMN guest_email text, ADD COLUMN guest_phone text`
  yield* sql`
    UPDATE orders o SET
      guest_email = nullif(lower(trim(o.shipping_address ->> 'email')), ''),
      guest_phone = regexp_replace(o.shipping_address ->> 'phone', '[[:space:]-]', '', 'g')
    FROM carts c
    WHERE c.id = o.cart_id AND c.customer_id IS NULL`
})
