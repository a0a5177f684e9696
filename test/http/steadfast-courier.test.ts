/**
 * Steadfast end to end through the real server on every SQL engine, against the local simulator
 * of its merchant API (test/support/steadfast-simulator.ts): a COD order is booked with the order
 * number as invoice, the local 11-digit phone and the cash to collect; Steadfast down and a lost
 * answer still make one parcel; its notifications are verified by bearer token (401 otherwise,
 * nothing changed), move the order forward only (duplicates and late ones answered 2xx, changing
 * nothing), and a delivered COD order is paid for the cash collected; bad input is a 4xx.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Context, Effect, Layer, Option, Redacted } from "effect"
import { FetchHttpClient, HttpClient } from "effect/http"
import { makeSteadfastCourier } from "../../adapters/couriers/steadfast-courier.ts"
import { CourierWebhookSecrets } from "../../adapters/http/courier-webhooks/webhook-request.ts"
import { Couriers } from "../../application/fulfilment/courier.ts"
import { couriersOf } from "../../config/fulfilment.ts"
import { registerCustomer } from "../support/account-http.ts"
import { buyingTestEngines } from "../support/cart-http.ts"
import { eventually } from "../support/eventually.ts"
import { type PlacedOrderBody, placeOrder } from "../support/order-payment-http.ts"
import { STEADFAST_CREDENTIALS, startSteadfastSimulator } from "../support/steadfast-simulator.ts"
import { type Caller, storeRequest } from "../support/store-http.ts"
import { rawRequest, testServer } from "../support/test-server.ts"

class Steadfast extends Context.Service<Steadfast, Awaited<ReturnType<typeof startSteadfastSimulator>>>()("test/Steadfast") {}

const simulator = Layer.effect(Steadfast, Effect.acquireRelease(Effect.promise(startSteadfastSimulator), (sim) => Effect.promise(sim.close)))

const steadfastCouriers = Layer.effect(Couriers, Effect.gen(function*() {
  const sim = yield* Steadfast
  const client = yield* HttpClient.HttpClient
  const courier = makeSteadfastCourier({
    baseUrl: sim.baseUrl,
    apiKey: Redacted.make(STEADFAST_CREDENTIALS.apiKey),
    secretKey: Redacted.make(STEADFAST_CREDENTIALS.secretKey),
    timeoutMillis: 2_000
  }, client)
  return couriersOf([courier], "steadfast")
})).pipe(Layer.provide(FetchHttpClient.layer))

const secrets = Layer.succeed(CourierWebhookSecrets, {
  steadfastToken: Option.some(Redacted.make(STEADFAST_CREDENTIALS.webhookToken)),
  pathaoSecret: Option.none()
})

interface TrackedOrder extends PlacedOrderBody {
  readonly orderNumber: string
  readonly tracking: { readonly courierName: string; readonly status: string; readonly trackingNumber: string; readonly trackingUrl: string }
}

const detail = (orderId: string, caller: Caller) =>
  Effect.map(storeRequest("GET", `/customers/me/orders/${orderId}`, undefined, caller), (response) => {
    expect(response.status, response.text).toBe(200)
    return response.body as TrackedOrder
  })

const booked = (orderId: string, caller: Caller) =>
  eventually(Effect.map(detail(orderId, caller), (order) => {
    expect(order.tracking.status).toBe("booked")
    return order
  }))

const webhook = (body: unknown, token: string | null = STEADFAST_CREDENTIALS.webhookToken, contentType = "application/json") =>
  rawRequest("POST", "/couriers/steadfast/webhook", {
    headers: { "content-type": contentType, ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    body: typeof body === "string" ? body : JSON.stringify(body)
  })

const shopper = Effect.map(registerCustomer(), (customer) => ({ accessToken: customer.tokens.accessToken }))

for (const engine of buyingTestEngines()) {
  const stores = engine.stores.pipe(Layer.provideMerge(secrets), Layer.provideMerge(simulator))
  layer(testServer(stores, undefined, { couriers: steadfastCouriers.pipe(Layer.provide(simulator)) }), { excludeTestServices: true })(
    `Steadfast (${engine.name})`,
    (it) => {
      describe("booking", () => {
        it.effect("a COD order is booked with its number as invoice, the local phone and the cash to collect", () =>
          Effect.gen(function*() {
            const sim = yield* Steadfast
            const caller = yield* shopper
            const { order } = yield* placeOrder({ sku: "FIX-6-1", quantity: 2, prepaid: false, caller })
            const tracked = yield* booked(order.id, caller)
            const parcel = sim.parcels.get(tracked.orderNumber)!
            expect(parcel.body).toMatchObject({ invoice: tracked.orderNumber, recipient_phone: "01711000000", cod_amount: tracked.totalPrice })
            expect(tracked).toMatchObject({
              status: "processing",
              tracking: {
                courierName: "Steadfast",
                trackingNumber: parcel.trackingCode,
                trackingUrl: `https://steadfast.com.bd/t/${parcel.trackingCode}`
              }
            })
          }))

        it.effect("Steadfast down, then a lost answer: retried, and still one parcel for the order", () =>
          Effect.gen(function*() {
            const sim = yield* Steadfast
            const caller = yield* shopper
            sim.faults.down = 2
            sim.faults.loseAnswers = 1
            const { order } = yield* placeOrder({ sku: "FIX-6-1", prepaid: false, caller })
            const tracked = yield* booked(order.id, caller)
            expect([...sim.parcels.values()].filter((parcel) => parcel.invoice === tracked.orderNumber)).toHaveLength(1)
            expect(tracked.tracking.trackingNumber).toBe(tracked.orderNumber)
          }))
      })

      describe("notifications", () => {
        it.effect("verified by bearer token; move the order forward only; a delivered COD order is paid the cash collected", () =>
          Effect.gen(function*() {
            const sim = yield* Steadfast
            const caller = yield* shopper
            const { order } = yield* placeOrder({ sku: "FIX-6-1", prepaid: false, caller })
            const tracked = yield* booked(order.id, caller)
            const number = tracked.orderNumber
            const onTheWay = sim.deliveryStatus(number, "pending")
            for (const token of [null, "wrong-token", ""]) {
              const refused = yield* webhook(onTheWay, token)
              expect(refused.status, refused.text).toBe(401)
            }
            expect((yield* detail(order.id, caller)).status).toBe("processing")
            expect((yield* webhook(onTheWay)).status).toBe(200)
            expect(yield* detail(order.id, caller)).toMatchObject({ status: "shipped", tracking: { status: "in_transit" } })
            expect((yield* webhook(onTheWay)).status).toBe(200)
            const delivered = sim.deliveryStatus(number, "delivered", 1_250.5)
            expect((yield* webhook(delivered)).status).toBe(200)
            expect(yield* detail(order.id, caller)).toMatchObject({ status: "delivered", paymentStatus: "paid", amountPaid: 1_250.5 })
            // late and duplicate notifications: answered, nothing changes
            expect((yield* webhook(onTheWay)).status).toBe(200)
            expect((yield* webhook({ ...delivered, cod_amount: 99 })).status).toBe(200)
            expect((yield* webhook({ notification_type: "tracking_update", consignment_id: 1, invoice: number, tracking_message: "At hub" })).status).toBe(200)
            expect(yield* detail(order.id, caller)).toMatchObject({ status: "delivered", amountPaid: 1_250.5, tracking: { status: "delivered" } })
          }))

        it.effect("an unknown consignment is 200 and ignored; bad input is a 4xx that changes nothing", () =>
          Effect.gen(function*() {
            const sim = yield* Steadfast
            const caller = yield* shopper
            const { order } = yield* placeOrder({ sku: "FIX-6-1", prepaid: false, caller })
            const tracked = yield* booked(order.id, caller)
            const unknown = yield* webhook({ notification_type: "delivery_status", consignment_id: 9, invoice: "no-such-invoice", status: "delivered", cod_amount: 10 })
            expect(unknown.status).toBe(200)
            const event = sim.deliveryStatus(tracked.orderNumber, "delivered")
            for (const bad of ["{not json", "[]", "null", JSON.stringify({ ...event, invoice: "a\u0000b" }), JSON.stringify({ ...event, status: 5 })]) {
              const refused = yield* webhook(bad)
              expect(refused.status, `${bad}: ${refused.text}`).toBeGreaterThanOrEqual(400)
              expect(refused.status).toBeLessThan(500)
            }
            expect((yield* webhook(JSON.stringify(event), STEADFAST_CREDENTIALS.webhookToken, "text/plain")).status).toBe(415)
            expect((yield* webhook({ ...event, extra: "x".repeat(200_000) })).status).toBe(413)
            expect((yield* detail(order.id, caller)).tracking.status).toBe("booked")
            // unknown fields are ignored
            expect((yield* webhook({ ...event, surprise: { nested: true } })).status).toBe(200)
            expect((yield* detail(order.id, caller)).status).toBe("delivered")
          }))
      })
    }
  )
}
