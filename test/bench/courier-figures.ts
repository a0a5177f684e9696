// The `couriers` shape of `npm run bench` (issue 31), against the local Steadfast simulator
// (test/support/steadfast-simulator.ts) and the real server process on a database of its own
// with the demo catalog (courier-shape.ts):
// - booking: ORDERS cash-on-delivery orders are placed while Steadfast holds every call (the
//   booking relay's first calls wait, the rest of the orders queue in `shipments`); then
//   Steadfast answers, and the time from then until every order shows its tracking number (read
//   back through the customers' order lists) gives the bookings per second through the relay;
// - webhook: every booked parcel's notifications, each one distinct (a tracking_update, the
//   delivery_status `pending`, another tracking_update, then `delivered`, or for every fifth
//   order `partial_delivered` with half the cash), POSTed by autocannon with Steadfast's bearer
//   token, WEBHOOK_CONNECTIONS at a time: requests per second and latency; then every order must
//   be `delivered` with the cash collected as `amountPaid` (a wrong final state is a failure).
import { loadavg } from "node:os"
import { setTimeout as sleep } from "node:timers/promises"
import autocannon from "autocannon"
import type { AutocannonResult } from "autocannon"
import type { startSteadfastSimulator } from "../support/steadfast-simulator.ts"
import { STEADFAST_CREDENTIALS } from "../support/steadfast-simulator.ts"
import { onCleanup } from "./cleanup-on-exit.ts"
import { listOrders, ORDERS_PER_CUSTOMER, type PlacedOrder, placeOrders, registerCustomers } from "./courier-orders.ts"
import type { StoreApi } from "./store-api.ts"

export const COURIERS_SHAPE = "couriers"

const ORDERS = 300
const PLACING_CONCURRENCY = 8
const WEBHOOK_CONNECTIONS = 32
/** How long the orders may take to show their bookings, or the webhooks' outcome, before a failure. */
const SETTLE_TIMEOUT_MS = 120_000

type Steadfast = Awaited<ReturnType<typeof startSteadfastSimulator>>

export interface CourierFigures {
  readonly engine: "pglite" | "postgres"
  /** the 1-minute load average of the machine before and after the measurement (2 cores, shared) */
  readonly loadAverage: { readonly before: number; readonly after: number }
  readonly booking: {
    readonly orders: number
    /** checkouts per second while the orders were placed (Steadfast holding its answers) */
    readonly placedPerSecond: number
    /** from Steadfast answering until the last order showed its tracking number */
    readonly seconds: number
    readonly bookingsPerSecond: number
  }
  readonly webhook: {
    readonly events: number
    readonly connections: number
    readonly requestsPerSecond: number
    readonly latencyMs: { readonly p50: number; readonly p99: number; readonly max: number }
  }
  /** wrong answers, bookings that never came, wrong final states */
  readonly failures: ReadonlyArray<string>
}

const round = (n: number) => Math.round(n * 10) / 10

/** Waits until `check` finds nothing missing (or the timeout): what is still missing. */
const settle = async (check: () => Promise<ReadonlyArray<string>>): Promise<ReadonlyArray<string>> => {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS
  for (;;) {
    const missing = await check()
    if (missing.length === 0 || Date.now() > deadline) return missing
    await sleep(100)
  }
}

const summarise = (what: string, missing: ReadonlyArray<string>) =>
  missing.length === 0 ? [] : [`${missing.length} ${what}, e.g. ${missing.slice(0, 3).join("; ")}`]

/** Each parcel's events, in rounds: every order's first event, then every order's second, ... */
const notifications = (sim: Steadfast, orders: ReadonlyArray<PlacedOrder>) => {
  const collected = new Map(orders.map((order, i) => [order.orderNumber, i % 5 === 4 ? Math.floor(order.totalPrice / 2) : order.totalPrice]))
  const parcel = (order: PlacedOrder) => sim.parcels.get(order.orderNumber)!
  const update = (order: PlacedOrder, message: string) => ({
    notification_type: "tracking_update",
    consignment_id: parcel(order).consignmentId,
    invoice: order.orderNumber,
    tracking_message: message,
    updated_at: new Date().toISOString().replace("T", " ").slice(0, 19)
  })
  const status = (order: PlacedOrder, status: string) => ({
    notification_type: "delivery_status",
    consignment_id: parcel(order).consignmentId,
    invoice: order.orderNumber,
    cod_amount: status === "pending" ? order.totalPrice : collected.get(order.orderNumber)!,
    status,
    delivery_charge: 100,
    tracking_message: `Consignment status has been updated as ${status}`,
    updated_at: new Date().toISOString().replace("T", " ").slice(0, 19)
  })
  const rounds = [
    orders.map((order) => update(order, "Parcel received at the Dhaka sorting hub")),
    orders.map((order) => status(order, "pending")),
    orders.map((order) => update(order, "Parcel handed to the rider")),
    orders.map((order, i) => status(order, i % 5 === 4 ? "partial_delivered" : "delivered"))
  ]
  return { bodies: rounds.flat().map((event) => JSON.stringify(event)), collected }
}

