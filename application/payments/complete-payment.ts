/**
 * Use case: a gateway's callback (the shopper's redirect or a server notification) for one of
 * our sessions. The callback only names the session; the gateway is then asked server to server
 * (PaymentGateway.verifyPayment) and its answer settled against the order (domain settle) with
 * the order and the session locked, so duplicates and races end in one applied capture (and one
 * `order.paid` event, written in the same unit of work). Money the order cannot take is recorded
 * as a capture to refund and refunded after the commit.
 */
import { Clock, Effect, Option } from "effect"
import { PaymentSessionNotFound } from "../../domain/payment/errors/payment-errors.ts"
import type { PaymentCapture } from "../../domain/payment/payment-capture.ts"
import type { PaymentProvider, PaymentSession } from "../../domain/payment/payment-session.ts"
import { settle, type VerifiedPayment } from "../../domain/payment/settlement.ts"
import { isBookable } from "../../domain/order/tracking.ts"
import type { PaymentSessionId } from "../../domain/shared/ids.ts"
import type { GatewayCallback } from "./payment-gateway.ts"
import type { PaymentsPorts } from "./payments-ports.ts"
import { refundCapture } from "./refunds.ts"

const captureOf = (id: string, session: PaymentSession, payment: VerifiedPayment, now: Date) => ({
  id,
  sessionId: session.id,
  orderId: session.orderId,
  provider: session.provider,
  transactionId: payment.transactionId,
  amount: payment.amount,
  currency: payment.currency,
  details: payment.details,
  createdAt: now,
  refundedAt: null
})

/** Settles a verified payment of the session; the session afterwards and the capture to refund, if any. */
export const settlePayment = (ports: PaymentsPorts, sessionId: PaymentSessionId, payment: VerifiedPayment) =>
  Effect.gen(function*() {
    const now = new Date(yield* Clock.currentTimeMillis)
    const settled = yield* ports.transactions.atomically(Effect.gen(function*() {
      const current = yield* ports.payments.findSession(sessionId)
      if (Option.isNone(current)) return yield* new PaymentSessionNotFound({ sessionId })
      // the order first, then the session: the order as cancellation locks them
      const stored = yield* ports.orders.findForUpdate(current.value.orderId)
      const locked = yield* ports.payments.findSessionForUpdate(sessionId)
      if (Option.isNone(stored) || Option.isNone(locked)) return yield* new PaymentSessionNotFound({ sessionId })
      const settlement = settle(stored.value.order, locked.value, payment, now)
      switch (settlement._tag) {
        case "Unchanged":
          return { session: locked.value, refund: null }
        case "Closed":
          yield* ports.payments.updateSession(settlement.session)
          return { session: settlement.session, refund: null }
        case "Captured": {
          const capture: PaymentCapture = { ...captureOf(yield* ports.ids.next("cap"), locked.value, payment, now), disposition: "applied", reason: "" }
          // the database refuses a second capture of this gateway transaction or of this order
          if (!(yield* ports.payments.insertCapture(capture))) return { session: locked.value, refund: null }
          yield* ports.payments.updateSession(settlement.session)
          yield* ports.orders.updateState(settlement.order)
          // a capture the gateway flags as risky is held: the back office hears it, and nothing ships it until a person decides
          const held = settlement.order.paymentStatus === "on_hold"
          yield* ports.events.publish({ type: held ? "order.payment_held" : "order.paid", order: settlement.order })
          // paid (not held): its parcel is booked now (fulfilment/book-parcel.ts)
          if (Option.isSome(ports.shipments) && isBookable(settlement.order)) yield* ports.shipments.value.release(settlement.order.id)
          yield* Effect.logInfo(held ? "payment captured and held as risky" : "payment captured").pipe(
            Effect.annotateLogs({ orderId: capture.orderId, sessionId, provider: capture.provider })
          )
          return { session: settlement.session, refund: null }
        }
        case "Refund": {
          const capture: PaymentCapture = {
            ...captureOf(yield* ports.ids.next("cap"), locked.value, payment, now),
            disposition: "refund_pending",
            reason: settlement.reason
          }
          if (!(yield* ports.payments.insertCapture(capture))) return { session: locked.value, refund: null }
          yield* ports.payments.updateSession(settlement.session)
          yield* ports.orders.updateState(settlement.order)
          yield* Effect.logWarning("payment the order cannot take; refunding it").pipe(
            Effect.annotateLogs({ orderId: capture.orderId, sessionId, reason: settlement.reason })
          )
          return { session: settlement.session, refund: capture }
        }
      }
    }))
    if (settled.refund !== null) yield* refundCapture(ports, settled.refund)
    return settled.session
  })

/** A callback of `provider` naming the session: verified with the gateway, then settled. */
export const completePayment = (ports: PaymentsPorts, provider: PaymentProvider, sessionId: PaymentSessionId, callback: GatewayCallback) =>
  Effect.gen(function*() {
    const found = yield* ports.payments.findSession(sessionId)
    const gateway = ports.gateways.get(provider)
    if (Option.isNone(found) || found.value.provider !== provider || gateway === undefined) {
      return yield* new PaymentSessionNotFound({ sessionId })
    }
    const session = found.value
    // a duplicate of a settled callback: nothing to ask
    if (session.status === "paid" || session.status === "refunded" || session.gatewayReference === "") return session
    const payment = yield* gateway.verifyPayment(session, callback)
    return yield* settlePayment(ports, sessionId, payment)
  })
