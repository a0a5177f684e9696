/**
 * Couriers (issue 31, docs/fulfilment.md). `shops.courier` is the shop's courier from the import
 * document (NULL: DEFAULT_COURIER). `shipments` holds one parcel per order and is also the
 * booking outbox: `state` is `waiting` (a prepaid order not yet paid), `pending` (due to be
 * booked), `sent` (booked) or `failed` (a dead letter), with the outboxes' delivery columns; the
 * courier's consignment id and tracking number, the status last heard, the cash collected, the
 * back office's flag. `courier_events` keeps the keys of the events heard, so a duplicate is
 * applied once. Orders placed before hold `''` tracking, as docs/contract/orders.md shows it.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE shops ADD COLUMN courier text`
  yield* sql`UPDATE orders SET tracking_status = '' WHERE tracking_status = 'pending' AND tracking_number = ''`
  yield* sql`
    CREATE TABLE shipments (
      id bigserial PRIMARY KEY,
      order_id text NOT NULL UNIQUE REFERENCES orders (id),
      order_number text NOT NULL,
      courier text NOT NULL,
      weight_grams integer NOT NULL CHECK (weight_grams >= 0),
      locale text NOT NULL,
      state text NOT NULL CHECK (state IN ('waiting', 'pending', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      lease_until timestamptz,
      last_error text,
      delivered_at timestamptz,
      consignment_id text NOT NULL DEFAULT '',
      tracking_number text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT '',
      collected bigint,
      flag text NOT NULL DEFAULT '',
      booked_at timestamptz,
      last_heard_at timestamptz,
      created_at timestamptz NOT NULL
    )`
  yield* sql`CREATE INDEX shipments_due_idx ON shipments (next_attempt_at, id) WHERE state = 'pending'`
  yield* sql`CREATE INDEX shipments_failed_idx ON shipments (id) WHERE state = 'failed'`
  yield* sql`CREATE INDEX shipments_consignment_idx ON shipments (courier, consignment_id) WHERE consignment_id <> ''`
  yield* sql`CREATE INDEX shipments_tracking_idx ON shipments (courier, tracking_number) WHERE tracking_number <> ''`
  yield* sql`CREATE INDEX shipments_order_number_idx ON shipments (courier, order_number)`
  yield* sql`
    CREATE INDEX shipments_quiet_idx ON shipments (coalesce(last_heard_at, created_at))
    WHERE status IN ('booked', 'picked_up', 'in_transit', 'on_hold', 'out_for_delivery')`
  yield* sql`
    CREATE TRIGGER shipments_notify_written AFTER INSERT ON shipments
    FOR EACH STATEMENT EXECUTE FUNCTION notify_outbox_written()`
  yield* sql`
    CREATE TABLE courier_events (
      courier text NOT NULL,
      event_key text NOT NULL,
      received_at timestamptz NOT NULL,
      PRIMARY KEY (courier, event_key)
    )`
})
