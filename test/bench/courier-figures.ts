// The `couriers` shape of `npm run bench` (issue 31), against the local couriers' simulators
// (test/support/steadfast-simulator.ts, pathao-simulator.ts) and the real server process on a
// database of its own with the demo catalog (courier-shape.ts):
// - booking (Steadfast): ORDERS cash-on-delivery orders are placed while Steadfast holds every
//   call (the booking relay's first calls wait, the other orders queue in `shipments`); then
//   Steadfast answers, and the time from then until every order shows its tracking number (read
//   back through the customers' order lists) gives the bookings per second through the relay;
// - Steadfast webhook: every booked parcel's notifications, each one distinct (a
//   tracking_update, the delivery_status `pending`, another tracking_update, then `delivered`, or
//   for every fifth order `partial_delivered` with half the cash), POSTed by autocannon with
//   Steadfast's bearer token: events per second and latency; then every order must be
//   `delivered` with the cash collected as `amountPaid` (a wrong final state is a failure);
// - Pathao webhook (pathao-events.ts): the same for Pathao's order events, on a second server.
import type { startSteadfastSimulator } from "../support/steadfast-simulator.ts"
import { STEADFAST_CREDENTIALS } from "../support/steadfast-simulator.ts"
import { describeEvents, type EventFigures, postEvents, round, settle } from "./courier-events.ts"
import { listOrders, notBooked, ORDERS_PER_CUSTOMER, type PlacedOrder, placeOrders, registerCustomers, wronglyDelivered } from "./courier-orders.ts"
import type { StoreApi } from "./store-api.ts"

export const COURIERS_SHAPE = "couriers"

const ORDERS = 300
export const PLACING_CONCURRENCY = 8
export const WEBHOOK_CONNECTIONS = 32

type Steadfast = Awaited<ReturnType<typeof startSteadfastSimulator>>

export interface BookingFigures {
  readonly orders: number
  /** checkouts per second while the orders were placed (Steadfast holding its answers) */
  readonly placedPerSecond: number
  /** from Steadfast answering until the last order showed its tracking number */
  readonly seconds: number
  readonly bookingsPerSecond: number
}

export interface CourierFigures {
  readonly engine: "pglite" | "postgres"
  /** the 1-minute load average of the machine before and after the measurement (2 cores, shared) */
  readonly loadAverage: { readonly before: number; readonly after: number }
  readonly booking: BookingFigures
  readonly steadfastWebhook: EventFigures
  readonly pathaoWebhook: EventFigures
  /** wrong answers, bookings that never came, wrong final states */
  readonly failures: ReadonlyArray<string>
}

const updatedAt = () => new Date().toISOString().replace("T", " ").slice(0, 19)

/** Each parcel's notifications, in rounds: every order's first one, then every order's second, ... */
const notifications = (sim: Steadfast, orders: ReadonlyArray<PlacedOrder>) => {
  const collected = new Map(orders.map((order, i) => [order.orderNumber, i % 5 === 4 ? Math.floor(order.totalPrice / 2) : order.totalPrice]))
  const of = (order: PlacedOrder) => ({ consignment_id: sim.parcels.get(order.orderNumber)!.consignmentId, invoice: order.orderNumber })
  const update = (order: PlacedOrder, message: string) => ({ notification_type: "tracking_update", ...of(order), tracking_message: message, updated_at: updatedAt() })
  const status = (order: PlacedOrder, status: string) => ({
    notification_type: "delivery_status",
    ...of(order),
    cod_amount: status === "pending" ? order.totalPrice : collected.get(order.orderNumber)!,
    status,
    delivery_charge: 100,
    tracking_message: `Consignment status has been updated as ${status}`,
    updated_at: updatedAt()
  })
  const rounds = [
    orders.map((order) => update(order, "Parcel received at the Dhaka sorting hub")),
    orders.map((order) => status(order, "pending")),
    orders.map((order) => update(order, "Parcel handed to the rider")),
    orders.map((order, i) => status(order, i % 5 === 4 ? "partial_delivered" : "delivered"))
  ]
  return { bodies: rounds.flat().map((event) => JSON.stringify(event)), collected }
}

/** Bookings through the relay, then the Steadfast webhook, on a server with Steadfast as its courier. */
export const measureSteadfast = async (api: StoreApi, sim: Steadfast) => {
  const failures: Array<string> = []
  const customers = await registerCustomers(api, Math.ceil(ORDERS / ORDERS_PER_CUSTOMER))

  sim.hold()
  const placingFrom = performance.now()
  const orders = await placeOrders(api, customers, ORDERS, PLACING_CONCURRENCY)
  const placedPerSecond = round(ORDERS / ((performance.now() - placingFrom) / 1000))
  console.log(`[bench] couriers: ${ORDERS} COD orders placed, ${placedPerSecond}/s; Steadfast answers now`)
  const releasedAt = performance.now()
  sim.release()
  const trackingOf = (order: PlacedOrder) => sim.parcels.get(order.orderNumber)?.trackingCode
  failures.push(...await settle("orders never booked", async () => notBooked(orders, trackingOf, await listOrders(api, customers))))
  const seconds = (performance.now() - releasedAt) / 1000
  const parcels = [...sim.parcels.values()].filter((parcel) => orders.some((order) => order.orderNumber === parcel.invoice))
  if (parcels.length !== ORDERS) failures.push(`${parcels.length} parcels at Steadfast for ${ORDERS} orders`)

  const { bodies, collected } = notifications(sim, orders)
  const webhook = await postEvents({
    baseUrl: api.baseUrl,
    path: "/couriers/steadfast/webhook",
    headers: { authorization: `Bearer ${STEADFAST_CREDENTIALS.webhookToken}` },
    bodies,
    connections: WEBHOOK_CONNECTIONS,
    expectedStatus: 200
  })
  failures.push(...webhook.failures)
  failures.push(...await settle("Steadfast orders in a wrong final state", async () =>
    wronglyDelivered(orders, collected, await listOrders(api, customers))))
  const booking: BookingFigures = { orders: ORDERS, placedPerSecond, seconds: round(seconds), bookingsPerSecond: round(ORDERS / seconds) }
  return { booking, webhook: webhook.figures, failures }
}

export const describeCouriers = (figures: CourierFigures): string =>
  `couriers (${figures.engine}, simulators; load ${figures.loadAverage.before} → ${figures.loadAverage.after}): ` +
  `booking relay ${figures.booking.bookingsPerSecond} bookings/s (${figures.booking.orders} queued COD orders booked at Steadfast in ` +
  `${figures.booking.seconds} s; placed at ${figures.booking.placedPerSecond}/s); Steadfast webhook ${describeEvents(figures.steadfastWebhook)}; ` +
  `Pathao webhook ${describeEvents(figures.pathaoWebhook)}` +
  (figures.failures.length > 0 ? `; FAILED: ${figures.failures.join("; ")}` : "; final states right")
