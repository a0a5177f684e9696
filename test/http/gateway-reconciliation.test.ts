/**
 * Money is never kept without an order (docs/payments.md "Reconciliation"), through the real
 * server against the gateway simulator, on every SQL engine: a customer paid at the gateway but
 * every callback failed (bKash: execute's answer lost and the status query failing; SSLCommerz:
 * validation failing for the IPN and the return). The shopper is sent back to the shop as
 * `pending`; the reconciliation loop or, at the latest, the payment job before the order expires,
 * asks the gateway and settles the capture through the callback's settlement, once. While the
 * gateway cannot be asked, the order waits instead of expiring. And bKash's expired token is
 * renewed once (one refresh for many calls) and the call retried.
 */
import { afterAll, expect, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { buyingTestEngines } from "../support/cart-http.ts"
import {
  ageSession,
  browserBack,
  openedWith,
  paymentIdOf,
  paymentJobPass,
  postForm,
  reconciliationPass,
  releaseSessionChecks,
  simulatorGateways
} from "../support/gateway-payment-http.ts"
import { startGatewaySimulator } from "../support/gateway-simulator.ts"
import { ageOrder, cancelOrder, capturesOf, openSession, placeOrder, readSession, returnedOutcome } from "../support/order-payment-http.ts"
import { expectProblem } from "../support/store-http.ts"
import { testServer } from "../support/test-server.ts"

const simulator = await startGatewaySimulator()
afterAll(() => simulator.close())

const orderState = (orderId: string, orderToken: string, sessionId: string) =>
  Effect.map(readSession(orderId, sessionId, orderToken), (session) => session.status)

for (const engine of buyingTestEngines()) {
  layer(testServer(engine.stores, Layer.empty, { payments: { gateways: simulatorGateways(simulator) } }), { excludeTestServices: true })(
    `reconciliation with bKash and SSLCommerz (${engine.name})`,
    (it) => {
      it.effect("bKash: execute's answer lost and the query failing; the shopper goes back pending, expiry finds the capture: paid, once", () =>
        Effect.gen(function*() {
          const { order, orderToken, session } = yield* openedWith("bkash")
          const paymentID = paymentIdOf(session.redirectUrl)
          simulator.executeStalls(1)
          simulator.statusFails(1)
          expect(returnedOutcome(yield* browserBack(simulator.bkashShopper(paymentID, "success")))).toBe("pending")
          expect(simulator.bkashPayment(paymentID)?.status).toBe("Completed")
          expect(yield* capturesOf(order.id)).toEqual([])
          // the payment window ends: the job asks bKash before expiring the order, and it is paid
          yield* ageOrder(order.id, 31)
          const pass = yield* paymentJobPass(simulator)
          expect(pass.expired).toBe(0)
          expect(yield* capturesOf(order.id)).toEqual([{ disposition: "applied", reason: "", amount: order.totalPrice * 100 }])
          expect(yield* orderState(order.id, orderToken, session.id)).toBe("paid")
          // the reconciliation loop and a late callback find it settled: still one capture
          yield* ageSession(session.id, 10)
          yield* reconciliationPass(simulator)
          expect(returnedOutcome(yield* browserBack(`/payments/bkash/callback?session=${session.id}&paymentID=${paymentID}&status=success`))).toBe("paid")
          expect((yield* capturesOf(order.id)).length).toBe(1)
        }))

      it.effect("SSLCommerz: validation failing for the IPN and the return; the reconciliation loop validates the VALID attempt: paid", () =>
        Effect.gen(function*() {
          const { order, orderToken, session } = yield* openedWith("sslcommerz")
          const form = simulator.sslShopper(session.id, "VALID")
          simulator.validationFails(2)
          expectProblem(yield* postForm("/payments/sslcommerz/ipn", form), 502, "payment_gateway_failed")
          expect(returnedOutcome(yield* postForm("/payments/sslcommerz/success", form))).toBe("pending")
          expect(yield* capturesOf(order.id)).toEqual([])
          // not yet due: a session is first asked about five minutes after it opened
          expect(yield* reconciliationPass(simulator)).toBe(0)
          yield* ageSession(session.id, 6)
          expect(yield* reconciliationPass(simulator)).toBeGreaterThanOrEqual(1)
          expect(yield* orderState(order.id, orderToken, session.id)).toBe("paid")
          expect(yield* capturesOf(order.id)).toEqual([{ disposition: "applied", reason: "", amount: order.totalPrice * 100 }])
        }))

      it.effect("a session nobody paid: asked, then the order expires; one that never reached the gateway expires unasked", () =>
        Effect.gen(function*() {
          const unpaid = yield* openedWith("sslcommerz")
          const untouched = yield* placeOrder({ sku: "FIX-6-1" })
          yield* ageOrder(unpaid.order.id, 31)
          yield* ageOrder(untouched.order.id, 31)
          const asked = simulator.calls.length
          yield* paymentJobPass(simulator)
          expect(simulator.calls.slice(asked)).toContain("GET /sslcommerz/validator/api/merchantTransIDvalidationAPI.php")
          expect(yield* orderState(unpaid.order.id, unpaid.orderToken, unpaid.session.id)).toBe("expired")
          expect(yield* capturesOf(unpaid.order.id)).toEqual([])
          for (const { order, orderToken } of [unpaid, untouched]) {
            expect((yield* cancelOrder(order.id, orderToken)).body).toMatchObject({ status: "cancelled", cancellationReason: "payment_expired" })
          }
        }))

      it.effect("while bKash cannot be asked the order waits past its window (pending, backoff), then is settled", () =>
        Effect.gen(function*() {
          const { order, orderToken, session } = yield* openedWith("bkash")
          const paymentID = paymentIdOf(session.redirectUrl)
          simulator.executeStalls(1)
          simulator.statusFails(2)
          expect(returnedOutcome(yield* browserBack(simulator.bkashShopper(paymentID, "success")))).toBe("pending")
          yield* ageOrder(order.id, 31)
          const waiting = yield* paymentJobPass(simulator)
          expect(waiting.waiting).toBeGreaterThanOrEqual(1)
          expect(yield* orderState(order.id, orderToken, session.id)).toBe("pending")
          // inside the backoff the gateway is not asked again, and the order still waits
          const before = simulator.calls.length
          yield* paymentJobPass(simulator)
          expect(simulator.calls.slice(before).filter((call) => call.endsWith("/payment/status"))).toEqual([])
          expect(yield* orderState(order.id, orderToken, session.id)).toBe("pending")
          yield* releaseSessionChecks
          yield* paymentJobPass(simulator)
          expect(yield* orderState(order.id, orderToken, session.id)).toBe("paid")
          expect((yield* capturesOf(order.id)).map((capture) => capture.disposition)).toEqual(["applied"])
        }))

      it.effect("bKash: an expired token (401) is refreshed once and the call retried; parallel calls share one refresh", () =>
        Effect.gen(function*() {
          yield* openedWith("bkash")
          simulator.expireTokens()
          const before = simulator.tokenRequests()
          const placed = yield* Effect.all(Array.from({ length: 4 }, () => placeOrder({ sku: "FIX-6-1" })), { concurrency: 4 })
          const sessions = yield* Effect.all(placed.map((p) => openSession(p.order.id, p.orderToken, "bkash")), { concurrency: 4 })
          expect(sessions.map((s) => s.status)).toEqual(["pending", "pending", "pending", "pending"])
          const after = simulator.tokenRequests()
          expect(after.refreshes - before.refreshes).toBe(1)
          expect(after.grants - before.grants).toBe(0)
        }))
    }
  )
}
