/**
 * Use case: POST /orders/{orderId}/cancel, and the expiry of an unpaid prepaid order. With the
 * order locked: a pending order (or a booked one before pickup) becomes cancelled, its lines go back into stock (and off the
 * sales counts), its coupon use is given back, its open payment sessions expire and, when it was
 * paid, its capture is marked for refund. A cancelled order is answered as it is, so 20 parallel
 * cancels release the stock once. The refund itself is asked of the gateway after the commit
 * (payments/refunds.ts); until it succeeds the order shows `refund_pending`. The back office hears
 * `order.cancelled` from the same unit of work (EventOutbox).
 */
import { Clock, Effect, Option } from "effect"
import type { CancellationReason, Order } from "../../domain/order/order.ts"
import { cancelOrder } from "../../domain/order/order-lifecycle.ts"
import type { OrderId } from "../../domain/shared/ids.ts"
import type { PaymentsPorts } from "./payments-ports.ts"
import { refundCapturesOf } from "./refunds.ts"
import { lockOwnedOrder, type OrderRequester } from "./order-access.ts"

/** Cancels the locked order (inside the caller's unit of work); `true` when it changed now. */
export const cancelLockedOrder = (ports: PaymentsPorts, order: Order, reason: CancellationReason, now: Date) =>
  Effect.gen(function*() {
    const cancellation = yield* Effect.fromResult(cancelOrder(order, reason, now))
    if (cancellation._tag === "AlreadyCancelled") return { order: cancellation.order, changed: false, refundDue: false, booked: false }
    yield* ports.inventory.releaseStock(order.lines.map((line) => ({
      variantId: line.variantId,
      productId: line.productId,
      quantity: line.quantity
    })))
    if (order.couponCode !== "") yield* ports.coupons.releaseUse(order.shopId, order.couponCode)
    yield* ports.orders.updateState(cancellation.order)
    yield* ports.events.publish({ type: "order.cancelled", order: cancellation.order })
    for (const session of yield* ports.payments.openSessionsOf(order.id)) {
      yield* ports.payments.updateSession({ ...session, status: "expired", completedAt: now })
    }
    if (cancellation.refundDue) {
      for (const capture of yield* ports.payments.capturesOf(order.id, "applied")) {
        yield* ports.payments.updateCapture({ ...capture, disposition: "refund_pending", reason: "order_cancelled" })
      }
    }
    return { order: cancellation.order, changed: true, refundDue: cancellation.refundDue, booked: cancellation.booked }
  })

export const cancelCustomerOrder = (ports: PaymentsPorts, orderId: OrderId, requester: OrderRequester) =>
  Effect.gen(function*() {
    const now = new Date(yield* Clock.currentTimeMillis)
    const cancelled = yield* ports.transactions.atomically(Effect.gen(function*() {
      const order = yield* lockOwnedOrder(ports, orderId, requester)
      return yield* cancelLockedOrder(ports, order, "customer", now)
    }))
    // booked before pickup: cancelled at the courier, or flagged for the back office
    if (cancelled.booked && Option.isSome(ports.fulfilment)) yield* ports.fulfilment.value.cancelBooking(orderId)
    if (!cancelled.refundDue) return cancelled.order
    return yield* refundCapturesOf(ports, orderId)
  })
