/**
 * What a verified gateway answer does to a payment session and its order (pure; the use case
 * runs it with both rows locked, so a duplicate callback, an IPN racing the redirect and two tabs
 * paying at once are settled one after the other and only one capture is applied):
 *
 * - the session is already `paid` or `refunded`: nothing changes (a duplicate);
 * - the gateway says failed or cancelled: an open session closes so; a closed one stays;
 * - still pending at the gateway: nothing changes;
 * - paid, but not the session's amount and currency, or not the order's total: the capture is
 *   refunded (`amount_mismatch`);
 * - paid while the order cannot take it (already paid through another session, or cancelled):
 *   refunded, and a cancelled order is flagged `refund_pending`;
 * - otherwise the capture is applied: the order is paid, `amountPaid` = total (`on_hold`
 *   instead of `paid` when the gateway flags the capture as risky: a person decides).
 */
import type { Order } from "../order/order.ts"
import { flagRefund, isAwaitingPayment, markPaid } from "../order/order-lifecycle.ts"
import type { PaymentSession } from "./payment-session.ts"
import type { MinorUnits } from "../shared/money.ts"

/** A gateway's own account of a payment, as fetched server to server (never the redirect's query). */
export interface VerifiedPayment {
  readonly outcome: "paid" | "failed" | "cancelled" | "pending"
  /** The gateway's transaction id of a capture (bKash trxID, SSLCommerz bank_tran_id); `""` without one. */
  readonly transactionId: string
  readonly amount: MinorUnits
  readonly currency: string
  /** Anything an adapter must keep to refund it (SSLCommerz val_id ...). */
  readonly details: Readonly<Record<string, string>>
  /** The gateway flags the capture as risky (SSLCommerz `risk_level` 1): the order takes it `on_hold`. */
  readonly risky?: boolean
}

export type RefundReason = "amount_mismatch" | "already_paid" | "order_closed"

export type Settlement =
  | { readonly _tag: "Unchanged" }
  | { readonly _tag: "Closed"; readonly session: PaymentSession }
  | { readonly _tag: "Captured"; readonly session: PaymentSession; readonly order: Order }
  | { readonly _tag: "Refund"; readonly session: PaymentSession; readonly order: Order; readonly reason: RefundReason }

export const settle = (order: Order, session: PaymentSession, payment: VerifiedPayment, now: Date): Settlement => {
  if (session.status === "paid" || session.status === "refunded") return { _tag: "Unchanged" }
  if (payment.outcome === "pending") return { _tag: "Unchanged" }
  if (payment.outcome === "failed" || payment.outcome === "cancelled") {
    return session.status === "pending"
      ? { _tag: "Closed", session: { ...session, status: payment.outcome, completedAt: now } }
      : { _tag: "Unchanged" }
  }
  const refunded = { ...session, status: "refunded" as const, completedAt: now }
  if (payment.amount !== session.amount || payment.currency !== session.currency || session.amount !== order.total) {
    return { _tag: "Refund", session: refunded, order, reason: "amount_mismatch" }
  }
  if (!isAwaitingPayment(order)) {
    return order.status === "cancelled"
      ? { _tag: "Refund", session: refunded, order: flagRefund(order), reason: "order_closed" }
      : { _tag: "Refund", session: refunded, order, reason: "already_paid" }
  }
  return { _tag: "Captured", session: { ...session, status: "paid", completedAt: now }, order: markPaid(order, payment.risky === true) }
}
