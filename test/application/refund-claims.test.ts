/**
 * A refund reaches its gateway once at a time: the request that cancelled a paid order claims the
 * refund before it asks, so the payment job's retry pass, running while that gateway call is
 * still waiting for an answer, leaves it alone; a refund the gateway failed is retried by the job
 * only after its backoff, and then once. Over the memory stores, with a gateway fake that keeps
 * every refund it was asked for and answers when the test lets it.
 */
import { expect, layer } from "@effect/vitest"
import { Deferred, Effect, Fiber, Option } from "effect"
import { OrderRepository } from "../../application/orders/order-repository.ts"
import { GatewayUnavailable, type PaymentGateway } from "../../application/payments/payment-gateway.ts"
import { PaymentsService } from "../../application/payments/payments-service.ts"
import { PaymentStore } from "../../application/payments/payment-store.ts"
import { TokenHasher } from "../../domain/auth/token-hasher.ts"
import type { Order } from "../../domain/order/order.ts"
import type { PaymentCapture } from "../../domain/payment/payment-capture.ts"
import { IdGenerator } from "../../domain/shared/id-generator.ts"
import { PaymentSessionId } from "../../domain/shared/ids.ts"
import { newOrder } from "../adapters/order-repository-contract.ts"
import { memoryBuyingServicesWith } from "../support/memory-buying-world.ts"

type Answer = "refunded" | "unavailable"

/** A bKash stand-in: each refund asked is kept; it answers with the next queued answer once released. */
const refundsAsked: Array<string> = []
const answers: Array<{ readonly answer: Answer; readonly release: Deferred.Deferred<void> }> = []
const gateway: PaymentGateway = {
  provider: "bkash",
  startPayment: () => Effect.die("not used"),
  verifyPayment: () => Effect.die("not used"),
  queryPayment: () => Effect.die("not used"),
  refund: (capture) =>
    Effect.gen(function*() {
      refundsAsked.push(capture.id)
      const next = answers.shift()
      if (next === undefined) return yield* Effect.die(`no answer queued for refund ${capture.id}`)
      yield* Deferred.await(next.release)
      if (next.answer === "unavailable") return yield* new GatewayUnavailable({ provider: "bkash", reason: "refund: no answer" })
      return { status: "refunded" as const, details: {} }
    }),
  // nothing reached this stand-in's books before: the retry sends the refund
  refundStatus: () => Effect.succeed("none" as const)
}

const queueAnswer = (answer: Answer) =>
  Effect.map(Deferred.make<void>(), (release) => {
    answers.push({ answer, release })
    return release
  })

const TOKEN = "order-token-of-the-guest-who-paid"

/** A prepaid order paid through bKash ten minutes ago: the order and its applied capture. */
const paidOrder = Effect.gen(function*() {
  const paidAt = new Date(Date.now() - 10 * 60_000)
  const placed = yield* newOrder("cus_refund", "shop_a", paidAt.toISOString())
  const order: Order = { ...placed, paymentMethod: "prepaid", paymentStatus: "paid", amountPaid: placed.total }
  yield* (yield* OrderRepository).insert(order, yield* (yield* TokenHasher).hash(TOKEN))
  const ids = yield* IdGenerator
  const sessionId = PaymentSessionId.make(yield* ids.next("pay"))
  const payments = yield* PaymentStore
  yield* payments.insertSession({
    id: sessionId, orderId: order.id, provider: "bkash", status: "paid", amount: order.total, currency: "BDT",
    returnUrl: "https://shop.example/thanks", redirectUrl: "", gatewayReference: "TR0001", expiresAt: paidAt, createdAt: paidAt, completedAt: paidAt
  })
  const capture: PaymentCapture = {
    id: yield* ids.next("cap"), sessionId, orderId: order.id, provider: "bkash", transactionId: `trx-${sessionId}`,
    amount: order.total, currency: "BDT", details: { paymentID: "TR0001" }, disposition: "applied", reason: "", createdAt: paidAt, refundedAt: null
  }
  expect(yield* payments.insertCapture(capture)).toBe(true)
  return { order, capture }
})

const cancel = (order: Order) =>
  Effect.flatMap(PaymentsService, (payments) => payments.cancelOrder(order.id, { shopIds: [order.shopId], customerId: null, orderToken: TOKEN }))

const jobPass = Effect.flatMap(PaymentsService, (payments) => payments.expireUnpaid())

const paymentStatusOf = (order: Order) =>
  Effect.map(Effect.flatMap(OrderRepository, (orders) => orders.findForUpdate(order.id)), Option.map((stored) => stored.order.paymentStatus))

/** Waits until the gateway has been asked `count` refunds in all. */
const gatewayAsked = (count: number) => Effect.repeat(Effect.sync(() => refundsAsked.length), { until: (asked) => asked >= count })

layer(memoryBuyingServicesWith({ gateways: Effect.succeed([gateway]) }), { excludeTestServices: true })("refund claims (memory adapters)", (it) => {
  it.effect("the job's pass while the cancelling request waits on the gateway does not ask for the refund again", () =>
    Effect.gen(function*() {
      const { order, capture } = yield* paidOrder
      const before = refundsAsked.length
      const release = yield* queueAnswer("refunded")
      const cancelling = yield* Effect.forkChild(cancel(order))
      yield* gatewayAsked(before + 1)
      const pass = yield* jobPass
      expect(pass.refundsRetried).toBe(0)
      expect(refundsAsked.slice(before)).toEqual([capture.id])
      yield* Deferred.succeed(release, undefined)
      const cancelled = yield* Fiber.join(cancelling)
      expect(cancelled).toMatchObject({ status: "cancelled", paymentStatus: "refunded" })
      expect((yield* jobPass).refundsRetried).toBe(0)
      expect(refundsAsked.slice(before)).toEqual([capture.id])
    }))

  it.effect("a refund the gateway failed waits for its backoff: the next pass leaves it, the order shows refund_pending", () =>
    Effect.gen(function*() {
      const { order, capture } = yield* paidOrder
      const before = refundsAsked.length
      yield* Deferred.succeed(yield* queueAnswer("unavailable"), undefined)
      expect(yield* cancel(order)).toMatchObject({ status: "cancelled", paymentStatus: "refund_pending" })
      expect((yield* jobPass).refundsRetried).toBe(0)
      expect(refundsAsked.slice(before)).toEqual([capture.id])
      expect(yield* paymentStatusOf(order)).toEqual(Option.some("refund_pending"))
      // past the backoff (the claim deferred to a time already gone), the job asks once and it is refunded
      yield* (yield* PaymentStore).deferRefund(capture.id, new Date(Date.now() - 1))
      yield* Deferred.succeed(yield* queueAnswer("refunded"), undefined)
      expect((yield* jobPass).refundsRetried).toBe(1)
      expect(refundsAsked.slice(before)).toEqual([capture.id, capture.id])
      expect(yield* paymentStatusOf(order)).toEqual(Option.some("refunded"))
    }))
})
