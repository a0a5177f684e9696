/**
 * The payment job, one pass: every prepaid order still pending and unpaid PAYMENT_TTL_MINUTES
 * after checkout is first reconciled with its gateways (payment-reconciliation.ts: a capture
 * found is settled; while a gateway cannot be asked the order waits), then cancelled
 * (`payment_expired`: its stock and coupon use go back, its open sessions expire), each under its own lock and re-checked there, so a payment settling at the
 * same moment either wins (the order is paid and stays) or finds the order cancelled and is
 * refunded. Then captures still waiting for a refund (a gateway that failed before) are retried
 * once no claim holds them: not while the request that marked one is asking, and not before the
 * backoff a failure left (refunds.ts), the gateway asked first what became of the last request.
 * config/ runs it under the BackgroundLoops supervisor (restart with backoff, health in /ready).
 */
import { Clock, Effect, Option } from "effect"
import { isAwaitingPayment } from "../../domain/order/order-lifecycle.ts"
import { cancelLockedOrder } from "./cancel-order.ts"
import type { PaymentsPorts } from "./payments-ports.ts"
import { reconcileOrder } from "./payment-reconciliation.ts"
import { refundCapture } from "./refunds.ts"

const BATCH = 100

export interface ExpiryPass {
  readonly expired: number
  /** Orders past their window kept pending because a gateway could not be asked about their sessions. */
  readonly waiting: number
  readonly refundsRetried: number
}

export const expireUnpaidOrders = (ports: PaymentsPorts) =>
  Effect.gen(function*() {
    const now = new Date(yield* Clock.currentTimeMillis)
    const placedBefore = new Date(now.getTime() - ports.settings.ttlMinutes * 60_000)
    let expired = 0
    let waiting = 0
    for (const orderId of yield* ports.orders.awaitingPaymentSince(placedBefore, BATCH)) {
      // the gateway may hold money for it although every callback failed: ask first
      if ((yield* reconcileOrder(ports, orderId)) === "wait") {
        waiting++
        continue
      }
      const changed = yield* ports.transactions.atomically(Effect.gen(function*() {
        const stored = yield* ports.orders.findForUpdate(orderId)
        if (Option.isNone(stored) || !isAwaitingPayment(stored.value.order)) return false
        if (stored.value.order.createdAt.getTime() >= placedBefore.getTime()) return false
        return (yield* cancelLockedOrder(ports, stored.value.order, "payment_expired", now)).changed
      }))
      if (changed) expired++
    }
    let refundsRetried = 0
    for (const capture of yield* ports.payments.refundsDue(now, BATCH)) {
      if ((yield* refundCapture(ports, capture, true)) !== "claimed") refundsRetried++
    }
    if (expired > 0) yield* Effect.logInfo("unpaid prepaid orders expired").pipe(Effect.annotateLogs({ expired }))
    const pass: ExpiryPass = { expired, waiting, refundsRetried }
    return pass
  })
