/**
 * Customer accounts (docs/contract/accounts.md, docs/contract/orders.md): sessions with their refresh-token hashes, one-time-code
 * verifications, password-reset tokens, rate-limit events, the notification outbox and the
 * server secrets (the access-token signing key and the token-hashing key, generated once and
 * shared by every instance). Secrets handed to clients are stored only as keyed hashes.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  // when a password was first attached (registration or linking); null for password-less customers
  yield* sql`ALTER TABLE customers ADD COLUMN registered_at timestamptz`

  yield* sql`
    CREATE TABLE sessions (
      id text PRIMARY KEY,
      customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      last_used_at timestamptz NOT NULL,
      revoked_at timestamptz,
      current_token_hash text NOT NULL,
      generation integer NOT NULL DEFAULT 0 CHECK (generation >= 0)
    )`
  yield* sql`CREATE INDEX sessions_customer_idx ON sessions (customer_id) WHERE revoked_at IS NULL`
  // every refresh-token hash a session ever handed out (current and rotated), for lookup and reuse detection
  yield* sql`
    CREATE TABLE session_refresh_tokens (
      token_hash text PRIMARY KEY,
      session_id text NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
      issued_at timestamptz NOT NULL
    )`
  yield* sql`CREATE INDEX session_refresh_tokens_session_idx ON session_refresh_tokens (session_id, issued_at)`

  yield* sql`
    CREATE TABLE verifications (
      id text PRIMARY KEY,
      purpose text NOT NULL CHECK (purpose IN ('login', 'reset_password', 'verify_email', 'verify_phone')),
      channel text NOT NULL CHECK (channel IN ('sms', 'email')),
      destination text NOT NULL,
      customer_id text REFERENCES customers (id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      attempts_remaining integer NOT NULL CHECK (attempts_remaining >= 0),
      consumed_at timestamptz,
      voided_at timestamptz
    )`
  yield* sql`
    CREATE INDEX verifications_open_destination_idx ON verifications (destination, purpose)
    WHERE consumed_at IS NULL AND voided_at IS NULL`
  yield* sql`
    CREATE INDEX verifications_open_customer_idx ON verifications (customer_id)
    WHERE consumed_at IS NULL AND voided_at IS NULL`

  yield* sql`
    CREATE TABLE password_reset_tokens (
      id text PRIMARY KEY,
      customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      voided_at timestamptz
    )`
  yield* sql`
    CREATE INDEX password_reset_tokens_open_customer_idx ON password_reset_tokens (customer_id)
    WHERE used_at IS NULL AND voided_at IS NULL`

  // sliding-log rate limiting: one row per counted event, pruned per key as windows move on
  yield* sql`
    CREATE TABLE rate_limit_events (
      id bigserial PRIMARY KEY,
      key text NOT NULL,
      occurred_at timestamptz NOT NULL
    )`
  yield* sql`CREATE INDEX rate_limit_events_key_idx ON rate_limit_events (key, occurred_at)`

  yield* sql`
    CREATE TABLE notification_outbox (
      id bigserial PRIMARY KEY,
      channel text NOT NULL CHECK (channel IN ('sms', 'email')),
      recipient text NOT NULL,
      purpose text NOT NULL,
      code text,
      link text,
      token text,
      created_at timestamptz NOT NULL,
      delivered_at timestamptz
    )`
  yield* sql`CREATE INDEX notification_outbox_pending_idx ON notification_outbox (id) WHERE delivered_at IS NULL`

  yield* sql`
    CREATE TABLE server_secrets (
      name text PRIMARY KEY,
      value text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`
})
