/**
 * The contract of every PaymentStore, and of what the OrderRepository does for payments: sessions
 * round-trip and only pending ones are open; a capture is recorded once per session, once per
 * gateway transaction, and at most one applied per order; captures are found by disposition and
 * refunds due oldest first; an order's token hash, state and cancellation round-trip, and prepaid
 * orders awaiting payment are found by age.
 */
import { expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { OrderRepository } from "../../application/orders/order-repository.ts"
import { PaymentStore } from "../../application/payments/payment-store.ts"
import type { Order } from "../../domain/order/order.ts"
import type { PaymentCapture } from "../../domain/payment/payment-capture.ts"
import type { PaymentSession } from "../../domain/payment/payment-session.ts"
import { IdGenerator } from "../../domain/shared/id-generator.ts"
import { PaymentSessionId } from "../../domain/shared/ids.ts"
import { portContract } from "./account-store-fixtures.ts"
import { newOrder } from "./order-repository-contract.ts"

const AT = new Date("2026-03-01T10:00:00.000Z")

const storedOrder = (createdAt = "2026-03-01T09:00:00.000Z", prepaid = true) =>
  Effect.gen(function*() {
    const order: Order = { ...(yield* newOrder("cus_payer", "shop_a", createdAt)), paymentMethod: prepaid ? "prepaid" : "cod" }
    yield* (yield* OrderRepository).insert(order, `hash-${order.id}`)
    return order
  })

const newSession = (order: Order) =>
  Effect.gen(function*() {
    const session: PaymentSession = {
      id: PaymentSessionId.make(yield* (yield* IdGenerator).next("pay")),
      orderId: order.id, provider: "demo", status: "pending", amount: order.total, currency: "BDT",
      returnUrl: "https://shop.example/thanks", redirectUrl: "", gatewayReference: "", expiresAt: AT, createdAt: AT, completedAt: null
    }
    yield* (yield* PaymentStore).insertSession(session)
    return session
  })

const capture = (session: PaymentSession, transactionId: string, disposition: PaymentCapture["disposition"], createdAt = AT) =>
  Effect.gen(function*() {
    const captured: PaymentCapture = {
      id: yield* (yield* IdGenerator).next("cap"), sessionId: session.id, orderId: session.orderId, provider: session.provider,
      transactionId, amount: session.amount, currency: "BDT", details: { ref: transactionId }, disposition,
      reason: disposition === "applied" ? "" : "already_paid", createdAt, refundedAt: null
    }
    return captured
  })

export const paymentStoreContract = portContract(PaymentStore, "PaymentStore", {
  "a session round-trips; its changes are kept; only pending sessions are open": (payments) =>
    Effect.gen(function*() {
      const order = yield* storedOrder()
      const session = yield* newSession(order)
      const other = yield* newSession(order)
      expect(yield* payments.findSession(session.id)).toEqual(Option.some(session))
      const opened = { ...session, redirectUrl: "https://gateway.example/pay/1", gatewayReference: "TR001" }
      yield* payments.updateSession(opened)
      expect(yield* payments.findSessionForUpdate(session.id)).toEqual(Option.some(opened))
      yield* payments.updateSession({ ...other, status: "failed", completedAt: AT })
      expect((yield* payments.openSessionsOf(order.id)).map((open) => open.id)).toEqual([session.id])
      expect(yield* payments.findSession(PaymentSessionId.make("pay_missing"))).toEqual(Option.none())
    }),

  "a capture is recorded once per session, per gateway transaction, and one applied per order": (payments) =>
    Effect.gen(function*() {
      const order = yield* storedOrder()
      const [first, second, third] = [yield* newSession(order), yield* newSession(order), yield* newSession(order)]
      const applied = yield* capture(first, `trx-${first.id}`, "applied")
      expect(yield* payments.insertCapture(applied)).toBe(true)
      expect(yield* payments.insertCapture(yield* capture(first, `trx-other-${first.id}`, "refund_pending"))).toBe(false)
      expect(yield* payments.insertCapture(yield* capture(second, `trx-${first.id}`, "refund_pending"))).toBe(false)
      expect(yield* payments.insertCapture(yield* capture(second, `trx-${second.id}`, "applied"))).toBe(false)
      const refund = yield* capture(third, `trx-${third.id}`, "refund_pending", new Date(AT.getTime() - 1000))
      expect(yield* payments.insertCapture(refund)).toBe(true)
      expect(yield* payments.capturesOf(order.id, "applied")).toEqual([applied])
      expect(yield* payments.capturesOf(order.id, "refund_pending")).toEqual([refund])
      const due = yield* payments.refundsDue(AT, 1000)
      expect(due.some((row) => row.id === refund.id)).toBe(true)
      expect(due.map((row) => row.createdAt.getTime())).toEqual([...due.map((row) => row.createdAt.getTime())].sort((a, b) => a - b))
      const refunded = { ...refund, disposition: "refunded" as const, refundedAt: AT, details: { ...refund.details, refund_ref_id: "RR1" } }
      yield* payments.updateCapture(refunded)
      expect(yield* payments.capturesOf(order.id, "refunded")).toEqual([refunded])
      expect((yield* payments.refundsDue(AT, 1000)).some((row) => row.id === refund.id)).toBe(false)
    }),

  "a refund is claimed by one caller until its claim ends; a deferred one is not due before its time; a refunded one is never claimed": (payments) =>
    Effect.gen(function*() {
      const order = yield* storedOrder()
      const refund = yield* capture(yield* newSession(order), `trx-claim-${order.id}`, "refund_pending")
      expect(yield* payments.insertCapture(refund)).toBe(true)
      const at = (seconds: number) => new Date(AT.getTime() + seconds * 1000)
      const due = (now: Date) => Effect.map(payments.refundsDue(now, 1000), (rows) => rows.some((row) => row.id === refund.id))
      expect(yield* due(at(0))).toBe(true)
      const claims = yield* Effect.all(Array.from({ length: 8 }, () => payments.claimRefund(refund.id, at(0), at(300))), { concurrency: 8 })
      expect(claims.filter(Boolean)).toHaveLength(1)
      expect(yield* due(at(10))).toBe(false)
      expect(yield* payments.claimRefund(refund.id, at(299), at(599))).toBe(false)
      // a claimant that crashed: its claim ends and someone else takes it
      expect(yield* due(at(300))).toBe(true)
      expect(yield* payments.claimRefund(refund.id, at(300), at(600))).toBe(true)
      // a failed refund deferred to a retry time: not due, nor claimable, before it
      yield* payments.deferRefund(refund.id, at(660))
      expect(yield* due(at(659))).toBe(false)
      expect(yield* payments.claimRefund(refund.id, at(659), at(959))).toBe(false)
      expect(yield* payments.claimRefund(refund.id, at(660), at(960))).toBe(true)
      yield* payments.updateCapture({ ...refund, disposition: "refunded", refundedAt: at(700) })
      expect(yield* payments.claimRefund(refund.id, at(5000), at(5300))).toBe(false)
      expect(yield* due(at(5000))).toBe(false)
      expect(yield* payments.claimRefund("cap_missing", at(0), at(300))).toBe(false)
    }),

  "a pending session the gateway knows is due for a check from its opening, then at its next check; failures in a row are counted": (payments) =>
    Effect.gen(function*() {
      const order = yield* storedOrder()
      const at = (minutes: number) => new Date(AT.getTime() + minutes * 60_000)
      const known = { ...(yield* newSession(order)), gatewayReference: "TR-CHECK" }
      yield* payments.updateSession(known)
      const unknown = yield* newSession(order)
      const due = (now: Date, openedBefore: Date) =>
        Effect.map(payments.sessionsToCheck(now, openedBefore, 10_000), (rows) => rows.filter((row) => row.orderId === order.id).map((row) => row.id))
      expect(yield* due(at(5), at(-1))).toEqual([])
      expect(yield* due(at(5), at(0))).toEqual([known.id])
      expect(yield* payments.checkState(known.id)).toEqual({ at: null, failures: 0 })
      expect(yield* payments.checkLater(known.id, at(6), true)).toBe(1)
      expect(yield* payments.checkLater(known.id, at(8), true)).toBe(2)
      expect(yield* payments.checkState(known.id)).toEqual({ at: at(8), failures: 2 })
      expect(yield* due(at(7), at(0))).toEqual([])
      expect(yield* due(at(8), at(0))).toEqual([known.id])
      expect(yield* payments.checkLater(known.id, at(13), false)).toBe(0)
      expect(yield* payments.checkState(known.id)).toEqual({ at: at(13), failures: 0 })
      yield* payments.updateSession({ ...known, status: "paid", completedAt: at(14) })
      expect(yield* due(at(20), at(20))).toEqual([])
      expect((yield* payments.sessionsOf(order.id)).map((session) => session.id).sort()).toEqual([known.id, unknown.id].sort())
    }),

  "orders: the token hash comes back with the locked order; state and cancellation round-trip; unpaid prepaid orders by age": () =>
    Effect.gen(function*() {
      const orders = yield* OrderRepository
      const old = yield* storedOrder("2020-01-01T00:00:00.000Z")
      const cod = yield* storedOrder("2020-01-01T00:00:01.000Z", false)
      const recent = yield* storedOrder("2026-03-01T09:59:00.000Z")
      const found = yield* orders.findForUpdate(old.id)
      expect(Option.map(found, (stored) => stored.orderTokenHash)).toEqual(Option.some(`hash-${old.id}`))
      const awaiting = yield* orders.awaitingPaymentSince(new Date("2026-03-01T09:00:00.000Z"), 10_000)
      expect(awaiting).toContain(old.id)
      expect(awaiting).not.toContain(cod.id)
      expect(awaiting).not.toContain(recent.id)
      const cancelled: Order = { ...old, status: "cancelled", paymentStatus: "refund_pending", amountPaid: old.total, cancellation: { at: AT, reason: "payment_expired" } }
      yield* orders.updateState(cancelled)
      expect(Option.map(yield* orders.findForUpdate(old.id), (stored) => stored.order)).toEqual(Option.some(cancelled))
      expect(yield* orders.awaitingPaymentSince(new Date("2026-03-01T09:00:00.000Z"), 10_000)).not.toContain(old.id)
    })
})
