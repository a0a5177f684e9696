/**
 * The demo courier end to end through the real server on every SQL engine: a cash-on-delivery
 * order placed by a signed-in shopper is booked by the booking relay within moments (tracking
 * number, the demo courier's page as trackingUrl, `processing`, the list's trackingNumber), the
 * demo courier's page moves the parcel and the order follows (shipped, delivered, paid for the
 * cash collected; the tracking link is absolute, on this server or on PUBLIC_URL); a booked order is cancellable until pickup, then 409 order_not_cancellable;
 * the page answers bad input with 4xx and changes nothing.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { DemoCourier } from "../../adapters/couriers/demo-courier.ts"
import type { Parcel } from "../../application/fulfilment/courier.ts"
import { asMinorUnits } from "../../domain/shared/money.ts"
import { registerCustomer } from "../support/account-http.ts"
import { buyingTestEngines } from "../support/cart-http.ts"
import { eventually } from "../support/eventually.ts"
import { DHAKA_HOME } from "../support/memory-buying-world.ts"
import { cancelOrder, type PlacedOrderBody, placeOrder } from "../support/order-payment-http.ts"
import { type Caller, expectProblem, storeRequest } from "../support/store-http.ts"
import { demoCouriers, rawRequest, testServer } from "../support/test-server.ts"
import { grams } from "../support/units.ts"

interface TrackedOrder extends PlacedOrderBody {
  readonly orderNumber: string
  readonly tracking: { readonly courierName: string; readonly status: string; readonly trackingNumber: string; readonly trackingUrl: string }
  readonly amountPaid: number
  readonly totalPrice: number
}

const detail = (orderId: string, caller: Caller) =>
  Effect.map(storeRequest("GET", `/customers/me/orders/${orderId}`, undefined, caller), (response) => {
    expect(response.status, response.text).toBe(200)
    return response.body as TrackedOrder
  })

/** The demo courier's answer to a move: its page again (the client follows the 303). */
const expectMoved = (response: { readonly status: number; readonly text: string }, status: string) => {
  expect(response.status, response.text).toBe(200)
  expect(response.text).toContain(`<strong id="status">${status.replace(/_/g, " ")}</strong>`)
}

/** The order once the booking relay booked it. */
const booked = (orderId: string, caller: Caller) =>
  eventually(Effect.map(detail(orderId, caller), (order) => {
    expect(order.tracking.status).toBe("booked")
    return order
  }))

const move = (trackingNumber: string, status: string) =>
  rawRequest("POST", `/demo-courier/${trackingNumber}`, {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `status=${status}`
  })

const parcel: Parcel = {
  orderNumber: "100234",
  recipientName: "Farhana Islam",
  recipientPhone: "01711000000",
  address: DHAKA_HOME,
  amountToCollect: asMinorUnits(120_000),
  weightGrams: grams(500),
  itemCount: 1,
  description: "1 x Cotton Panjabi (M)",
  note: ""
}

