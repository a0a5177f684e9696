/**
 * A payment session: one attempt to pay an order through a gateway (bKash, SSLCommerz, or the
 * demo gateway of the embedded demo). Its `status`:
 *
 * - `pending` (created, the shopper is at the gateway) → `paid` (a verified capture applied to
 *   the order), `failed` or `cancelled` (as the gateway, asked server to server, says), or
 *   `expired` (the order was cancelled meanwhile, by its customer or by the payment window);
 * - any but `paid` → `refunded` when money was captured that the order cannot take (it was paid
 *   by another session, cancelled, or the amount differs): the capture is refunded or flagged.
 *
 * `paid` and `refunded` are final; a duplicate callback changes nothing.
 */
import { Schema } from "effect"
import { OrderId, PaymentSessionId } from "../shared/ids.ts"
import { MinorUnits } from "../shared/money.ts"

/** The shop currency (docs/contract/conventions.md leaves it unnamed; the gateways here are Bangladeshi). */
export const SHOP_CURRENCY = "BDT"

export const PaymentProvider = Schema.Literals(["bkash", "sslcommerz", "demo"])
export type PaymentProvider = typeof PaymentProvider.Type

export const PAYMENT_SESSION_STATUSES = ["pending", "paid", "failed", "cancelled", "expired", "refunded"] as const
export const PaymentSessionStatus = Schema.Literals(PAYMENT_SESSION_STATUSES)
export type PaymentSessionStatus = typeof PaymentSessionStatus.Type

export const PaymentSession = Schema.Struct({
  id: PaymentSessionId,
  orderId: OrderId,
  provider: PaymentProvider,
  status: PaymentSessionStatus,
  amount: MinorUnits,
  currency: Schema.String,
  /** Where the shopper goes back to afterwards (an allowed origin). */
  returnUrl: Schema.String,
  /** Where the shopper pays: the gateway's page; `""` until the gateway answered. */
  redirectUrl: Schema.String,
  /** The gateway's id of this payment (bKash paymentID, SSLCommerz session key); `""` until known. */
  gatewayReference: Schema.String,
  expiresAt: Schema.Date,
  createdAt: Schema.Date,
  completedAt: Schema.NullOr(Schema.Date)
})
export type PaymentSession = typeof PaymentSession.Type

export const isSessionOpen = (session: Pick<PaymentSession, "status">): boolean => session.status === "pending"
