/**
 * Reconciliation over the memory adapters (docs/payments.md "Reconciliation"), with a bKash
 * stand-in whose answer the test sets: an order past its payment window whose gateway cannot be
 * asked waits (pending, not asked again inside its backoff, one warning), and is paid once the
 * gateway answers that it captured; a reconciliation pass racing the callback applies one capture
 * and writes one `order.paid`.
 */
import { expect, layer } from "@effect/vitest"
import { Effect, Logger, Option } from "effect"
import { OrderRepository } from "../../application/orders/order-repository.ts"
import { GatewayUnavailable, type PaymentGateway } from "../../application/payments/payment-gateway.ts"
import { PaymentsService } from "../../application/payments/payments-service.ts"
import { PaymentStore } from "../../application/payments/payment-store.ts"
import { TokenHasher } from "../../domain/auth/token-hasher.ts"
import type { Order } from "../../domain/order/order.ts"
import type { VerifiedPayment } from "../../domain/payment/settlement.ts"
import { IdGenerator } from "../../domain/shared/id-generator.ts"
import { PaymentSessionId } from "../../domain/shared/ids.ts"
import { asMinorUnits } from "../../domain/shared/money.ts"
import { newOrder } from "../adapters/order-repository-contract.ts"
import { memoryBuyingServicesWith } from "../support/memory-buying-world.ts"

/** What the stand-in answers about a payment: unreachable, nothing captured, or a capture of `amount`. */
let answer: "unreachable" | "nothing" | { readonly amount: number } = "unreachable"
let asked = 0
const gateway: PaymentGateway = {
  provider: "bkash",
  startPayment: () => Effect.die("not used"),
  verifyPayment: (session) => gateway.queryPayment(session),
  queryPayment: (session) =>
    Effect.suspend(() => {
      asked++
      if (answer === "unreachable") return Effect.fail(new GatewayUnavailable({ provider: "bkash", reason: "query: HTTP 503", httpStatus: 503 }))
      const paid: VerifiedPayment = answer === "nothing"
        ? { outcome: "pending", transactionId: "", amount: asMinorUnits(0), currency: "BDT", details: {} }
        : { outcome: "paid", transactionId: `trx-${session.id}`, amount: asMinorUnits(answer.amount), currency: "BDT", details: { paymentID: session.gatewayReference } }
      return Effect.succeed(paid)
    }),
  refund: () => Effect.die("not used"),
  refundStatus: () => Effect.die("not used")
}

/** A prepaid order placed `minutesAgo`, with a bKash session opened then. */
const orderWithSession = (minutesAgo: number) =>
  Effect.gen(function*() {
    const placedAt = new Date(Date.now() - minutesAgo * 60_000)
    const placed = yield* newOrder("cus_reconcile", "shop_a", placedAt.toISOString())
    const order: Order = { ...placed, paymentMethod: "prepaid" }
    yield* (yield* OrderRepository).insert(order, yield* (yield* TokenHasher).hash("token"))
    const sessionId = PaymentSessionId.make(yield* (yield* IdGenerator).next("pay"))
    yield* (yield* PaymentStore).insertSession({
      id: sessionId, orderId: order.id, provider: "bkash", status: "pending", amount: order.total, currency: "BDT",
      returnUrl: "https://shop.example/thanks", redirectUrl: "https://bkash.example/pay", gatewayReference: `TR-${sessionId}`,
      expiresAt: new Date(placedAt.getTime() + 30 * 60_000), createdAt: placedAt, completedAt: null
    })
    return { order, sessionId }
  })

const paymentStatusOf = (order: Order) =>
  Effect.map(Effect.flatMap(OrderRepository, (orders) => orders.findForUpdate(order.id)), Option.map((stored) => [stored.order.status, stored.order.paymentStatus]))

const warningsIn = (lines: ReadonlyArray<string>) => lines.filter((line) => line.includes("cannot be asked"))

layer(memoryBuyingServicesWith({ gateways: Effect.succeed([gateway]) }), { excludeTestServices: true })("reconciliation (memory adapters)", (it) => {
  it.effect("an order past its window whose gateway cannot be asked waits, warned once, then takes the capture the gateway reports", () =>
    Effect.gen(function*() {
      const lines: Array<string> = []
      const logged = Logger.layer([Logger.make(({ message }) => void lines.push(Array.isArray(message) ? message.join(" ") : String(message)))])
      const payments = yield* PaymentsService
      const { order, sessionId } = yield* orderWithSession(40)
      answer = "unreachable"
      const first = yield* payments.expireUnpaid().pipe(Effect.provide(logged))
      expect(first).toMatchObject({ expired: 0, waiting: 1 })
      const askedBefore = asked
      expect((yield* payments.expireUnpaid().pipe(Effect.provide(logged))).waiting).toBe(1)
      expect(asked).toBe(askedBefore)
      expect(yield* paymentStatusOf(order)).toEqual(Option.some(["pending", "unpaid"]))
      // past the backoff, still unreachable: asked again, not warned again
      const store = yield* PaymentStore
      yield* store.checkLater(sessionId, new Date(Date.now() - 1), true)
      yield* payments.expireUnpaid().pipe(Effect.provide(logged))
      expect(asked).toBe(askedBefore + 1)
      expect(warningsIn(lines)).toHaveLength(1)
      // the gateway answers: it captured the whole total
      yield* store.checkLater(sessionId, new Date(Date.now() - 1), true)
      answer = { amount: order.total }
      expect((yield* payments.expireUnpaid()).expired).toBe(0)
      expect(yield* paymentStatusOf(order)).toEqual(Option.some(["pending", "paid"]))
      expect((yield* store.capturesOf(order.id, "applied")).length).toBe(1)
    }))

  it.effect("the reconciliation pass racing the callback: one capture applied, the order paid once", () =>
    Effect.gen(function*() {
      const payments = yield* PaymentsService
      const { order, sessionId } = yield* orderWithSession(6)
      answer = { amount: order.total }
      yield* Effect.all([
        payments.reconcile(),
        payments.complete("bkash", sessionId, { fields: {} }),
        payments.reconcile()
      ], { concurrency: 3 })
      const store = yield* PaymentStore
      expect((yield* store.capturesOf(order.id, "applied")).length).toBe(1)
      expect((yield* store.capturesOf(order.id, "refund_pending")).length).toBe(0)
      expect(yield* paymentStatusOf(order)).toEqual(Option.some(["pending", "paid"]))
      expect(Option.map(yield* store.findSession(sessionId), (session) => session.status)).toEqual(Option.some("paid"))
    }))

  it.effect("an order whose gateway says nothing was captured expires", () =>
    Effect.gen(function*() {
      const payments = yield* PaymentsService
      const { order } = yield* orderWithSession(40)
      answer = "nothing"
      yield* payments.expireUnpaid()
      expect(yield* paymentStatusOf(order)).toEqual(Option.some(["cancelled", "unpaid"]))
    }))
})
