/**
 * Refunds through bKash and SSLCommerz, through the real server against the gateway simulator, on
 * every SQL engine (docs/payments.md "Refunds"): SSLCommerz gets a `refund_trans_id` (the
 * capture's id, the same on a retry) and its `refund_ref_id` is kept; an answer of `processing`
 * is not refunded until the refund query says so; a refund whose answer was lost is asked about
 * (bKash refund status, SSLCommerz the same refund again, refused as refunded already) and
 * settled as refunded, never made twice; `amountPaid` goes back to 0.
 */
import { afterAll, expect, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { buyingTestEngines } from "../support/cart-http.ts"
import {
  browserBack,
  captureDetailsOf,
  openedWith,
  paymentIdOf,
  paymentJobPass,
  postForm,
  releaseRefundClaims,
  simulatorGateways
} from "../support/gateway-payment-http.ts"
import { startGatewaySimulator } from "../support/gateway-simulator.ts"
import { cancelOrder, type PlacedOrderBody, returnedOutcome } from "../support/order-payment-http.ts"
import { testServer } from "../support/test-server.ts"

const simulator = await startGatewaySimulator()
afterAll(() => simulator.close())

const paidWith = (provider: "bkash" | "sslcommerz") =>
  Effect.gen(function*() {
    const opened = yield* openedWith(provider)
    const back = provider === "bkash"
      ? yield* browserBack(simulator.bkashShopper(paymentIdOf(opened.session.redirectUrl), "success"))
      : yield* postForm("/payments/sslcommerz/success", simulator.sslShopper(opened.session.id, "VALID"))
    expect(returnedOutcome(back)).toBe("paid")
    return opened
  })

const cancelled = (orderId: string, orderToken: string) => Effect.map(cancelOrder(orderId, orderToken), (answer) => answer.body as PlacedOrderBody)

for (const engine of buyingTestEngines()) {
  layer(testServer(engine.stores, Layer.empty, { payments: { gateways: simulatorGateways(simulator) } }), { excludeTestServices: true })(
    `refunds at bKash and SSLCommerz (${engine.name})`,
    (it) => {
      it.effect("SSLCommerz: refund_trans_id sent and refund_ref_id kept; processing is not refunded until the refund query says so", () =>
        Effect.gen(function*() {
          const { order, orderToken, session } = yield* paidWith("sslcommerz")
          simulator.refundsProcessing(1)
          expect(yield* cancelled(order.id, orderToken)).toMatchObject({ status: "cancelled", paymentStatus: "refund_pending", amountPaid: order.totalPrice })
          const [capture] = yield* captureDetailsOf(order.id)
          const [made] = simulator.sslRefundsOf(session.id)
          expect(made).toMatchObject({ refundTransId: capture?.id, status: "processing" })
          expect(JSON.parse(capture?.details ?? "{}")).toMatchObject({ refund_ref_id: made?.refundRefId })
          // still processing at the gateway: the job asks, and the order stays refund_pending
          yield* releaseRefundClaims(order.id)
          yield* paymentJobPass(simulator)
          expect(yield* cancelled(order.id, orderToken)).toMatchObject({ paymentStatus: "refund_pending" })
          simulator.completeRefunds()
          yield* releaseRefundClaims(order.id)
          yield* paymentJobPass(simulator)
          expect(yield* cancelled(order.id, orderToken)).toMatchObject({ paymentStatus: "refunded", amountPaid: 0 })
          expect(simulator.sslRefunds(session.id)).toBe(1)
        }))

      it.effect("SSLCommerz: a refund whose answer was lost is asked again with the same refund_trans_id; the refusal settles it as refunded", () =>
        Effect.gen(function*() {
          const { order, orderToken, session } = yield* paidWith("sslcommerz")
          simulator.sslRefundAnswersLost(1)
          expect(yield* cancelled(order.id, orderToken)).toMatchObject({ paymentStatus: "refund_pending" })
          yield* releaseRefundClaims(order.id)
          yield* paymentJobPass(simulator)
          expect(yield* cancelled(order.id, orderToken)).toMatchObject({ paymentStatus: "refunded", amountPaid: 0 })
          expect(simulator.sslRefunds(session.id)).toBe(1)
          expect((yield* captureDetailsOf(order.id)).map((capture) => capture.disposition)).toEqual(["refunded"])
        }))

      it.effect("bKash: a refund whose answer was lost is found by the refund status before any retry: refunded, once", () =>
        Effect.gen(function*() {
          const { order, orderToken, session } = yield* paidWith("bkash")
          const paymentID = paymentIdOf(session.redirectUrl)
          simulator.bkashRefundAnswersLost(1)
          expect(yield* cancelled(order.id, orderToken)).toMatchObject({ paymentStatus: "refund_pending" })
          expect(simulator.bkashPayment(paymentID)?.refunded).toBe(true)
          yield* releaseRefundClaims(order.id)
          const before = simulator.calls.length
          yield* paymentJobPass(simulator)
          expect(yield* cancelled(order.id, orderToken)).toMatchObject({ paymentStatus: "refunded", amountPaid: 0 })
          // one call (the refund status), no second refund
          expect(simulator.calls.slice(before).filter((call) => call.endsWith("/payment/refund"))).toEqual(["POST /bkash/tokenized/checkout/payment/refund"])
          const details = JSON.parse((yield* captureDetailsOf(order.id))[0]?.details ?? "{}") as Record<string, string>
          expect(details["paymentID"]).toBe(paymentID)
        }))
    }
  )
}
