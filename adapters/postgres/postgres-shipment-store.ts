/**
 * ShipmentStore over `shipments` and `courier_events` (migration 0019). `shipments` is also the
 * booking outbox, claimed like the message outboxes (postgres-delivery-queues.ts): FOR UPDATE
 * SKIP LOCKED, leased, the attempt counted, only `pending` rows (a `waiting` one is a prepaid
 * order not yet paid). An insert wakes every instance's relay (trigger); a release notifies too.
 */
import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { ShipmentStore } from "../../application/fulfilment/shipment-store.ts"
import { OutboxWake } from "../../application/notifications/outbox-wake.ts"
import { Shipment } from "../../domain/fulfilment/shipment.ts"
import { OrderId } from "../../domain/shared/ids.ts"
import { claimOf, IdText, OUTBOX_CHANNEL, outcomes } from "./postgres-delivery-queues.ts"
import { orStoreUnavailable } from "./store-errors.ts"
import { findAll, findOne } from "./store-query.ts"

const COLUMNS = `order_id, order_number, courier, weight_grams, locale, consignment_id, tracking_number, status,
  collected::float8 AS collected, flag, booked_at, last_heard_at, created_at`

const BookingRow = Schema.Struct({ id: IdText, attempts: Schema.Number, orderId: OrderId })

const ON_THE_WAY = ["booked", "picked_up", "in_transit", "on_hold", "out_for_delivery"]

export const makePostgresShipmentStore = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const wake = Option.match(yield* Effect.serviceOption(OutboxWake), {
    onNone: () => Effect.void,
    onSome: (outboxWake) => outboxWake.signal
  })
  const columns = sql.literal(COLUMNS)
  const findByOrder = findOne({
    Request: OrderId,
    Result: Shipment,
    execute: (orderId) => sql`SELECT ${columns} FROM shipments WHERE order_id = ${orderId}`
  })
  const findByReference = findOne({
    Request: Schema.Struct({ courier: Schema.String, reference: Schema.String }),
    Result: Shipment,
    execute: ({ courier, reference }) =>
      sql`SELECT ${columns} FROM shipments WHERE courier = ${courier}
        AND (consignment_id = ${reference} OR tracking_number = ${reference} OR order_number = ${reference})
        ORDER BY (consignment_id = ${reference}) DESC LIMIT 1`
  })
  const quiet = findAll({
    Request: Schema.Struct({ heardBefore: Schema.Date, limit: Schema.Number }),
    Result: Shipment,
    execute: ({ heardBefore, limit }) =>
      sql`SELECT ${columns} FROM shipments
        WHERE status IN ${sql.in(ON_THE_WAY)} AND coalesce(last_heard_at, created_at) < ${heardBefore}
        ORDER BY coalesce(last_heard_at, created_at) LIMIT ${limit}`
  })

  return ShipmentStore.of({
    insert: (shipment, bookNow) =>
      Effect.gen(function*() {
        yield* orStoreUnavailable(sql`
          INSERT INTO shipments (order_id, order_number, courier, weight_grams, locale, state, created_at)
          VALUES (${shipment.orderId}, ${shipment.orderNumber}, ${shipment.courier}, ${shipment.weightGrams},
            ${shipment.locale}, ${bookNow ? "pending" : "waiting"}, ${shipment.createdAt})`)
        if (bookNow) yield* sql.afterCommit(wake)
      }),
    release: (orderId) =>
      Effect.gen(function*() {
        const rows = yield* orStoreUnavailable(sql<{ orderId: string }>`
          UPDATE shipments SET state = 'pending', next_attempt_at = now()
          WHERE order_id = ${orderId} AND state = 'waiting' RETURNING order_id`)
        if (rows.length === 0) return false
        yield* orStoreUnavailable(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`)
        yield* sql.afterCommit(wake)
        return true
      }),
    find: findByOrder,
    findByReference: (courier, reference) =>
      reference === "" ? Effect.succeed(Option.none()) : findByReference({ courier, reference }),
    update: (shipment) =>
      orStoreUnavailable(sql`
        UPDATE shipments SET consignment_id = ${shipment.consignmentId}, tracking_number = ${shipment.trackingNumber},
          status = ${shipment.status}, collected = ${shipment.collected}, flag = ${shipment.flag},
          booked_at = ${shipment.bookedAt}, last_heard_at = ${shipment.lastHeardAt}
        WHERE order_id = ${shipment.orderId}`).pipe(Effect.asVoid),
    firstHeard: (courier, eventKey, at) =>
      orStoreUnavailable(sql<{ courier: string }>`
        INSERT INTO courier_events (courier, event_key, received_at) VALUES (${courier}, ${eventKey}, ${at})
        ON CONFLICT DO NOTHING RETURNING courier`).pipe(Effect.map((rows) => rows.length === 1)),
    quiet: (heardBefore, limit) => quiet({ heardBefore, limit }),
    bookings: {
      ...outcomes(sql, "shipments", ""),
      claim: claimOf(sql, {
        table: "shipments",
        due: (limit) =>
          sql`
            SELECT id FROM shipments
            WHERE state = 'pending' AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until <= now())
            ORDER BY next_attempt_at, id
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED`,
        returning: "id, attempts, order_id",
        Row: BookingRow,
        item: (row) => row.orderId
      })
    }
  })
})

export const layer = Layer.effect(ShipmentStore, makePostgresShipmentStore)
