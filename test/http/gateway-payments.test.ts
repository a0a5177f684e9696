/**
 * The bKash and SSLCommerz adapters through the real server against the local simulator of their
 * HTTP APIs (test/support/gateway-simulator.ts), on every SQL engine: success, failure and
 * cancel; a timeout during execute resolved by query; a duplicate IPN and an IPN racing the
 * redirect (one capture); a tampered amount; another session's payment id; a forged IPN; refund.
 */
import { afterAll, expect, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { buyingTestEngines } from "../support/cart-http.ts"
import { browserBack, openedWith as opened, paymentIdOf, postForm as post, simulatorGateways } from "../support/gateway-payment-http.ts"
import { startGatewaySimulator } from "../support/gateway-simulator.ts"
import { cancelOrder, capturesOf, type PlacedOrderBody, readSession, returnedOutcome } from "../support/order-payment-http.ts"
import { expectProblem } from "../support/store-http.ts"
import { testServer } from "../support/test-server.ts"

const simulator = await startGatewaySimulator()
afterAll(() => simulator.close())

const gateways = simulatorGateways(simulator)

const paymentOf = (orderId: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql<{ paymentStatus: string; amountPaid: number }>`SELECT payment_status, amount_paid::float8 AS amount_paid FROM orders WHERE id = ${orderId}`)

const sessionStatus = (orderId: string, sessionId: string, orderToken: string) =>
  Effect.map(readSession(orderId, sessionId, orderToken), (session) => session.status)

for (const engine of buyingTestEngines()) {
  layer(testServer(engine.stores, Layer.empty, { payments: { gateways } }), { excludeTestServices: true })(
    `bKash and SSLCommerz against the simulator (${engine.name})`,
    (it) => {
      it.effect("bKash: paid, failed and cancelled, each decided by execute and query, not by the redirect", () =>
        Effect.gen(function*() {
          const paid = yield* opened("bkash")
          expect(paid.session.redirectUrl).toContain(simulator.bkashBaseUrl.replace("/bkash", "/bkash/pay"))
          const paymentID = paymentIdOf(paid.session.redirectUrl)
          expect(returnedOutcome(yield* browserBack(simulator.bkashShopper(paymentID, "success")))).toBe("paid")
          expect(yield* capturesOf(paid.order.id)).toEqual([{ disposition: "applied", reason: "", amount: paid.order.totalPrice * 100 }])
          // the same redirect again: one capture
          expect(returnedOutcome(yield* browserBack(simulator.bkashShopper(paymentID, "success")))).toBe("paid")
          expect((yield* capturesOf(paid.order.id)).length).toBe(1)

          for (const status of ["failure", "cancel"] as const) {
            const attempt = yield* opened("bkash")
            const outcome = returnedOutcome(yield* browserBack(simulator.bkashShopper(paymentIdOf(attempt.session.redirectUrl), status)))
            expect(outcome).toBe(status === "failure" ? "failed" : "cancelled")
            expect(yield* capturesOf(attempt.order.id)).toEqual([])
          }

          // a forged "success" redirect for a payment nobody authorised pays nothing
          const forged = yield* opened("bkash")
          const forgedId = paymentIdOf(forged.session.redirectUrl)
          const path = `/payments/bkash/callback?session=${forged.session.id}&paymentID=${forgedId}&status=success`
          expect(returnedOutcome(yield* browserBack(path))).toBe("pending")
          expect(yield* capturesOf(forged.order.id)).toEqual([])
        }))

      it.effect("bKash: execute's answer lost to a timeout, the payment is found by query", () =>
        Effect.gen(function*() {
          const { order, session } = yield* opened("bkash")
          const paymentID = paymentIdOf(session.redirectUrl)
          simulator.executeStalls(1)
          expect(returnedOutcome(yield* browserBack(simulator.bkashShopper(paymentID, "success")))).toBe("paid")
          expect(simulator.bkashPayment(paymentID)?.status).toBe("Completed")
          expect((yield* capturesOf(order.id)).map((capture) => capture.disposition)).toEqual(["applied"])
        }))

      it.effect("bKash: another session's paymentID in the callback is refused, and nothing is executed", () =>
        Effect.gen(function*() {
          const mine = yield* opened("bkash")
          const theirs = yield* opened("bkash")
          const theirId = paymentIdOf(theirs.session.redirectUrl)
          simulator.bkashShopper(theirId, "success")
          const answer = yield* browserBack(`/payments/bkash/callback?session=${mine.session.id}&paymentID=${theirId}&status=success`)
          expectProblem(answer, 400, "payment_not_verified")
          expect(simulator.bkashPayment(theirId)?.status).toBe("Authorized")
          expect(yield* sessionStatus(mine.order.id, mine.session.id, mine.orderToken)).toBe("pending")
          expect(yield* capturesOf(mine.order.id)).toEqual([])
        }))

      it.effect("bKash: a paid order cancelled is refunded at bKash", () =>
        Effect.gen(function*() {
          const { order, orderToken, session } = yield* opened("bkash")
          const paymentID = paymentIdOf(session.redirectUrl)
          expect(returnedOutcome(yield* browserBack(simulator.bkashShopper(paymentID, "success")))).toBe("paid")
          const cancelled = (yield* cancelOrder(order.id, orderToken)).body as PlacedOrderBody
          expect(cancelled).toMatchObject({ status: "cancelled", paymentStatus: "refunded" })
          expect(simulator.bkashPayment(paymentID)?.refunded).toBe(true)
        }))

      it.effect("SSLCommerz: success redirect and duplicate IPNs, also racing: validated server to server, one capture", () =>
        Effect.gen(function*() {
          const { order, session } = yield* opened("sslcommerz")
          expect(session.redirectUrl).toContain("/ssl/pay/")
          const form = simulator.sslShopper(session.id, "VALID")
          const [redirect, ipn, again] = yield* Effect.all([
            post("/payments/sslcommerz/success", form),
            post("/payments/sslcommerz/ipn", form),
            post("/payments/sslcommerz/ipn", form)
          ], { concurrency: 3 })
          expect(returnedOutcome(redirect)).toBe("paid")
          expect(ipn.status, ipn.text).toBe(200)
          expect(again.status).toBe(200)
          expect(yield* capturesOf(order.id)).toEqual([{ disposition: "applied", reason: "", amount: order.totalPrice * 100 }])
        }))

      it.effect("SSLCommerz: fail and cancel redirects, confirmed by the transaction query", () =>
        Effect.gen(function*() {
          const failing = yield* opened("sslcommerz")
          expect(returnedOutcome(yield* post("/payments/sslcommerz/fail", simulator.sslShopper(failing.session.id, "FAILED")))).toBe("failed")
          const cancelling = yield* opened("sslcommerz")
          const cancelled = yield* post("/payments/sslcommerz/cancel", simulator.sslShopper(cancelling.session.id, "CANCELLED"))
          expect(returnedOutcome(cancelled)).toBe("cancelled")
          expect(yield* capturesOf(failing.order.id)).toEqual([])
        }))

      it.effect("SSLCommerz: a tampered amount in the form is ignored; a payment of another amount is refunded", () =>
        Effect.gen(function*() {
          const tampered = yield* opened("sslcommerz")
          const form = { ...simulator.sslShopper(tampered.session.id, "VALID"), amount: "1.00", currency_amount: "1.00" }
          expect(returnedOutcome(yield* post("/payments/sslcommerz/success", form))).toBe("paid")
          expect((yield* capturesOf(tampered.order.id))[0]?.amount).toBe(tampered.order.totalPrice * 100)

          const short = yield* opened("sslcommerz")
          const underpaid = simulator.sslShopper(short.session.id, "VALID", { paidAmount: "1.00" })
          expect(returnedOutcome(yield* post("/payments/sslcommerz/ipn", underpaid).pipe(
            Effect.andThen(post("/payments/sslcommerz/success", underpaid))
          ))).toBe("refunded")
          expect(yield* capturesOf(short.order.id)).toEqual([{ disposition: "refunded", reason: "amount_mismatch", amount: 100 }])
          expect(simulator.sslRefunds(short.session.id)).toBe(1)
          expect((yield* cancelOrder(short.order.id, short.orderToken)).body).toMatchObject({ paymentStatus: "unpaid", amountPaid: 0 })
        }))

      it.effect("SSLCommerz: a forged IPN and another session's val_id are refused; nothing changes", () =>
        Effect.gen(function*() {
          const mine = yield* opened("sslcommerz")
          const forged = { tran_id: mine.session.id, val_id: "VALFORGED", status: "VALID", amount: String(mine.order.totalPrice) }
          expectProblem(yield* post("/payments/sslcommerz/ipn", forged), 400, "payment_not_verified")
          const theirs = yield* opened("sslcommerz")
          const theirForm = simulator.sslShopper(theirs.session.id, "VALID")
          expectProblem(yield* post("/payments/sslcommerz/ipn", { ...theirForm, tran_id: mine.session.id }), 400, "payment_not_verified")
          expectProblem(yield* post("/payments/sslcommerz/ipn", { ...theirForm, tran_id: "pay_unknown" }), 404, "not_found")
          expect(yield* sessionStatus(mine.order.id, mine.session.id, mine.orderToken)).toBe("pending")
          expect(yield* capturesOf(mine.order.id)).toEqual([])
        }))

      it.effect("SSLCommerz: a capture flagged risky (risk_level 1) is recorded and the order held, on_hold; cancelling it refunds it", () =>
        Effect.gen(function*() {
          const { order, orderToken, session } = yield* opened("sslcommerz")
          const form = simulator.sslShopper(session.id, "VALID", { riskLevel: "1" })
          expect(returnedOutcome(yield* post("/payments/sslcommerz/success", form))).toBe("paid")
          expect(yield* capturesOf(order.id)).toEqual([{ disposition: "applied", reason: "", amount: order.totalPrice * 100 }])
          expect(yield* paymentOf(order.id)).toEqual([{ paymentStatus: "on_hold", amountPaid: order.totalPrice * 100 }])
          expect((yield* cancelOrder(order.id, orderToken)).body).toMatchObject({ status: "cancelled", paymentStatus: "refunded", amountPaid: 0 })
          expect(simulator.sslRefunds(session.id)).toBe(1)
        }))

      it.effect("SSLCommerz: a paid order cancelled is refunded through the refund API", () =>
        Effect.gen(function*() {
          const { order, orderToken, session } = yield* opened("sslcommerz")
          expect(returnedOutcome(yield* post("/payments/sslcommerz/success", simulator.sslShopper(session.id, "VALID")))).toBe("paid")
          expect((yield* cancelOrder(order.id, orderToken)).body).toMatchObject({ status: "cancelled", paymentStatus: "refunded" })
          expect(simulator.sslRefunds(session.id)).toBe(1)
        }))
    }
  )
}
