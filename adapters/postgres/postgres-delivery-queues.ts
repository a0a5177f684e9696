/**
 * The relay's DeliveryQueue over the two outbox tables (migration 0009): `notification_outbox`
 * (codes, links, order confirmations) and `webhook_outbox` (back-office events). A claim is one
 * statement: the due rows are locked with FOR UPDATE SKIP LOCKED (so relays of other instances
 * take other rows), leased and their attempt counted, and the statement commits at once; a relay
 * that dies holding rows leaves them to be claimed again when the lease runs out.
 * Webhook rows are claimed only when no earlier row of the same order for the same endpoint is
 * still pending, so one order's events arrive in order.
 */
import { listeningClient } from "./listen-client.ts"
import { Effect, Queue, Schema } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import type { Backlog, Claimed, DeliveryQueue } from "../../application/notifications/delivery-queue.ts"
import { VerificationChannel } from "../../domain/auth/verification.ts"
import { MessageLocale } from "../../domain/notification/message-locale.ts"
import { MessagePurpose, OrderConfirmation, type OutboundMessage, ParcelNotice } from "../../domain/notification/outbound-message.ts"
import { orStoreUnavailable } from "./store-errors.ts"
import { findAll } from "./store-query.ts"

export const OUTBOX_CHANNEL = "storefront_outbox"

/** The outboxes; `shipments` is the booking outbox (postgres-shipment-store.ts). */
type Table = "notification_outbox" | "webhook_outbox" | "shipments"

/** bigserial ids and counts come back as text (int8); ids stay text inside the service. */
export const IdText = Schema.Union([Schema.String, Schema.Number, Schema.BigInt])

const BacklogRow = Schema.Struct({
  depth: IdText,
  oldestMillis: Schema.NullOr(IdText),
  failed: IdText
})

/** The statements every outbox shares: the outcome of a claimed row, the backlog, re-driving. */
export const outcomes = (sql: SqlClient.SqlClient, table: Table, clearOnSent: string) => {
  const t = sql(table)
  const backlogQuery = findAll({
    Request: Schema.Void,
    Result: BacklogRow,
    execute: () =>
      sql`SELECT
        (SELECT count(*) FROM ${t} WHERE state = 'pending') AS depth,
        (SELECT extract(epoch FROM now() - min(created_at)) * 1000 FROM ${t} WHERE state = 'pending') AS oldest_millis,
        (SELECT count(*) FROM ${t} WHERE state = 'failed') AS failed`
  })
  return {
    markSent: (ids: ReadonlyArray<string>) =>
      ids.length === 0 ? Effect.void : orStoreUnavailable(sql`
        UPDATE ${t} SET state = 'sent', delivered_at = now(), lease_until = NULL, last_error = NULL${sql.unsafe(clearOnSent)}
        WHERE id IN ${sql.in(ids)}`).pipe(Effect.asVoid),
    retryLater: (id: string, error: string, delayMillis: number) =>
      orStoreUnavailable(sql`
        UPDATE ${t} SET next_attempt_at = now() + ${delayMillis} * interval '1 millisecond', lease_until = NULL,
          last_error = ${error}
        WHERE id = ${id}`).pipe(Effect.asVoid),
    markFailed: (id: string, error: string) =>
      orStoreUnavailable(sql`UPDATE ${t} SET state = 'failed', lease_until = NULL, last_error = ${error} WHERE id = ${id}`)
        .pipe(Effect.asVoid),
    backlog: backlogQuery(undefined).pipe(
      Effect.map((rows): Backlog => {
        const row = rows[0]
        return {
          depth: Number(row?.depth ?? 0),
          oldestPendingMillis: Math.max(0, Math.round(Number(row?.oldestMillis ?? 0))),
          failed: Number(row?.failed ?? 0)
        }
      })
    ),
    redrive: (ids: ReadonlyArray<string>) =>
      orStoreUnavailable(Effect.gen(function*() {
        const rows = yield* (ids.length === 0
          ? sql<{ id: string }>`
              UPDATE ${t} SET state = 'pending', attempts = 0, next_attempt_at = now(), lease_until = NULL
              WHERE state = 'failed' RETURNING id`
          : sql<{ id: string }>`
              UPDATE ${t} SET state = 'pending', attempts = 0, next_attempt_at = now(), lease_until = NULL
              WHERE state = 'failed' AND id IN ${sql.in(ids)} RETURNING id`)
        yield* sql`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`
        return rows.length
      }))
  }
}

const ClaimRequest = Schema.Struct({ limit: Schema.Number, leaseMillis: Schema.Number })

/**
 * The claim of an outbox: up to `limit` of the rows `due(limit)` selects (their ids, locked FOR
 * UPDATE SKIP LOCKED), leased for `leaseMillis` with their attempt counted, read back as `Row`
 * (`returning` names its columns) and each made the relay's item.
 */
export const claimOf = <
  Row extends Schema.Constraint & { readonly Type: { readonly id: typeof IdText.Type; readonly attempts: number } },
  Item
