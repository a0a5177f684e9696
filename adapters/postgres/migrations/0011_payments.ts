/**
 * Payments (issue 20; docs/payments.md): an order keeps the hash of its order token (a guest's
 * proof of ownership) and its cancellation; `payment_sessions` are attempts to pay it through a
 * gateway; `payment_captures` the money gateways confirmed. A gateway transaction is recorded
 * once (`UNIQUE (provider, transaction_id)`), a session captures at most once, and at most one
 * capture pays an order (`payment_captures_applied_once`): the database backs up the use cases'
 * exactly-once settlement.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    ALTER TABLE orders
      ADD COLUMN order_token_hash text NOT NULL DEFAULT '',
      ADD COLUMN cancelled_at timestamptz,
      ADD COLUMN cancellation_reason text CHECK (cancellation_reason IN ('customer', 'payment_expired'))`
  yield* sql`
    CREATE INDEX orders_awaiting_payment_idx ON orders (created_at)
    WHERE status = 'pending' AND payment_method = 'prepaid' AND payment_status = 'unpaid'`
  yield* sql`
    CREATE TABLE payment_sessions (
      id text PRIMARY KEY,
      order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('bkash', 'sslcommerz', 'demo')),
      status text NOT NULL CHECK (status IN ('pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded')),
      amount bigint NOT NULL CHECK (amount >= 0),
      currency text NOT NULL,
      return_url text NOT NULL,
      redirect_url text NOT NULL,
      gateway_reference text NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      completed_at timestamptz
    )`
  yield* sql`CREATE INDEX payment_sessions_order_idx ON payment_sessions (order_id) WHERE status = 'pending'`
  yield* sql`
    CREATE TABLE payment_captures (
      id text PRIMARY KEY,
      session_id text NOT NULL UNIQUE REFERENCES payment_sessions (id) ON DELETE CASCADE,
      order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      provider text NOT NULL,
      transaction_id text NOT NULL,
      amount bigint NOT NULL CHECK (amount >= 0),
      currency text NOT NULL,
      details jsonb NOT NULL,
      disposition text NOT NULL CHECK (disposition IN ('applied', 'refund_pending', 'refunded')),
      reason text NOT NULL,
      created_at timestamptz NOT NULL,
      refunded_at timestamptz,
      UNIQUE (provider, transaction_id)
    )`
  yield* sql`CREATE UNIQUE INDEX payment_captures_applied_once ON payment_captures (order_id) WHERE disposition = 'applied'`
  yield* sql`CREATE INDEX payment_captures_refunds_due_idx ON payment_captures (created_at) WHERE disposition = 'refund_pending'`
})
