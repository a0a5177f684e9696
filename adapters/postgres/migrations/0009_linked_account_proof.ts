/**
 * Proving a linked account's email (docs/contract/accounts.md): `customers.linked_phone` holds the phone a
 * registrant gave when linking a password to an existing customer, apart from the recorded one,
 * as `linked_name` holds the name; `password_reset_tokens.mailed_to` is the address a reset link
 * was mailed to, so that a reset through it proves that address.
 *
 * An unproven linked account may no longer prove a phone; a phone proof such an account gained
 * before this rule existed was never the owner's to give, so it is dropped here.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE customers ADD COLUMN linked_phone text`
  yield* sql`ALTER TABLE password_reset_tokens ADD COLUMN mailed_to text`
  yield* sql`
    UPDATE customers SET verified_phone = NULL, updated_at = now()
    WHERE registered_at > created_at
      AND verified_phone IS NOT NULL
      AND (verified_email IS NULL OR email IS NULL OR verified_email <> email)`
})