>(sql: SqlClient.SqlClient, claim: {
  readonly table: Table
  readonly due: (limit: number) => Statement.Fragment
  readonly returning: string
  readonly Row: Row
  readonly item: (row: Row["Type"]) => Item
}) => {
  const claimed = findAll({
    Request: ClaimRequest,
    Result: claim.Row,
    execute: ({ leaseMillis, limit }) =>
      sql`
        UPDATE ${sql(claim.table)} SET lease_until = now() + ${leaseMillis} * interval '1 millisecond',
          attempts = attempts + 1
        WHERE id IN (${claim.due(limit)})
        RETURNING ${sql.literal(claim.returning)}`
  })
  return (limit: number, leaseMillis: number) =>
    Effect.map(claimed({ limit, leaseMillis }), (rows) =>
      rows.map((row): Claimed<Item> => ({ id: String(row.id), attempts: row.attempts, item: claim.item(row) })))
}

const NotificationRow = Schema.Struct({
  id: IdText,
  attempts: Schema.Number,
  channel: VerificationChannel,
  recipient: Schema.String,
  purpose: MessagePurpose,
  code: Schema.NullOr(Schema.String),
  link: Schema.NullOr(Schema.String),
  locale: MessageLocale,
  content: Schema.NullOr(Schema.Union([OrderConfirmation, ParcelNotice])),
  createdAt: Schema.Date
})

/**
 * A message's identity towards gateways (their idempotency key: SSL Wireless's csms_id, the
 * Message-ID, the SMS webhook's id): the row id and its creation time, so that ids that start over
 * (another database, a restored one) still name different messages. At most 20 characters.
 */
export const messageKey = (id: string, createdAt: Date): string => `${id}-${createdAt.getTime().toString(36)}`

/**
 * The notification outbox, claiming only rows of `channels` (those with a gateway here). A sent
 * row keeps who it went to and why, not its code, link or token.
 */
export const makeNotificationQueue = (channels: ReadonlyArray<VerificationChannel>) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const claim = claimOf(sql, {
      table: "notification_outbox",
      due: (limit) =>
        sql`
          SELECT id FROM notification_outbox
          WHERE state = 'pending' AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until <= now())
            AND channel IN ${sql.in(channels)}
          ORDER BY next_attempt_at, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED`,
      returning: "id, attempts, channel, recipient, purpose, code, link, locale, content, created_at",
      Row: NotificationRow,
      item: (row): OutboundMessage => ({
        id: messageKey(String(row.id), row.createdAt),
        channel: row.channel,
        to: row.recipient,
        purpose: row.purpose,
        locale: row.locale,
        ...(row.code === null ? {} : { code: row.code }),
        ...(row.link === null ? {} : { link: row.link }),
        ...(row.content === null ? {} : "courierName" in row.content ? { parcel: row.content } : { order: row.content })
      })
    })
    const queue: DeliveryQueue<OutboundMessage> = {
      ...outcomes(sql, "notification_outbox", ", code = NULL, link = NULL, token = NULL"),
      claim: (limit, leaseMillis) => channels.length === 0 ? Effect.succeed([]) : claim(limit, leaseMillis)
    }
    return queue
  })

export interface WebhookDelivery {
  readonly eventId: string
  readonly endpoint: string
  readonly type: string
  /** The JSON body, as it was rendered when the event was written. */
  readonly body: string
}

const WebhookRow = Schema.Struct({
  id: IdText,
  attempts: Schema.Number,
  eventId: Schema.String,
  endpoint: Schema.String,
  type: Schema.String,
  payload: Schema.String
})

/** The webhook outbox: the head of each order's (endpoint's) queue only. */
export const makeWebhookQueue = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const queue: DeliveryQueue<WebhookDelivery> = {
    ...outcomes(sql, "webhook_outbox", ""),
    claim: claimOf(sql, {
      table: "webhook_outbox",
      due: (limit) =>
        sql`
          SELECT w.id FROM webhook_outbox w
          WHERE w.state = 'pending' AND w.next_attempt_at <= now() AND (w.lease_until IS NULL OR w.lease_until <= now())
            AND NOT EXISTS (
              SELECT 1 FROM webhook_outbox e
              WHERE e.endpoint = w.endpoint AND e.ordering_key = w.ordering_key AND e.state = 'pending' AND e.id < w.id)
          ORDER BY w.id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED`,
      returning: "id, attempts, event_id, endpoint, type, payload",
      Row: WebhookRow,
      item: (row): WebhookDelivery => ({ eventId: row.eventId, endpoint: row.endpoint, type: row.type, body: row.payload })
    })
  }
  return queue
})

/** Wakes `signal` whenever any instance writes to an outbox (PostgreSQL LISTEN; holds one connection). */
export const listenForOutboxWrites = (signal: Effect.Effect<void>, healthy: Effect.Effect<void> = Effect.void) =>
  Effect.gen(function*() {
    const pg = yield* listeningClient
    const notifications = yield* pg.listen(OUTBOX_CHANNEL)
    // subscribed: the loop is healthy from here on (its state in /ready)
    yield* healthy
    return yield* Effect.forever(Effect.andThen(Queue.take(notifications), signal))
  })
