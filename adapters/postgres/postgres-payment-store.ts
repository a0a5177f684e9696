/**
 * PaymentStore over `payment_sessions` and `payment_captures` (migration 0011), through
 * store-query.ts: requests encoded and rows decoded by the domain's schemas (a row that does not
 * decode is a defect). A capture is inserted with ON CONFLICT DO NOTHING, so a gateway
 * transaction, a session's capture and an order's applied capture each exist once whatever races.
 */
import { Effect, Layer, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { PaymentStore } from "../../application/payments/payment-store.ts"
import { CaptureDisposition, PaymentCapture } from "../../domain/payment/payment-capture.ts"
import { PaymentSession } from "../../domain/payment/payment-session.ts"
import { OrderId, PaymentSessionId } from "../../domain/shared/ids.ts"
import { execute, findAll, findOne } from "./store-query.ts"

const SESSION_COLUMNS = `id, order_id, provider, status, amount::float8 AS amount, currency, return_url, redirect_url,
  gateway_reference, expires_at, created_at, completed_at`
const CAPTURE_COLUMNS = `id, session_id, order_id, provider, transaction_id, amount::float8 AS amount, currency,
  details::text AS details, disposition, reason, created_at, refunded_at`

const CaptureRow = Schema.Struct({ ...PaymentCapture.fields, details: Schema.fromJsonString(PaymentCapture.fields.details) })

export const makePostgresPaymentStore = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const sessionColumns = sql.literal(SESSION_COLUMNS)
  const captureColumns = sql.literal(CAPTURE_COLUMNS)

  const insertSession = execute({
    Request: PaymentSession,
    execute: (s) => sql`
      INSERT INTO payment_sessions (id, order_id, provider, status, amount, currency, return_url, redirect_url,
        gateway_reference, expires_at, created_at, completed_at)
      VALUES (${s.id}, ${s.orderId}, ${s.provider}, ${s.status}, ${s.amount}, ${s.currency}, ${s.returnUrl},
        ${s.redirectUrl}, ${s.gatewayReference}, ${s.expiresAt}, ${s.createdAt}, ${s.completedAt})`
  })
  const updateSession = execute({
    Request: PaymentSession,
    execute: (s) => sql`
      UPDATE payment_sessions SET status = ${s.status}, redirect_url = ${s.redirectUrl},
        gateway_reference = ${s.gatewayReference}, completed_at = ${s.completedAt}
      WHERE id = ${s.id}`
  })
  const findSession = (lock: boolean) =>
    findOne({
      Request: PaymentSessionId,
      Result: PaymentSession,
      execute: (id) => sql`SELECT ${sessionColumns} FROM payment_sessions WHERE id = ${id} ${sql.literal(lock ? "FOR UPDATE" : "")}`
    })
  const openSessionsOf = findAll({
    Request: OrderId,
    Result: PaymentSession,
    execute: (orderId) =>
      sql`SELECT ${sessionColumns} FROM payment_sessions WHERE order_id = ${orderId} AND status = 'pending' ORDER BY id FOR UPDATE`
  })
  const insertCapture = findAll({
    Request: CaptureRow,
    Result: Schema.Struct({ id: Schema.String }),
    execute: (c) => sql`
      INSERT INTO payment_captures (id, session_id, order_id, provider, transaction_id, amount, currency, details,
        disposition, reason, created_at, refunded_at)
      VALUES (${c.id}, ${c.sessionId}, ${c.orderId}, ${c.provider}, ${c.transactionId}, ${c.amount}, ${c.currency},
        ${c.details}::jsonb, ${c.disposition}, ${c.reason}, ${c.createdAt}, ${c.refundedAt})
      ON CONFLICT DO NOTHING
      RETURNING id`
  })
  const updateCapture = execute({
    Request: CaptureRow,
    execute: (c) => sql`
      UPDATE payment_captures SET disposition = ${c.disposition}, reason = ${c.reason}, refunded_at = ${c.refundedAt},
        details = ${c.details}::jsonb
      WHERE id = ${c.id}`
  })
  const sessionsOf = findAll({
    Request: OrderId,
    Result: PaymentSession,
    execute: (orderId) => sql`SELECT ${sessionColumns} FROM payment_sessions WHERE order_id = ${orderId} ORDER BY created_at, id`
  })
  const sessionsToCheck = findAll({
    Request: Schema.Struct({ now: Schema.Date, openedBefore: Schema.Date, limit: Schema.Int }),
    Result: PaymentSession,
    execute: ({ limit, now, openedBefore }) => sql`
      SELECT ${sessionColumns} FROM payment_sessions
      WHERE status = 'pending' AND gateway_reference <> '' AND created_at <= ${openedBefore}
        AND (check_at IS NULL OR check_at <= ${now})
      ORDER BY coalesce(check_at, created_at), id LIMIT ${limit}`
  })
  const checkState = findAll({
    Request: PaymentSessionId,
    Result: Schema.Struct({ checkAt: Schema.NullOr(Schema.Date), checkFailures: Schema.Number }),
    execute: (id) => sql`SELECT check_at, check_failures FROM payment_sessions WHERE id = ${id}`
  })
  const checkLater = findAll({
    Request: Schema.Struct({ id: PaymentSessionId, at: Schema.Date, failed: Schema.Boolean }),
    Result: Schema.Struct({ checkFailures: Schema.Number }),
    execute: ({ at, failed, id }) => sql`
      UPDATE payment_sessions SET check_at = ${at},
        check_failures = CASE WHEN ${failed} THEN check_failures + 1 ELSE 0 END
      WHERE id = ${id}
      RETURNING check_failures`
  })
  const capturesOf = findAll({
    Request: Schema.Struct({ orderId: OrderId, disposition: CaptureDisposition }),
    Result: CaptureRow,
    execute: ({ orderId, disposition }) => sql`
      SELECT ${captureColumns} FROM payment_captures WHERE order_id = ${orderId} AND disposition = ${disposition}
      ORDER BY created_at, id`
  })
  const refundsDue = findAll({
    Request: Schema.Struct({ now: Schema.Date, limit: Schema.Int }),
    Result: CaptureRow,
    execute: ({ limit, now }) => sql`
      SELECT ${captureColumns} FROM payment_captures
      WHERE disposition = 'refund_pending' AND (refund_claimed_until IS NULL OR refund_claimed_until <= ${now})
      ORDER BY created_at, id LIMIT ${limit}`
  })
  const claimRefund = findAll({
    Request: Schema.Struct({ id: Schema.String, now: Schema.Date, until: Schema.Date }),
    Result: Schema.Struct({ id: Schema.String }),
    execute: ({ id, now, until }) => sql`
      UPDATE payment_captures SET refund_claimed_until = ${until}
      WHERE id = ${id} AND disposition = 'refund_pending' AND (refund_claimed_until IS NULL OR refund_claimed_until <= ${now})
      RETURNING id`
  })
  const deferRefund = execute({
    Request: Schema.Struct({ id: Schema.String, retryAt: Schema.Date }),
    execute: ({ id, retryAt }) => sql`UPDATE payment_captures SET refund_claimed_until = ${retryAt} WHERE id = ${id}`
  })

  return PaymentStore.of({
    insertSession,
    updateSession,
    findSession: findSession(false),
    findSessionForUpdate: findSession(true),
    openSessionsOf,
    insertCapture: (capture) => Effect.map(insertCapture(capture), (rows) => rows.length === 1),
    updateCapture,
    sessionsOf,
    sessionsToCheck: (now, openedBefore, limit) => sessionsToCheck({ now, openedBefore, limit }),
    checkState: (id) =>
      Effect.map(checkState(id), (rows) => ({ at: rows[0]?.checkAt ?? null, failures: rows[0]?.checkFailures ?? 0 })),
    checkLater: (id, at, failed) => Effect.map(checkLater({ id, at, failed }), (rows) => rows[0]?.checkFailures ?? 0),
    capturesOf: (orderId, disposition) => capturesOf({ orderId, disposition }),
    claimRefund: (id, now, until) => Effect.map(claimRefund({ id, now, until }), (rows) => rows.length === 1),
    deferRefund: (id, retryAt) => deferRefund({ id, retryAt }),
    refundsDue: (now, limit) => refundsDue({ now, limit })
  })
})

export const layer = Layer.effect(PaymentStore, makePostgresPaymentStore)
