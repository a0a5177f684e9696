/**
 * Payment sessions through the demo gateway (docs/payments.md) on every SQL engine: a prepaid
 * order paid end to end (session, the gateway's page, the 303 back to returnUrl, the order paid),
 * exactly one capture under duplicate callbacks and two tabs paying at once, the payment job
 * expiring an unpaid order (stock released), a payment after expiry refunded, expiry racing a late
 * payment, and bad input on every route answered 4xx problem+json with nothing changed.
 */
import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { PaymentsService } from "../../application/payments/payments-service.ts"
import { registerCustomer } from "../support/account-http.ts"
import { buyingTestEngines } from "../support/cart-http.ts"
import {
  ageOrder,
  cancelOrder,
  capturesOf,
  demoChoose,
  getSession,
  localPayments,
  openSession,
  type PlacedOrderBody,
  placeOrder,
  readSession,
  RETURN_URL,
  returnedOutcome,
  type SessionBody,
  startSession,
  stockOf
} from "../support/order-payment-http.ts"
import { expectProblem, serverSuites, storeRequest } from "../support/store-http.ts"
import { rawRequest } from "../support/test-server.ts"

/** One pass of the payment job over the test's stores. */
const runPaymentJob = Effect.flatMap(PaymentsService, (payments) => payments.expireUnpaid()).pipe(Effect.provide(localPayments()))

