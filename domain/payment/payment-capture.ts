/**
 * Money a gateway confirmed it took for a payment session: at most one per session and per
 * gateway transaction. Its `disposition`: `applied` (it paid the order), or `refund_pending`
 * (it must go back: the order could not take it, or was cancelled after it) → `refunded` once
 * the gateway refunded it; where the gateway cannot refund, it stays `refund_pending`: flagged
 * for a person, never dropped.
 */
import { Schema } from "effect"
import { OrderId, PaymentSessionId } from "../shared/ids.ts"
import { MinorUnits } from "../shared/money.ts"
import { PaymentProvider } from "./payment-session.ts"

export const CaptureDisposition = Schema.Literals(["applied", "refund_pending", "refunded"])
export type CaptureDisposition = typeof CaptureDisposition.Type

export const PaymentCapture = Schema.Struct({
  id: Schema.String,
  sessionId: PaymentSessionId,
  orderId: OrderId,
  provider: PaymentProvider,
  /** The gateway's transaction id (bKash trxID, SSLCommerz bank_tran_id, the demo's). */
  transactionId: Schema.String,
  amount: MinorUnits,
  currency: Schema.String,
  /** What the gateway needs to refund it (bKash paymentID, SSLCommerz val_id ...). */
  details: Schema.Record(Schema.String, Schema.String),
  disposition: CaptureDisposition,
  /** Why it is refunded (`amount_mismatch`, `already_paid`, `order_closed`, `order_cancelled`); `""` when applied. */
  reason: Schema.String,
  createdAt: Schema.Date,
  refundedAt: Schema.NullOr(Schema.Date)
})
export type PaymentCapture = typeof PaymentCapture.Type