for (const engine of buyingTestEngines()) {
  layer(testServer(engine.stores, undefined, { couriers: demoCouriers }), { excludeTestServices: true })(
    `the demo courier (${engine.name})`,
    (it) => {
      describe("booking and tracking", () => {
        it.effect("a COD order is booked after checkout, moved along at the demo courier, delivered and paid for the cash collected", () =>
          Effect.gen(function*() {
            const customer = yield* registerCustomer()
            const caller = { accessToken: customer.tokens.accessToken }
            const placed = yield* placeOrder({ sku: "FIX-6-1", quantity: 2, prepaid: false, caller })
            const order = placed.order as TrackedOrder
            expect(order).toMatchObject({ status: "pending", tracking: { courierName: "", status: "", trackingNumber: "", trackingUrl: "" } })
            const tracked = yield* booked(order.id, caller)
            expect(tracked).toMatchObject({
              status: "processing",
              paymentStatus: "unpaid",
              tracking: {
                courierName: "Demo courier",
                status: "booked",
                trackingNumber: `DEMO-${order.orderNumber}`
              }
            })
            // an absolute link to the demo courier's page on this server, as an SMS needs
            const trackingUrl = new URL(tracked.tracking.trackingUrl)
            expect(trackingUrl.href).toBe(tracked.tracking.trackingUrl)
            expect(trackingUrl.pathname).toBe(`/demo-courier/DEMO-${order.orderNumber}`)
            // the test server listens on every interface: the link names localhost
            expect(trackingUrl.hostname).toBe("localhost")
            const opened = yield* Effect.promise(() => fetch(trackingUrl))
            expect(opened.status).toBe(200)
            expect(yield* Effect.promise(() => opened.text())).toContain(`DEMO-${order.orderNumber}`)
            const list = yield* storeRequest("GET", "/customers/me/orders", undefined, caller)
            const listed = (list.body as { data: ReadonlyArray<{ id: string; trackingNumber: string | null }> }).data
            expect(listed.find((entry) => entry.id === order.id)?.trackingNumber).toBe(`DEMO-${order.orderNumber}`)

            const page = yield* rawRequest("GET", trackingUrl.pathname)
            expect(page.status).toBe(200)
            expect(page.headers["content-type"]).toMatch(/^text\/html/)
            expect(page.text).toContain(`DEMO-${order.orderNumber}`)
            expect(page.text).toContain(`value="picked_up"`)

            expectMoved(yield* move(tracked.tracking.trackingNumber, "picked_up"), "picked_up")
            expect(yield* detail(order.id, caller)).toMatchObject({ status: "shipped", tracking: { status: "picked_up" } })
            expectProblem(yield* cancelOrder(order.id, undefined, caller), 409, "order_not_cancellable")

            expectMoved(yield* move(tracked.tracking.trackingNumber, "out_for_delivery"), "out_for_delivery")
            // a step back at the courier's page is not offered and changes nothing
            expectMoved(yield* move(tracked.tracking.trackingNumber, "in_transit"), "out_for_delivery")
            expect((yield* detail(order.id, caller)).tracking.status).toBe("out_for_delivery")
            expectMoved(yield* move(tracked.tracking.trackingNumber, "delivered"), "delivered")
            const delivered = yield* detail(order.id, caller)
            expect(delivered).toMatchObject({ status: "delivered", paymentStatus: "paid", tracking: { status: "delivered" } })
            expect(delivered.amountPaid).toBe(delivered.totalPrice)
            expect((yield* rawRequest("GET", trackingUrl.pathname)).text).toContain("journey has ended")
            // the customer's SMS: booked with the tracking link, then delivered
            const sql = yield* SqlClient.SqlClient
            const messages = yield* sql<{ purpose: string; recipient: string; content: string }>`
              SELECT purpose, recipient, content::text AS content FROM notification_outbox
              WHERE purpose IN ('parcel_booked', 'parcel_delivered') AND content->>'orderNumber' = ${order.orderNumber} ORDER BY id`
            expect(messages.map((message) => [message.purpose, message.recipient])).toEqual([
              ["parcel_booked", "+8801711000000"],
              ["parcel_delivered", "+8801711000000"]
            ])
            expect(JSON.parse(messages[0]!.content)).toEqual({
              orderNumber: order.orderNumber, courierName: "Demo courier", trackingUrl: tracked.tracking.trackingUrl
            })
          }))

        it.effect("a booked order is cancelled until pickup, at the demo courier too", () =>
          Effect.gen(function*() {
            const customer = yield* registerCustomer()
            const caller = { accessToken: customer.tokens.accessToken }
            const { order } = yield* placeOrder({ sku: "FIX-6-1", prepaid: false, caller })
            yield* booked(order.id, caller)
            const cancelled = yield* cancelOrder(order.id, undefined, caller)
            expect(cancelled.status, cancelled.text).toBe(200)
            const after = yield* detail(order.id, caller)
            expect(after).toMatchObject({ status: "cancelled", tracking: { status: "cancelled" } })
          }))

        it.effect("a prepaid order is not booked while unpaid", () =>
          Effect.gen(function*() {
            const customer = yield* registerCustomer()
            const caller = { accessToken: customer.tokens.accessToken }
            const { order } = yield* placeOrder({ sku: "FIX-6-1", caller })
            const cod = yield* placeOrder({ sku: "FIX-6-1", prepaid: false, caller })
            // the COD order placed after it is booked; the prepaid one still is not
            yield* booked(cod.order.id, caller)
            expect((yield* detail(order.id, caller)).tracking.status).toBe("")
          }))
      })

      describe("the tracking link", () => {
        it.effect("is on PUBLIC_URL's origin when it is set", () =>
          Effect.gen(function*() {
            const demo = yield* DemoCourier
            const booking = yield* demo.courier.book(parcel)
            expect(demo.courier.trackingUrl(booking)).toBe("https://shop.example/demo-courier/DEMO-100234")
          }).pipe(Effect.provide(DemoCourier.layer("https://shop.example"))))
      })

      describe("bad input on the demo courier's page", () => {
        it.effect("an unknown parcel is 404, a bad status 400; nothing changes", () =>
          Effect.gen(function*() {
            const customer = yield* registerCustomer()
            const caller = { accessToken: customer.tokens.accessToken }
            const { order } = yield* placeOrder({ sku: "FIX-6-1", prepaid: false, caller })
            const tracked = yield* booked(order.id, caller)
            expectProblem(yield* rawRequest("GET", "/demo-courier/DEMO-0"), 404, "not_found")
            expectProblem(yield* move("DEMO-0", "delivered"), 404, "not_found")
            for (const status of ["teleported", "", "delivered%00", "%F0%9F%93%A6".repeat(50)]) {
              const refused = yield* move(tracked.tracking.trackingNumber, status)
              expect(refused.status, refused.text).toBe(400)
            }
            expect((yield* detail(order.id, caller)).tracking.status).toBe("booked")
          }))
      })
    }
  )
}
