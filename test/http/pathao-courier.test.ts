/**
 * Pathao end to end through the real server on every SQL engine, against the local simulator of
 * its merchant API (test/support/pathao-simulator.ts): a COD order is booked with its number as
 * merchant_order_id, the city and zone placed on Pathao's lists (cached), the local phone and the
 * cash to collect; an address its lists cannot place is flagged, not guessed; an expired token is
 * renewed; the webhook is verified by X-PATHAO-Signature (401 otherwise), the integration
 * handshake is answered 202 with the integration header, events move the order forward only and a
 * delivered COD order is paid the collected_amount; the poll asks orders/{id}/info.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Context, Effect, Layer, Option, Redacted } from "effect"
import { FetchHttpClient, HttpClient } from "effect/http"
import { SqlClient } from "effect/sql"
import { makePathaoCourier } from "../../adapters/couriers/pathao-courier.ts"
import { CourierWebhookSecrets } from "../../adapters/http/courier-webhooks/webhook-request.ts"
import { Couriers } from "../../application/fulfilment/courier.ts"
import { ShipmentStore } from "../../application/fulfilment/shipment-store.ts"
import { couriersOf } from "../../config/fulfilment.ts"
import { registerCustomer } from "../support/account-http.ts"
import { buyingTestEngines } from "../support/cart-http.ts"
import { eventually } from "../support/eventually.ts"
import { type PlacedOrderBody, placeOrder } from "../support/order-payment-http.ts"
import { PATHAO_CREDENTIALS, startPathaoSimulator } from "../support/pathao-simulator.ts"
import { type Caller, storeRequest } from "../support/store-http.ts"
import { rawRequest, testServer } from "../support/test-server.ts"

class Pathao extends Context.Service<Pathao, Awaited<ReturnType<typeof startPathaoSimulator>>>()("test/Pathao") {}

const simulator = Layer.effect(Pathao, Effect.acquireRelease(Effect.promise(startPathaoSimulator), (sim) => Effect.promise(sim.close)))

const pathaoCouriers = Layer.effect(Couriers, Effect.gen(function*() {
  const sim = yield* Pathao
  const courier = yield* makePathaoCourier({
    baseUrl: sim.origin,
    clientId: PATHAO_CREDENTIALS.clientId,
    clientSecret: Redacted.make(PATHAO_CREDENTIALS.clientSecret),
    username: PATHAO_CREDENTIALS.username,
    password: Redacted.make(PATHAO_CREDENTIALS.password),
    storeId: PATHAO_CREDENTIALS.storeId,
    timeoutMillis: 2_000
  }, yield* HttpClient.HttpClient)
  return couriersOf([courier], "pathao")
})).pipe(Layer.provide(FetchHttpClient.layer))

const secrets = Layer.succeed(CourierWebhookSecrets, {
  steadfastToken: Option.none(),
  pathaoSecret: Option.some(Redacted.make(PATHAO_CREDENTIALS.webhookSecret))
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

const webhook = (body: unknown, signature: string | null = PATHAO_CREDENTIALS.webhookSecret) =>
  rawRequest("POST", "/couriers/pathao/webhook", {
    headers: { "content-type": "application/json", ...(signature === null ? {} : { "x-pathao-signature": signature }) },
    body: typeof body === "string" ? body : JSON.stringify(body)
  })

const shopper = Effect.map(registerCustomer(), (customer) => ({ accessToken: customer.tokens.accessToken }))
const GULSHAN = { thana: "Gulshan" }

for (const engine of buyingTestEngines()) {
  const stores = engine.stores.pipe(Layer.provideMerge(secrets), Layer.provideMerge(simulator))
  layer(testServer(stores, undefined, { couriers: pathaoCouriers.pipe(Layer.provide(simulator)) }), { excludeTestServices: true })(
    `Pathao (${engine.name})`,
    (it) => {
      describe("booking", () => {
        it.effect("a COD order is booked with its number, its city and zone from Pathao's lists, the local phone and the cash to collect", () =>
          Effect.gen(function*() {
            const sim = yield* Pathao
            const caller = yield* shopper
            const { order } = yield* placeOrder({ sku: "FIX-6-1", quantity: 2, prepaid: false, caller, address: GULSHAN })
            const tracked = yield* booked(order.id, caller)
            const [parcel] = sim.byOrder(tracked.orderNumber)
            expect(parcel!.body).toMatchObject({
              merchant_order_id: tracked.orderNumber, store_id: 148, recipient_phone: "01711000000", recipient_city: 1,
              recipient_zone: 52, amount_to_collect: Math.ceil(tracked.totalPrice), delivery_type: 48, item_type: 2
            })
            expect(tracked.tracking).toMatchObject({ courierName: "Pathao", trackingNumber: parcel!.consignmentId })
            const second = yield* placeOrder({ sku: "FIX-6-1", prepaid: false, caller, address: GULSHAN })
            yield* booked(second.order.id, caller)
            expect(sim.counts.cityLists).toBe(1)
          }))

        it.effect("an address Pathao's lists cannot place is not booked but flagged; an expired token is renewed", () =>
          Effect.gen(function*() {
            const sim = yield* Pathao
            const caller = yield* shopper
            const { order } = yield* placeOrder({ sku: "FIX-6-1", prepaid: false, caller, address: { thana: "Nowhere" } })
            const sql = yield* SqlClient.SqlClient
            const flag = yield* eventually(Effect.map(sql<{ flag: string }>`SELECT flag FROM shipments WHERE order_id = ${order.id}`, (rows) => {
              expect(rows[0]?.flag).toBe("address_unplaced")
              return rows[0]?.flag
            }))
            expect(flag).toBe("address_unplaced")
            expect((yield* detail(order.id, caller)).tracking.status).toBe("")

            sim.expireTokens()
            const grants = sim.counts.refreshGrants + sim.counts.passwordGrants
            const renewed = yield* placeOrder({ sku: "FIX-6-1", prepaid: false, caller, address: GULSHAN })
            yield* booked(renewed.order.id, caller)
            expect(sim.counts.refreshGrants + sim.counts.passwordGrants).toBe(grants + 1)
          }))
      })

      describe("webhook", () => {
        it.effect("the integration handshake is 202 with the integration header; a caller without the secret is 401", () =>
          Effect.gen(function*() {
            const handshake = yield* webhook({ event: "webhook_integration" })
            expect(handshake.status).toBe(202)
            expect(handshake.headers["x-pathao-merchant-webhook-integration-secret"]).toBe("f3992ecc-59da-4cbe-a049-a13da2018d51")
            for (const signature of [null, "forged", ""]) expect((yield* webhook({ event: "webhook_integration" }, signature)).status).toBe(401)
          }))

        it.effect("events move the order forward only, duplicates and late ones change nothing, delivered is paid the collected amount", () =>
          Effect.gen(function*() {
            const sim = yield* Pathao
            const caller = yield* shopper
            const { order } = yield* placeOrder({ sku: "FIX-6-1", prepaid: false, caller, address: GULSHAN })
            const tracked = yield* booked(order.id, caller)
            const parcel = sim.byOrder(tracked.orderNumber)[0]!
            const picked = sim.event(parcel, "order.picked")
            expect((yield* webhook(picked, "forged")).status).toBe(401)
            expect((yield* detail(order.id, caller)).status).toBe("processing")
            expect((yield* webhook(picked)).status).toBe(202)
            expect((yield* webhook(picked)).status).toBe(202)
            expect(yield* detail(order.id, caller)).toMatchObject({ status: "shipped", tracking: { status: "picked_up" } })
            expect((yield* webhook(sim.event(parcel, "order.assigned-for-delivery"))).status).toBe(202)
            expect((yield* webhook(sim.event(parcel, "order.in-transit"))).status).toBe(202)
            expect((yield* detail(order.id, caller)).tracking.status).toBe("out_for_delivery")
            expect((yield* webhook(sim.event(parcel, "order.delivered", { collected_amount: 700 }))).status).toBe(202)
            expect(yield* detail(order.id, caller)).toMatchObject({ status: "delivered", paymentStatus: "paid", amountPaid: 700 })
            expect((yield* webhook(sim.event(parcel, "order.returned"))).status).toBe(202)
            expect((yield* detail(order.id, caller)).status).toBe("delivered")
            const unknown = yield* webhook({ ...picked, consignment_id: "DLNOSUCH", merchant_order_id: "1" })
            expect(unknown.status).toBe(202)
            for (const bad of ["{oops", "[1]", JSON.stringify({ event: 5 })]) {
              const refused = yield* webhook(bad)
              expect(refused.status).toBeGreaterThanOrEqual(400)
              expect(refused.status).toBeLessThan(500)
            }
          }))

        it.effect("the poll's question: orders/{consignment_id}/info answers where the parcel is", () =>
          Effect.gen(function*() {
            const sim = yield* Pathao
            const caller = yield* shopper
            const { order } = yield* placeOrder({ sku: "FIX-6-1", prepaid: false, caller, address: GULSHAN })
            const tracked = yield* booked(order.id, caller)
            sim.byOrder(tracked.orderNumber)[0]!.status = "In_Transit"
            const shipment = Option.getOrThrow(yield* Effect.flatMap(ShipmentStore, (shipments) => shipments.find(order.id as never)))
            const courier = yield* Effect.provide(
              Effect.flatMap(Couriers, (couriers) => Effect.succeed(couriers.get("pathao")!)),
              pathaoCouriers.pipe(Layer.provide(Layer.succeed(Pathao, sim)))
            )
            expect(yield* courier.status(shipment)).toEqual({ status: "in_transit", collected: null })
          }))
      })
    }
  )
}
