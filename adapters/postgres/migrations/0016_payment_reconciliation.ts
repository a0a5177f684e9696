/**
 * Reconciliation (docs/payments.md "Reconciliation"): a pending session is asked about at its
 * gateway from a few minutes after it opened; `check_at` is when it is asked next (the backoff),
 * `check_failures` how many times in a row the gateway could not be asked (the first is warned of).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    ALTER TABLE payment_sessions
      ADD COLUMN check_at timestamptz,
      ADD COLUMN check_failures integer NOT NULL DEFAULT 0`
  yield* sql`
    CREATE INDEX payment_sessions_to_check_idx ON payment_sessions (created_at)
    WHERE status = 'pending' AND gateway_reference <> ''`
})
