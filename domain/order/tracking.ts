/**
 * A parcel's journey at its courier (docs/contract/orders.md, docs/contract/couriers.md; docs/fulfilment.md "States"), and what it
 * does to the order.
 *
 * Tracking statuses are ranked: `booked` < `picked_up` < `in_transit` < `on_hold` <
 * `out_for_delivery` < the ends (`delivered`, `partially_delivered`, `returned`, `cancelled`).
 * A status moves only to a higher rank: a duplicate or an older event arriving late changes
 * nothing, and once a parcel has reached an end nothing moves it again. (`on_hold` outranks
 * `in_transit`: a held parcel shows held until it is out for delivery or ends.)
 *
 * The order follows: `pending` → `processing` (booked) → `shipped` (picked up, in transit, held,
 * out for delivery) → `delivered` (whole or partial) or `returned`. A parcel the courier cancels
 * before pickup leaves the order where it is (the back office decides); cancelled after pickup,
 * it comes back: a return. A delivered cash-on-delivery order is
 * paid for what the courier collected; a returned one has its stock back, once.
 */
import { Schema } from "effect"
import { asMinorUnits, type MinorUnits } from "../shared/money.ts"
import type { Order } from "./order.ts"

export const TRACKING_STATUSES = [
  "booked",
  "picked_up",
  "in_transit",
  "on_hold",
  "out_for_delivery",
  "delivered",
  "partially_delivered",
  "returned",
  "cancelled"
] as const
export const TrackingStatus = Schema.Literals(TRACKING_STATUSES)
export type TrackingStatus = typeof TrackingStatus.Type

const RANK: Record<TrackingStatus, number> = {
  booked: 1,
  picked_up: 2,
  in_transit: 3,
  on_hold: 4,
  out_for_delivery: 5,
  delivered: 6,
  partially_delivered: 6,
  returned: 6,
  cancelled: 6
}

/** The rank of a tracking status; 0 before any booking (`""`). */
export const trackingRank = (status: TrackingStatus | ""): number => status === "" ? 0 : RANK[status]

/** Whether `next` moves a parcel now at `current` forward (never backwards, never sideways). */
export const movesForward = (current: TrackingStatus | "", next: TrackingStatus): boolean =>
  trackingRank(next) > trackingRank(current)

/** The parcel's journey has ended: no event moves it again. */
export const isFinalTracking = (status: TrackingStatus | ""): boolean => status !== "" && RANK[status] === RANK.delivered

/** Before pickup a booking may still be cancelled (after, 409 `order_not_cancellable`). */
export const isBeforePickup = (status: TrackingStatus | ""): boolean => trackingRank(status) <= RANK.booked

/** The order status a tracking status means; `undefined`: the order keeps its status. */
export const orderStatusFor = (status: TrackingStatus): string | undefined => {
  switch (status) {
    case "booked":
      return "processing"
    case "picked_up":
    case "in_transit":
    case "on_hold":
    case "out_for_delivery":
      return "shipped"
    case "delivered":
    case "partially_delivered":
      return "delivered"
    case "returned":
      return "returned"
    case "cancelled":
      return undefined
  }
}

const ORDER_RANK: Record<string, number> = { pending: 0, processing: 1, shipped: 2, delivered: 3, returned: 3 }

/** The order's status after its parcel reached `status`: forward only; a cancelled order stays cancelled. */
export const nextOrderStatus = (current: string, status: TrackingStatus): string => {
  const next = orderStatusFor(status)
  if (next === undefined || current === "cancelled") return current
  return (ORDER_RANK[next] ?? 0) > (ORDER_RANK[current] ?? 0) ? next : current
}

/** The back-office events a move of the parcel tells of. */
export type TrackingEventType = "order.shipped" | "order.delivered" | "order.returned" | "order.tracking_updated"

/** What the courier reports: a status and, on a delivery, the cash it collected (minor units). */
export interface TrackingReport {
  readonly status: TrackingStatus
  /** Cash collected from the recipient, when the courier says; `null` when it does not. */
  readonly collected: MinorUnits | null
}

export type TrackingOutcome =
  /** A duplicate, an older event, or one after the journey ended: nothing changes. */
  | { readonly _tag: "Unchanged" }
  | {
    readonly _tag: "Moved"
    readonly order: Order
    readonly events: ReadonlyArray<TrackingEventType>
    /** The parcel came back: its lines go back into stock (this happens once: `returned` is an end). */
    readonly restock: boolean
    /** Cash collected on delivery and recorded on the order now. */
    readonly collected: MinorUnits | null
  }

/** The cash to collect at the door: what the order costs less what was paid online. */
export const amountToCollect = (order: Pick<Order, "total" | "amountPaid">): MinorUnits =>
  asMinorUnits(Math.max(0, order.total - order.amountPaid))

/**
 * Applies a courier's report to the order: the tracking status forward only, the order's status
 * with it, and on a delivery of a cash-on-delivery order the cash collected (what the courier
 * reports, else the amount that was to be collected; a partial delivery has its own amount).
 */
export const applyTracking = (order: Order, report: TrackingReport): TrackingOutcome => {
  const current = order.tracking.status as TrackingStatus | ""
  // a parcel the courier cancels after pickup comes back to the shop: a return
  const reported: TrackingStatus = report.status === "cancelled" && trackingRank(current) >= RANK.picked_up ? "returned" : report.status
  if (current === "" || !movesForward(current, reported)) return { _tag: "Unchanged" }
  report = { ...report, status: reported }
  const status = nextOrderStatus(order.status, report.status)
  const delivered = report.status === "delivered" || report.status === "partially_delivered"
  const collected = delivered && order.paymentMethod === "cod"
    ? report.collected ?? (report.status === "delivered" ? amountToCollect(order) : null)
    : null
  const paid = collected !== null && collected > 0
  const moved: Order = {
    ...order,
    status,
    tracking: { ...order.tracking, status: report.status },
    ...(paid ? { paymentStatus: "paid", amountPaid: asMinorUnits(order.amountPaid + collected) } : {})
  }
  const events: Array<TrackingEventType> = ["order.tracking_updated"]
  if (status !== order.status) {
    if (status === "shipped") events.push("order.shipped")
    if (status === "delivered") events.push("order.delivered")
    if (status === "returned") events.push("order.returned")
  }
  return { _tag: "Moved", order: moved, events, restock: status === "returned" && order.status !== "returned", collected: paid ? collected : null }
}

/** The courier booked the parcel: the order shows its tracking and is `processing`. */
export const recordBooking = (
  order: Order,
  booking: { readonly courierName: string; readonly trackingNumber: string; readonly trackingUrl: string }
): Order => ({
  ...order,
  status: nextOrderStatus(order.status, "booked"),
  tracking: { ...booking, status: "booked" }
})

/**
 * An order is booked with its courier once it can ship: a cash-on-delivery order as soon as it
 * is placed, a prepaid one once paid (not while the payment is held, not once refunded). A
 * cancelled order is never booked.
 */
export const isBookable = (order: Pick<Order, "status" | "paymentMethod" | "paymentStatus">): boolean =>
  order.status === "pending" && (order.paymentMethod === "cod" || order.paymentStatus === "paid")
