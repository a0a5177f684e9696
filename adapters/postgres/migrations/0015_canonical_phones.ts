/**
 * Phones in one canonical form (docs/contract/accounts.md, domain/customer/phone.ts): the stored customer
 * phones (`phone`, `verified_phone`, `linked_phone`) and the contact a guest order was matched by
 * (`orders.guest_phone`) are rewritten to it. Spaces, dashes, dots and parentheses are dropped; a
 * Bangladeshi mobile number written `01…`, `8801…`, `+8801…` or `008801…` becomes `+8801…`; any
 * other number keeps its leading `+` and digits; a value that is not a phone stays as it is.
 *
 * Where two customers end with one number, the one who proved it keeps it (else the older); the
 * other's phone and its verification are cleared, nothing else is merged, and how many were
 * cleared is logged. The rule is written here in SQL (a migration must not change when the domain
 * function does later); the migration test checks it agrees with the domain function.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/** The canonical form of a text column, as SQL (the column name is one of this file's constants). */
export const canonicalPhoneSql = (column: string): string => {
  const compact = `regexp_replace(${column}, '[[:space:].()-]', '', 'g')`
  return `CASE
    WHEN ${compact} ~ '^(0|880|\\+880|00880)1[0-9]{9}$' THEN '+880' || right(${compact}, 10)
    WHEN ${compact} ~ '^\\+?[0-9]{7,15}$' THEN ${compact}
    ELSE ${column} END`
}

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const phone = sql.literal(canonicalPhoneSql("phone"))
  const verifiedPhone = sql.literal(canonicalPhoneSql("verified_phone"))
  const cleared = yield* sql<{ id: string }>`
    WITH ranked AS (
      SELECT id, row_number() OVER (
        PARTITION BY ${phone}
        ORDER BY (verified_phone IS NOT NULL AND ${verifiedPhone} = ${phone}) DESC, created_at, id
      ) AS rank
      FROM customers WHERE phone IS NOT NULL
    )
    UPDATE customers SET phone = NULL, verified_phone = NULL, updated_at = now()
    FROM ranked WHERE ranked.id = customers.id AND ranked.rank > 1
    RETURNING customers.id`
  yield* sql`
    UPDATE customers SET phone = ${phone}, updated_at = now()
    WHERE phone IS NOT NULL AND phone <> ${phone}`
  yield* sql`
    UPDATE customers SET verified_phone = ${verifiedPhone}
    WHERE verified_phone IS NOT NULL AND verified_phone <> ${verifiedPhone}`
  const linkedPhone = sql.literal(canonicalPhoneSql("linked_phone"))
  yield* sql`
    UPDATE customers SET linked_phone = ${linkedPhone}
    WHERE linked_phone IS NOT NULL AND linked_phone <> ${linkedPhone}`
  const guestPhone = sql.literal(canonicalPhoneSql("guest_phone"))
  yield* sql`
    UPDATE orders SET guest_phone = ${guestPhone}
    WHERE guest_phone IS NOT NULL AND guest_phone <> ${guestPhone}`
  yield* Effect.logInfo("canonical phones: customers whose phone another customer kept were cleared").pipe(
    Effect.annotateLogs({ cleared: cleared.length })
  )
})
