/**
 * Giving captured money back: each capture marked `refund_pending` is refunded through its
 * gateway; on success the capture becomes `refunded` and, once none of the order's is pending any
 * more, the order's `refund_pending` becomes `refunded`. The refund is claimed before the gateway
 * is asked (PaymentStore.claimRefund), so the request that marked it and the payment job's retry
 * never both send it; the claim outlasts the gateway's time-out, and one left by a crash expires.
 * A gateway that cannot refund (manual), fails, or says the refund is `processing` leaves the
 * capture `refund_pending`: flagged, logged, and retried by the payment job once its claim is
 * deferred past, never dropped; the retry asks the gateway what became of the refund first.
 */
import { Clock, Effect, Option } from "effect"
import type { Order } from "../../domain/order/order.ts"
import { markRefunded } from "../../domain/order/order-lifecycle.ts"
import type { PaymentCapture } from "../../domain/payment/payment-capture.ts"
import type { OrderId } from "../../domain/shared/ids.ts"
import type { GatewayUnavailable } from "./payment-gateway.ts"
import type { PaymentsPorts } from "./payments-ports.ts"

/** How long a claimant may take to hear the gateway's answer (its calls time out well before). */
export const REFUND_CLAIM_MILLIS = 5 * 60_000
/** When a failed (or processing) refund is asked about again. */
export const REFUND_RETRY_AFTER_MILLIS = 60_000
/** When a refund no gateway can make (a person's) is logged again. */
export const MANUAL_REFUND_REMINDER_MILLIS = 60 * 60_000

/** What became of one refund asked: `claimed` when another claimant has it. */
export type RefundOutcome = "refunded" | "processing" | "manual" | "failed" | "claimed"

/**
 * Refunds one capture through its gateway. `askFirst` (the payment job's retry, where an earlier
 * request may have reached the gateway and its answer been lost, or the gateway said
 * `processing`): the gateway is asked what became of the refund before it is asked again, so a
 * refund done is settled as refunded and never sent twice.
 */
export const refundCapture = (ports: PaymentsPorts, capture: PaymentCapture, askFirst = false) =>
  Effect.gen(function*() {
    const claimedAt = yield* Clock.currentTimeMillis
    const claimed = yield* ports.payments.claimRefund(capture.id, new Date(claimedAt), new Date(claimedAt + REFUND_CLAIM_MILLIS))
    if (!claimed) return "claimed" as const
    const gateway = ports.gateways.get(capture.provider)
    const asked: Effect.Effect<{ readonly outcome: RefundOutcome; readonly details: Readonly<Record<string, string>> }, GatewayUnavailable> =
      gateway === undefined ? Effect.succeed({ outcome: "manual", details: {} }) : Effect.gen(function*() {
        const known = askFirst ? yield* gateway.refundStatus(capture) : "none"
        if (known !== "none") return { outcome: known, details: {} }
        const result = yield* gateway.refund(capture)
        return result.status === "manual" ? { outcome: "manual", details: {} } : { outcome: result.status, details: result.details }
      })
    const { details, outcome } = yield* asked.pipe(
      Effect.catchTag("GatewayUnavailable", (error) =>
        Effect.logWarning("payment refund failed; the capture stays refund_pending").pipe(
          Effect.annotateLogs({ captureId: capture.id, provider: capture.provider, reason: error.reason }),
          Effect.as({ outcome: "failed" as const, details: {} })
        ))
    )
    const kept: PaymentCapture = Object.keys(details).length === 0 ? capture : { ...capture, details: { ...capture.details, ...details } }
    if (kept !== capture) yield* ports.payments.updateCapture(kept)
    if (outcome !== "refunded") {
      const wait = outcome === "manual" ? MANUAL_REFUND_REMINDER_MILLIS : REFUND_RETRY_AFTER_MILLIS
      yield* ports.payments.deferRefund(capture.id, new Date((yield* Clock.currentTimeMillis) + wait))
      if (outcome === "manual") {
        yield* Effect.logWarning("payment capture flagged for a manual refund").pipe(
          Effect.annotateLogs({ captureId: capture.id, orderId: capture.orderId, provider: capture.provider })
        )
      }
      return outcome
    }
    const now = new Date(yield* Clock.currentTimeMillis)
    yield* ports.transactions.atomically(Effect.gen(function*() {
      const stored = yield* ports.orders.findForUpdate(capture.orderId)
      yield* ports.payments.updateCapture({ ...kept, disposition: "refunded", refundedAt: now })
      const stillDue = yield* ports.payments.capturesOf(capture.orderId, "refund_pending")
      if (Option.isSome(stored) && stillDue.length === 0) {
        yield* ports.orders.updateState(markRefunded(stored.value.order))
      }
    }))
    return outcome
  })

/** Refunds every capture of the order marked for refund; the order as it is afterwards. */
export const refundCapturesOf = (ports: PaymentsPorts, orderId: OrderId): Effect.Effect<Order, import("../shared/store-unavailable.ts").StoreUnavailable> =>
  Effect.gen(function*() {
    for (const capture of yield* ports.payments.capturesOf(orderId, "refund_pending")) yield* refundCapture(ports, capture)
    const stored = yield* ports.orders.findForUpdate(orderId)
    if (Option.isNone(stored)) return yield* Effect.die(new Error(`order ${orderId} vanished during its refund`))
    return stored.value.order
  })
