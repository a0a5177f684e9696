/**
 * Delivery of the outboxes (issue 19). `notification_outbox` rows gain a delivery state:
 * `pending` until the relay hands them to the mail server or SMS gateway (`sent`, with
 * `delivered_at` the sent time), or `failed` once their attempts are spent (a dead letter an
 * operator can re-drive); `attempts`, `last_error`, the next attempt's time and the lease of the
 * relay holding the row; the message's `locale` (from the request's Accept-Language) and, for an
 * order confirmation, its `content`. Rows queued before delivery existed are not sent now (their
 * codes are long expired): they become dead letters.
 *
 * `webhook_outbox` holds back-office events, one row per event and endpoint, with the same
 * delivery columns; `payload` is the JSON body exactly as it is signed and sent, and
 * `ordering_key` (the order's id) keeps one order's events in order.
 *
 * Inserting into either wakes the relays of every instance (`pg_notify`, delivered at commit).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    ALTER TABLE notification_outbox
      ADD COLUMN state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
      ADD COLUMN attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN lease_until timestamptz,
      ADD COLUMN last_error text,
      ADD COLUMN locale text NOT NULL DEFAULT 'en',
      ADD COLUMN content jsonb`
  yield* sql`UPDATE notification_outbox SET state = 'sent' WHERE delivered_at IS NOT NULL`
  yield* sql`
    UPDATE notification_outbox SET state = 'failed', last_error = 'queued before delivery existed'
    WHERE delivered_at IS NULL`
  yield* sql`DROP INDEX notification_outbox_pending_idx`
  yield* sql`CREATE INDEX notification_outbox_due_idx ON notification_outbox (next_attempt_at, id) WHERE state = 'pending'`
  yield* sql`CREATE INDEX notification_outbox_failed_idx ON notification_outbox (id) WHERE state = 'failed'`

  yield* sql`
    CREATE TABLE webhook_outbox (
      id bigserial PRIMARY KEY,
      event_id text NOT NULL,
      endpoint text NOT NULL,
      type text NOT NULL,
      ordering_key text NOT NULL,
      payload text NOT NULL,
      created_at timestamptz NOT NULL,
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      lease_until timestamptz,
      last_error text,
      delivered_at timestamptz
    )`
  yield* sql`CREATE INDEX webhook_outbox_due_idx ON webhook_outbox (next_attempt_at, id) WHERE state = 'pending'`
  yield* sql`CREATE INDEX webhook_outbox_failed_idx ON webhook_outbox (id) WHERE state = 'failed'`
  yield* sql`CREATE INDEX webhook_outbox_order_idx ON webhook_outbox (endpoint, ordering_key, id) WHERE state = 'pending'`

  yield* sql`
    CREATE FUNCTION notify_outbox_written() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('storefront_outbox', '');
      RETURN NULL;
    END
    $$`
  for (const table of ["notification_outbox", "webhook_outbox"]) {
    yield* sql.unsafe(
      `CREATE TRIGGER ${table}_notify_written AFTER INSERT ON ${table}
       FOR EACH STATEMENT EXECUTE FUNCTION notify_outbox_written()`
    )
  }
})
