/**
 * A registration over an existing customer is a claim with its own sessions (docs/contract/accounts.md,
 * domain/auth/registration-claim.ts): `sessions.opened_by` records what opened each session, and
 * `verifications.requested_by` the session that asked for a `verify_*` code.
 *
 * What opened an existing session was not recorded: on an account with a password its sessions
 * are counted as password logins (so a pending registration's undoing revokes them all), on one
 * without as code logins.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE sessions ADD COLUMN opened_by text`
  yield* sql`
    UPDATE sessions s SET opened_by = CASE WHEN c.password_hash IS NULL THEN 'code' ELSE 'password' END
    FROM customers c WHERE c.id = s.customer_id`
  yield* sql`
    ALTER TABLE sessions ALTER COLUMN opened_by SET NOT NULL,
      ADD CONSTRAINT sessions_opened_by_check CHECK (opened_by IN ('registration', 'password', 'code', 'reset'))`
  yield* sql`ALTER TABLE verifications ADD COLUMN requested_by text`
})
