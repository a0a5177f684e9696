/**
 * POST /orders/{orderId}/cancel (docs/payments.md) through the real server on every SQL engine:
 * the guest's X-Order-Token and the owner's bearer token, stock and coupon use given back once
 * (also under 20 parallel cancels), the order history showing the cancellation, a paid order
 * refunded, and bad input answered 4xx problem+json with nothing changed.
 */
import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { registerCustomer } from "../support/account-http.ts"
import { buyingTestEngines } from "../support/cart-http.ts"
import {
  cancelOrder,
  capturesOf,
  couponUses,
  demoChoose,
  openSession,
  type PlacedOrderBody,
  placeOrder,
  returnedOutcome,
  stockOf
} from "../support/order-payment-http.ts"
import { expectProblem, serverSuites, storeRequest } from "../support/store-http.ts"

const expectCancelled = (response: { readonly status: number; readonly body: unknown; readonly text: string }) => {
  expect(response.status, response.text).toBe(200)
  const order = response.body as PlacedOrderBody
  expect(order.status).toBe("cancelled")
  expect(order.cancellationReason).toBe("customer")
  expect(order.cancelledAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  return order
}

serverSuites(buyingTestEngines(), "order cancel over HTTP", (it) => {
  it.effect("checkout hands out a 256-bit order token; with it a guest cancels: stock and coupon use come back", () =>
    Effect.gen(function*() {
      const usesBefore = yield* couponUses("FLAT50")
      const { variantId } = yield* placeOrder({ sku: "FIX-6-1", quantity: 1 })
      const stockBefore = yield* stockOf(variantId)
      const { order, orderToken } = yield* placeOrder({ sku: "FIX-6-1", quantity: 2, coupon: "flat50", prepaid: false })
      expect(orderToken).toMatch(/^[A-Za-z0-9_-]{43,}$/)
      expect(yield* stockOf(variantId)).toBe(stockBefore - 2)
      expect(yield* couponUses("FLAT50")).toBe(usesBefore + 1)
      const cancelled = expectCancelled(yield* cancelOrder(order.id, orderToken))
      expect(cancelled).not.toHaveProperty("orderToken")
      expect(yield* stockOf(variantId)).toBe(stockBefore)
      expect(yield* couponUses("FLAT50")).toBe(usesBefore)
      // again: the cancelled order as it is, nothing released twice
      expect(expectCancelled(yield* cancelOrder(order.id, orderToken)).cancelledAt).toBe(cancelled.cancelledAt)
      expect(yield* stockOf(variantId)).toBe(stockBefore)
      expect(yield* couponUses("FLAT50")).toBe(usesBefore)
    }))

  it.effect("20 parallel cancels release the stock once", () =>
    Effect.gen(function*() {
      const { order, orderToken, variantId } = yield* placeOrder({ sku: "FIX-6-1", quantity: 2 })
      const before = yield* stockOf(variantId)
      const answers = yield* Effect.all(Array.from({ length: 20 }, () => cancelOrder(order.id, orderToken)), { concurrency: 20 })
      for (const answer of answers) expectCancelled(answer)
      expect(yield* stockOf(variantId)).toBe(before + 2)
    }))

  it.effect("the owner cancels with their bearer token and sees the cancellation in their history", () =>
    Effect.gen(function*() {
      const customer = yield* registerCustomer()
      const caller = { accessToken: customer.tokens.accessToken }
      const { order } = yield* placeOrder({ sku: "FIX-6-1", caller })
      expectCancelled(yield* cancelOrder(order.id, undefined, caller))
      const history = yield* storeRequest("GET", "/customers/me/orders", undefined, caller)
      expect(history.status, history.text).toBe(200)
      const listed = (history.body as { data: ReadonlyArray<PlacedOrderBody> }).data.find((entry) => entry.id === order.id)
      expect(listed).toMatchObject({ status: "cancelled", cancellationReason: "customer", paymentStatus: "unpaid" })
      const detail = yield* storeRequest("GET", `/customers/me/orders/${order.id}`, undefined, caller)
      expect(detail.body).toMatchObject({ status: "cancelled", cancelledAt: listed?.cancelledAt })
    }))

  it.effect("a paid order is refunded through its gateway when cancelled", () =>
    Effect.gen(function*() {
      const { order, orderToken, variantId } = yield* placeOrder({ sku: "FIX-6-1" })
      const before = yield* stockOf(variantId)
      const session = yield* openSession(order.id, orderToken)
      expect(returnedOutcome(yield* demoChoose(session.id, "paid"))).toBe("paid")
      const cancelled = expectCancelled(yield* cancelOrder(order.id, orderToken))
      expect(cancelled).toMatchObject({ paymentStatus: "refunded", amountPaid: 0 })
      expect(yield* stockOf(variantId)).toBe(before + 1)
      expect(yield* capturesOf(order.id)).toEqual([{ disposition: "refunded", reason: "order_cancelled", amount: order.totalPrice * 100 }])
    }))

  describe("refused", () => {
    it.effect("404 without the token, with a wrong one, another customer's bearer or another shop's key; nothing changes", () =>
      Effect.gen(function*() {
        const { order, orderToken, variantId } = yield* placeOrder({ sku: "FIX-6-1" })
        const before = yield* stockOf(variantId)
        const stranger = yield* registerCustomer()
        expectProblem(yield* cancelOrder(order.id), 404, "order_not_found")
        expectProblem(yield* cancelOrder(order.id, `${orderToken.slice(0, -2)}xx`), 404, "order_not_found")
        expectProblem(yield* cancelOrder(order.id, undefined, { accessToken: stranger.tokens.accessToken }), 404, "order_not_found")
        expectProblem(yield* cancelOrder(order.id, orderToken, { key: "pk_b" }), 404, "order_not_found")
        expectProblem(yield* cancelOrder("ord_nope", orderToken), 404, "order_not_found")
        expect(yield* stockOf(variantId)).toBe(before)
        expect(expectCancelled(yield* cancelOrder(order.id, orderToken)).status).toBe("cancelled")
      }))

    it.effect("bad input is a 4xx problem+json: an oversized token, NUL and lone surrogates in the id", () =>
      Effect.gen(function*() {
        const { order, orderToken, variantId } = yield* placeOrder({ sku: "FIX-6-1" })
        const before = yield* stockOf(variantId)
        const oversized = yield* cancelOrder(order.id, "x".repeat(300))
        expect(oversized.status).toBe(400)
        expect(oversized.headers["content-type"]).toMatch(/^application\/problem\+json/)
        for (const id of ["ord_%00", "ord_%ED%A0%80", "%F0%9F"]) {
          const answer = yield* cancelOrder(id, orderToken)
          expect(answer.status).toBeGreaterThanOrEqual(400)
          expect(answer.status).toBeLessThan(500)
          expect(answer.headers["content-type"]).toMatch(/^application\/problem\+json/)
        }
        expect(yield* stockOf(variantId)).toBe(before)
      }))
  })
})