const postAll = (baseUrl: string, bodies: ReadonlyArray<string>): Promise<AutocannonResult> =>
  new Promise((resolve, reject) => {
    let next = 0
    let unregister = (): void => {}
    const instance = autocannon({
      url: baseUrl,
      title: "couriers webhook",
      connections: WEBHOOK_CONNECTIONS,
      amount: bodies.length,
      requests: [{
        method: "POST",
        path: "/couriers/steadfast/webhook",
        headers: { "content-type": "application/json", authorization: `Bearer ${STEADFAST_CREDENTIALS.webhookToken}` },
        setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length]! })
      }]
    }, (error, result) => {
      unregister()
      if (error === null) resolve(result)
      else reject(error)
    })
    unregister = onCleanup(() => instance.stop())
  })

export const measureCouriers = async (api: StoreApi, sim: Steadfast, engine: CourierFigures["engine"]): Promise<CourierFigures> => {
  const before = loadavg()[0]!
  const failures: Array<string> = []
  const customers = await registerCustomers(api, Math.ceil(ORDERS / ORDERS_PER_CUSTOMER))

  sim.hold()
  const placingFrom = performance.now()
  const orders = await placeOrders(api, customers, ORDERS, PLACING_CONCURRENCY)
  const placedPerSecond = round(ORDERS / ((performance.now() - placingFrom) / 1000))
  console.log(`[bench] couriers: ${ORDERS} COD orders placed, ${placedPerSecond}/s; Steadfast answers now`)
  const releasedAt = performance.now()
  sim.release()
  failures.push(...summarise("orders never booked", await settle(async () => {
    const listed = await listOrders(api, customers)
    return orders.filter((order) => {
      const shown = listed.get(order.orderNumber)
      return shown?.status !== "processing" || shown.trackingNumber !== sim.parcels.get(order.orderNumber)?.trackingCode
    }).map((order) => `${order.orderNumber}: ${JSON.stringify(listed.get(order.orderNumber))}`)
  })))
  const bookingSeconds = (performance.now() - releasedAt) / 1000
  const parcels = [...sim.parcels.values()].filter((parcel) => orders.some((order) => order.orderNumber === parcel.invoice))
  if (parcels.length !== ORDERS) failures.push(`${parcels.length} parcels at Steadfast for ${ORDERS} orders`)

  const { bodies, collected } = notifications(sim, orders)
  const result = await postAll(api.baseUrl, bodies)
  const unexpected = Object.entries(result.statusCodeStats).filter(([code]) => code !== "200")
  if (unexpected.length > 0) failures.push(`webhook answers besides 200: ${unexpected.map(([code, s]) => `${s.count}x${code}`).join(", ")}`)
  if (result.errors > 0) failures.push(`${result.errors} webhook connection errors (${result.timeouts} timeouts)`)
  failures.push(...summarise("orders in a wrong final state", await settle(async () => {
    const listed = await listOrders(api, customers)
    return orders.filter((order) => {
      const shown = listed.get(order.orderNumber)
      const whole = collected.get(order.orderNumber) === order.totalPrice
      return shown?.status !== "delivered" || shown.amountPaid !== collected.get(order.orderNumber) ||
        (whole && shown.paymentStatus !== "paid")
    }).map((order) => `${order.orderNumber} (collected ${collected.get(order.orderNumber)}): ${JSON.stringify(listed.get(order.orderNumber))}`)
  })))

  return {
    engine,
    loadAverage: { before: round(before), after: round(loadavg()[0]!) },
    booking: { orders: ORDERS, placedPerSecond, seconds: round(bookingSeconds), bookingsPerSecond: round(ORDERS / bookingSeconds) },
    webhook: {
      events: bodies.length,
      connections: WEBHOOK_CONNECTIONS,
      requestsPerSecond: round(result.requests.total / result.duration),
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max }
    },
    failures
  }
}

export const describeCouriers = (figures: CourierFigures): string =>
  `couriers (${figures.engine}, Steadfast simulator; load ${figures.loadAverage.before} → ${figures.loadAverage.after}): ` +
  `booking relay ${figures.booking.bookingsPerSecond} bookings/s (${figures.booking.orders} queued COD orders booked in ` +
  `${figures.booking.seconds} s; placed at ${figures.booking.placedPerSecond}/s); webhook ${figures.webhook.requestsPerSecond} events/s, ` +
  `p50 ${figures.webhook.latencyMs.p50} ms, p99 ${figures.webhook.latencyMs.p99} ms, max ${figures.webhook.latencyMs.max} ms ` +
  `(${figures.webhook.events} distinct events, ${figures.webhook.connections} connections)` +
  (figures.failures.length > 0 ? `; FAILED: ${figures.failures.join("; ")}` : "; final states right")
