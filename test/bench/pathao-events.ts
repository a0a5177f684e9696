// The Pathao phase of the `couriers` shape (courier-figures.ts), on a server with Pathao as its
// courier against the local Pathao simulator: ORDERS cash-on-delivery orders (a Gulshan address,
// placed through Pathao's city and zone lists) are booked, then every parcel's order events, each
// one distinct (`order.picked`, `order.in-transit`, `order.assigned-for-delivery`, then
// `order.delivered` with its `collected_amount`, or for every fifth order `order.partial-delivery`
// with half the cash), are POSTed by autocannon with the X-PATHAO-Signature header: events per
// second and latency; then every order must be `delivered` with the cash collected as `amountPaid`.
import type { startPathaoSimulator } from "../support/pathao-simulator.ts"
import { PATHAO_CREDENTIALS } from "../support/pathao-simulator.ts"
import { postEvents, settle } from "./courier-events.ts"
import { listOrders, notBooked, ORDERS_PER_CUSTOMER, type PlacedOrder, placeOrders, registerCustomers, wronglyDelivered } from "./courier-orders.ts"
import { PLACING_CONCURRENCY, WEBHOOK_CONNECTIONS } from "./courier-figures.ts"
import type { StoreApi } from "./store-api.ts"

const ORDERS = 200
/** The Steadfast phase's customers come first, on the same database. */
const FIRST_CUSTOMER = 100

type Pathao = Awaited<ReturnType<typeof startPathaoSimulator>>

export const measurePathao = async (api: StoreApi, sim: Pathao) => {
  const failures: Array<string> = []
  const customers = await registerCustomers(api, Math.ceil(ORDERS / ORDERS_PER_CUSTOMER), FIRST_CUSTOMER)
  const orders = await placeOrders(api, customers, ORDERS, PLACING_CONCURRENCY)
  const parcelOf = (order: PlacedOrder) => sim.byOrder(order.orderNumber)[0]
  failures.push(...await settle("orders never booked at Pathao", async () =>
    notBooked(orders, (order) => parcelOf(order)?.consignmentId, await listOrders(api, customers))))
  console.log(`[bench] couriers: ${ORDERS} COD orders booked at Pathao; its events now`)

  const partial = (i: number) => i % 5 === 4
  const collected = new Map(orders.map((order, i) => [order.orderNumber, partial(i) ? Math.floor(order.totalPrice / 2) : order.totalPrice]))
  const booked = orders.filter((order) => parcelOf(order) !== undefined)
  const event = (name: string, extra: (order: PlacedOrder) => Record<string, unknown> = () => ({})) =>
    booked.map((order) => JSON.stringify(sim.event(parcelOf(order)!, name, extra(order))))
  const bodies = [
    ...event("order.picked"),
    ...event("order.in-transit"),
    ...event("order.assigned-for-delivery"),
    ...booked.map((order) =>
      JSON.stringify(sim.event(parcelOf(order)!, collected.get(order.orderNumber) === order.totalPrice ? "order.delivered" : "order.partial-delivery", {
        collected_amount: collected.get(order.orderNumber)
      })))
  ]
  const webhook = await postEvents({
    baseUrl: api.baseUrl,
    path: "/couriers/pathao/webhook",
    headers: { "x-pathao-signature": PATHAO_CREDENTIALS.webhookSecret },
    bodies,
    connections: WEBHOOK_CONNECTIONS,
    expectedStatus: 202
  })
  failures.push(...webhook.failures)
  failures.push(...await settle("Pathao orders in a wrong final state", async () =>
    wronglyDelivered(booked, collected, await listOrders(api, customers))))
  return { webhook: webhook.figures, failures }
}
