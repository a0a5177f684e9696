/**
 * The states an order moves through in this service and the moves between them (written down in
 * docs/payments.md "States"):
 *
 * - `status`: `pending` (placed) → `cancelled`, by its customer while pending, or by the expiry
 *   of a prepaid order still unpaid after the payment window. `cancelled` is final. With a courier
 *   (domain/order/tracking.ts): `pending` → `processing` (booked) → `shipped` (picked up) →
 *   `delivered` or `returned`; a `processing` order may still be cancelled until its pickup.
 * - `paymentStatus`: `unpaid` → `paid` (a verified capture of the whole total), or `on_hold`
 *   (such a capture the gateway flags as risky: held for a person to decide);
 *   `paid` or `on_hold` → `refund_pending` when the order is cancelled, or `unpaid` → `refund_pending` when
 *   money arrives for an order already cancelled; `refund_pending` → `refunded` once the gateway
 *   refunded it (it stays `refund_pending`, flagged, where refunds are manual or failed).
 */
import { Result, Schema } from "effect"
import { isBeforePickup, type TrackingStatus } from "./tracking.ts"
import { OrderId } from "../shared/ids.ts"
import { asMinorUnits } from "../shared/money.ts"
import type { CancellationReason, Order } from "./order.ts"

export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "returned", "cancelled"] as const
export const PAYMENT_STATUSES = ["unpaid", "paid", "on_hold", "refund_pending", "refunded"] as const

/** Only a pending order, or a booked one not yet picked up, can be cancelled (409 `order_not_cancellable`). */
export class OrderNotCancellable extends Schema.TaggedError<OrderNotCancellable>()("OrderNotCancellable", {
  orderId: OrderId,
  status: Schema.String
}) {}

export type Cancellation =
  /**
   * The order is cancelled now: its stock and coupon use go back; `refundDue` when it was paid;
   * `booked` when a courier holds a booking for it (cancelled at the courier, or flagged).
   */
  | { readonly _tag: "Cancelled"; readonly order: Order; readonly refundDue: boolean; readonly booked: boolean }
  /** It was cancelled before: nothing changes (a repeated cancel is answered with the order). */
  | { readonly _tag: "AlreadyCancelled"; readonly order: Order }

export const cancelOrder = (order: Order, reason: CancellationReason, now: Date): Result.Result<Cancellation, OrderNotCancellable> => {
  if (order.status === "cancelled") return Result.succeed({ _tag: "AlreadyCancelled", order })
  const booked = order.status === "processing" && isBeforePickup(order.tracking.status as TrackingStatus | "")
  if (order.status !== "pending" && !booked) {
    return Result.fail(new OrderNotCancellable({ orderId: order.id, status: order.status }))
  }
  const refundDue = holdsCapture(order)
  return Result.succeed({
    _tag: "Cancelled",
    refundDue,
    booked,
    order: {
      ...order,
      status: "cancelled",
      cancellation: { at: now, reason },
      paymentStatus: refundDue ? "refund_pending" : order.paymentStatus
    }
  })
}

/** A prepaid order placed and not yet paid: payable, and cancelled when its payment window ends. */
export const isAwaitingPayment = (order: Pick<Order, "status" | "paymentMethod" | "paymentStatus">): boolean =>
  order.status === "pending" && order.paymentMethod === "prepaid" && order.paymentStatus === "unpaid"

/** When an unpaid prepaid order expires: `ttlMinutes` (PAYMENT_TTL_MINUTES) after it was placed. */
export const paymentDeadline = (order: Pick<Order, "createdAt">, ttlMinutes: number): Date =>
  new Date(order.createdAt.getTime() + ttlMinutes * 60_000)

/** A verified capture of the whole total; `held` when the gateway flags it as risky (`on_hold`: a person decides). */
export const markPaid = (order: Order, held = false): Order => ({ ...order, paymentStatus: held ? "on_hold" : "paid", amountPaid: order.total })

/** The order holds a capture applied to it (paid, or held as risky). */
export const holdsCapture = (order: Pick<Order, "paymentStatus">): boolean => order.paymentStatus === "paid" || order.paymentStatus === "on_hold"

/** Money arrived that must go back (a payment after the order was cancelled). */
export const flagRefund = (order: Order): Order =>
  holdsCapture(order) ? order : { ...order, paymentStatus: "refund_pending" }

/** The gateway gave the money back: the shop holds none of it (`amountPaid` 0). */
export const markRefunded = (order: Order): Order =>
  order.paymentStatus === "refund_pending" ? { ...order, paymentStatus: "refunded", amountPaid: asMinorUnits(0) } : order