serverSuites(buyingTestEngines(), "payments through the demo gateway", (it) => {
  it.effect("a signed-in shopper pays a prepaid order: the gateway's page, 303 back to returnUrl, the order paid in the history", () =>
    Effect.gen(function*() {
      const customer = yield* registerCustomer()
      const caller = { accessToken: customer.tokens.accessToken }
      const { order } = yield* placeOrder({ sku: "FIX-6-1", caller })
      const opened = yield* startSession(order.id, { provider: "demo", returnUrl: RETURN_URL }, undefined, caller)
      expect(opened.status, opened.text).toBe(201)
      const session = opened.body as SessionBody
      expect(session).toMatchObject({ provider: "demo", status: "pending", amount: order.totalPrice })
      expect(session.id).toMatch(/^pay_/)
      const redirect = new URL(session.redirectUrl)
      expect(redirect.pathname).toBe(`/demo-gateway/${session.id}`)
      const page = yield* rawRequest("GET", redirect.pathname)
      expect(page.status).toBe(200)
      expect(page.text).toContain(`${order.totalPrice.toFixed(2)} BDT`)
      expect(returnedOutcome(yield* demoChoose(session.id, "paid"))).toBe("paid")
      const detail = yield* storeRequest("GET", `/customers/me/orders/${order.id}`, undefined, caller)
      expect(detail.body).toMatchObject({ status: "pending", paymentStatus: "paid", amountPaid: order.totalPrice })
      // a duplicate callback changes nothing
      expect(returnedOutcome(yield* demoChoose(session.id, "paid"))).toBe("paid")
      expect(returnedOutcome(yield* demoChoose(session.id, "failed"))).toBe("paid")
      expect(yield* capturesOf(order.id)).toEqual([{ disposition: "applied", reason: "", amount: order.totalPrice * 100 }])
      expectProblem(yield* startSession(order.id, { provider: "demo", returnUrl: RETURN_URL }, undefined, caller), 409, "order_not_payable")
    }))

  it.effect("failed and cancelled at the gateway: the session says so, the order stays unpaid and can be paid again", () =>
    Effect.gen(function*() {
      const { order, orderToken } = yield* placeOrder({ sku: "FIX-6-1" })
      const failing = yield* openSession(order.id, orderToken)
      expect(returnedOutcome(yield* demoChoose(failing.id, "failed"))).toBe("failed")
      const cancelling = yield* openSession(order.id, orderToken)
      expect(returnedOutcome(yield* demoChoose(cancelling.id, "cancelled"))).toBe("cancelled")
      expect((yield* readSession(order.id, failing.id, orderToken)).status).toBe("failed")
      const paying = yield* openSession(order.id, orderToken)
      expect(returnedOutcome(yield* demoChoose(paying.id, "paid"))).toBe("paid")
      expect((yield* capturesOf(order.id)).map((capture) => capture.disposition)).toEqual(["applied"])
    }))

  it.effect("two tabs paying at once, each callback twice at once: one capture applied, the other refunded", () =>
    Effect.gen(function*() {
      const { order, orderToken } = yield* placeOrder({ sku: "FIX-6-1" })
      const first = yield* openSession(order.id, orderToken)
      const second = yield* openSession(order.id, orderToken)
      const outcomes = yield* Effect.all(
        [first.id, second.id, first.id, second.id].map((id) => Effect.map(demoChoose(id, "paid"), returnedOutcome)),
        { concurrency: 4 }
      )
      expect(new Set(outcomes)).toEqual(new Set(["paid", "refunded"]))
      const captures = yield* capturesOf(order.id)
      expect(captures.map((capture) => capture.disposition).sort()).toEqual(["applied", "refunded"])
      const statuses = [(yield* readSession(order.id, first.id, orderToken)).status, (yield* readSession(order.id, second.id, orderToken)).status]
      expect(statuses.sort()).toEqual(["paid", "refunded"])
    }))

  describe("expiry", () => {
    it.effect("the payment job cancels an order unpaid past PAYMENT_TTL_MINUTES: stock back, open session expired", () =>
      Effect.gen(function*() {
        const { order, orderToken, variantId } = yield* placeOrder({ sku: "FIX-6-1", quantity: 2 })
        const fresh = yield* placeOrder({ sku: "FIX-6-1" })
        const session = yield* openSession(order.id, orderToken)
        const before = yield* stockOf(variantId)
        yield* ageOrder(order.id, 31)
        const pass = yield* runPaymentJob
        expect(pass.expired).toBeGreaterThanOrEqual(1)
        expect(yield* stockOf(variantId)).toBe(before + 2)
        expect((yield* readSession(order.id, session.id, orderToken)).status).toBe("expired")
        const cancelled = (yield* cancelOrder(order.id, orderToken)).body as PlacedOrderBody
        expect(cancelled).toMatchObject({ status: "cancelled", cancellationReason: "payment_expired", paymentStatus: "unpaid" })
        // the fresh order is still payable; the expired one is not
        yield* openSession(fresh.order.id, fresh.orderToken)
        expectProblem(yield* startSession(order.id, { provider: "demo", returnUrl: RETURN_URL }, orderToken), 409, "order_not_payable")
        // a second pass changes nothing
        yield* runPaymentJob
        expect(yield* stockOf(variantId)).toBe(before + 2)
      }))

    it.effect("a payment arriving after expiry is refunded and the order shows it", () =>
      Effect.gen(function*() {
        const { order, orderToken } = yield* placeOrder({ sku: "FIX-6-1" })
        const session = yield* openSession(order.id, orderToken)
        yield* ageOrder(order.id, 31)
        yield* runPaymentJob
        expect(returnedOutcome(yield* demoChoose(session.id, "paid"))).toBe("refunded")
        expect(yield* capturesOf(order.id)).toEqual([{ disposition: "refunded", reason: "order_closed", amount: order.totalPrice * 100 }])
        const shown = (yield* cancelOrder(order.id, orderToken)).body as PlacedOrderBody
        expect(shown).toMatchObject({ status: "cancelled", paymentStatus: "refunded", amountPaid: 0 })
      }))

    it.effect("expiry racing a late payment: stock released at most once, and a payment that lost is refunded", () =>
      Effect.gen(function*() {
        for (let round = 0; round < 3; round++) {
          const { order, orderToken, variantId } = yield* placeOrder({ sku: "FIX-6-1" })
          const session = yield* openSession(order.id, orderToken)
          const before = yield* stockOf(variantId)
          yield* ageOrder(order.id, 31)
          const [, outcome] = yield* Effect.all([runPaymentJob, Effect.map(demoChoose(session.id, "paid"), returnedOutcome)], {
            concurrency: 2
          })
          const captures = yield* capturesOf(order.id)
          const stock = yield* stockOf(variantId)
          if (outcome === "paid") {
            expect(captures.map((capture) => capture.disposition)).toEqual(["applied"])
            expect(stock).toBe(before)
          } else {
            expect(outcome).toBe("refunded")
            expect(captures.map((capture) => capture.disposition)).toEqual(["refunded"])
            expect(stock).toBe(before + 1)
          }
        }
      }))
  })

  describe("bad input: 4xx problem+json, nothing changed", () => {
    it.effect("payment-sessions: unknown provider, returnUrl off the allowed origins or malformed, a COD order, another's order", () =>
      Effect.gen(function*() {
        const { order, orderToken } = yield* placeOrder({ sku: "FIX-6-1" })
        const cod = yield* placeOrder({ sku: "FIX-6-1", prepaid: false })
        const invalid = [
          { provider: "paypal", returnUrl: RETURN_URL },
          { provider: "demo", returnUrl: "https://evil.example/steal" },
          { provider: "demo", returnUrl: "javascript:alert(1)" },
          { provider: "demo", returnUrl: "https://shop.example/\u0000" },
          { provider: "demo", returnUrl: `https://shop.example/${"a".repeat(3000)}` },
          { provider: "demo" },
          { provider: "demo", returnUrl: RETURN_URL, extra: 1 }
        ]
        for (const body of invalid) expectProblem(yield* startSession(order.id, body, orderToken), 400, "validation_failed")
        expectProblem(yield* startSession(order.id, "{\"provider\":\"demo\",\"returnUrl\":\"\\ud800\"}", orderToken), 400, "validation_failed")
        expectProblem(yield* startSession(cod.order.id, { provider: "demo", returnUrl: RETURN_URL }, cod.orderToken), 409, "order_not_payable")
        expectProblem(yield* startSession(order.id, { provider: "demo", returnUrl: RETURN_URL }, cod.orderToken), 404, "order_not_found")
        expectProblem(yield* startSession(order.id, { provider: "bkash", returnUrl: RETURN_URL }, orderToken), 422, "payment_provider_unavailable")
        expectProblem(yield* getSession(order.id, "pay_unknown", orderToken), 404, "payment_session_not_found")
        expectProblem(yield* getSession(order.id, "not-a-session", orderToken), 400, "validation_failed")
        const session = yield* openSession(order.id, orderToken)
        expectProblem(yield* getSession(cod.order.id, session.id, cod.orderToken), 404, "payment_session_not_found")
        expect((yield* readSession(order.id, session.id, orderToken)).status).toBe("pending")
        expect(yield* capturesOf(order.id)).toEqual([])
      }))

    it.effect("the demo gateway's page and form: unknown sessions 404, a bad outcome 400; the session stays pending", () =>
      Effect.gen(function*() {
        const { order, orderToken } = yield* placeOrder({ sku: "FIX-6-1" })
        const session = yield* openSession(order.id, orderToken)
        for (const outcome of ["", "refunded", "paid\u0000", "x".repeat(5000)]) {
          const answer = yield* demoChoose(session.id, outcome)
          expect(answer.status, answer.text).toBeGreaterThanOrEqual(400)
          expect(answer.status).toBeLessThan(500)
          expect(answer.headers["content-type"]).toMatch(/^application\/problem\+json/)
        }
        for (const path of ["/demo-gateway/pay_unknown", "/demo-gateway/%00", "/demo-gateway/pay_%ED%A0%80"]) {
          const page = yield* rawRequest("GET", path)
          expect(page.status).toBeGreaterThanOrEqual(400)
          expect(page.status).toBeLessThan(500)
        }
        expectProblem(yield* demoChoose("pay_unknown", "paid"), 404, "not_found")
        expect((yield* readSession(order.id, session.id, orderToken)).status).toBe("pending")
        expect(yield* capturesOf(order.id)).toEqual([])
      }))
  })
})
