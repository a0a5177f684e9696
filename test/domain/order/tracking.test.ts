/**
 * A parcel's tracking and its order (domain/fulfilment/tracking.ts): property tests over any
 * sequence of courier reports (duplicates, late and out-of-order ones) applied one after another
 * as the order lock serialises them, and the rules of booking and cancelling.
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Result, Schema } from "effect"
import {
  applyTracking,
  isBookable,
  movesForward,
  recordBooking,
  TRACKING_STATUSES,
  TrackingStatus,
  trackingRank
} from "../../../domain/order/tracking.ts"
import { cancelOrder, ORDER_STATUSES } from "../../../domain/order/order-lifecycle.ts"
import { type Order, placeOrder } from "../../../domain/order/order.ts"
import { CartId, CustomerId, OrderId, ShopId } from "../../../domain/shared/ids.ts"
import { minor } from "../../support/units.ts"

const NOW = new Date("2026-03-01T10:00:00.000Z")
const TOTAL = minor(125_050)

const order = (paymentMethod: "cod" | "prepaid"): Order =>
  placeOrder({
    id: OrderId.make("ord_1"),
    orderNumber: "100000",
    customerId: CustomerId.make("cus_1"),
    guestContact: null,
    cart: {
      id: CartId.make("cart_1"), shopId: ShopId.make("shop_1"), customerId: null, status: "active", lines: [],
      shippingAddress: {
        name: "Rahim", phone: "01711000000", house: "", road: "", thana: "", district: "", division: "", city: "Dhaka",
        postcode: "", country: "", note: "", email: ""
      },
      billingAddress: null, shippingMethodId: "", paymentMethod, customerNote: "", couponCode: "",
      version: 1, createdAt: NOW, updatedAt: NOW, expiresAt: NOW
    } as never,
    lines: [],
    totals: { subtotal: TOTAL, couponDiscount: minor(0), discountTotal: minor(0), shippingFee: minor(0), codFee: minor(0), total: TOTAL, itemCount: 1 },
    couponApplied: false,
    shippingMethodName: "",
    now: NOW
  })

const booking = { courierName: "Demo courier", trackingNumber: "DC100000", trackingUrl: "https://courier.example/t/DC100000" }

const Report = Schema.Struct({
  status: TrackingStatus,
  collected: Schema.NullOr(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 200_000 })))
})
const Reports = Arbitrary.schema(Schema.Array(Report).check(Schema.isMaxLength(14)))
const Method = Arbitrary.schema(Schema.Literals(["cod", "prepaid"]))

const ORDER_RANK: Record<string, number> = { pending: 0, processing: 1, shipped: 2, delivered: 3, returned: 3 }

describe("tracking", () => {
  it("statuses are ranked from booked to the ends; only a higher rank moves a parcel", () => {
    expect(TRACKING_STATUSES.map(trackingRank)).toEqual([1, 2, 3, 4, 5, 6, 6, 6, 6])
    expect(movesForward("", "booked")).toBe(true)
    expect(movesForward("in_transit", "picked_up")).toBe(false)
    expect(movesForward("in_transit", "in_transit")).toBe(false)
    expect(movesForward("delivered", "returned")).toBe(false)
    expect(movesForward("on_hold", "out_for_delivery")).toBe(true)
  })

  it.prop("any sequence of reports: tracking and order status never move backwards, each status change is told once, stock comes back at most once, cash is recorded at most once", [Reports, Method], ([reports, method]) => {
    let current = recordBooking(order(method), booking)
    expect(current.status).toBe("processing")
    let restocks = 0
    let collections = 0
    const told: Array<string> = []
    for (const report of reports) {
      const outcome = applyTracking(current, { status: report.status, collected: report.collected === null ? null : minor(report.collected) })
      if (outcome._tag === "Unchanged") continue
      expect(trackingRank(outcome.order.tracking.status as TrackingStatus)).toBeGreaterThan(trackingRank(current.tracking.status as TrackingStatus))
      expect(ORDER_RANK[outcome.order.status]!).toBeGreaterThanOrEqual(ORDER_RANK[current.status]!)
      expect(ORDER_STATUSES).toContain(outcome.order.status)
      expect(outcome.order.tracking.trackingNumber).toBe(booking.trackingNumber)
      if (outcome.restock) restocks++
      if (outcome.collected !== null) collections++
      told.push(...outcome.events.filter((event) => event !== "order.tracking_updated"))
      current = outcome.order
    }
    expect(restocks).toBeLessThanOrEqual(1)
    expect(collections).toBeLessThanOrEqual(1)
    expect(new Set(told).size).toBe(told.length)
    expect(told.includes("order.delivered") && told.includes("order.returned")).toBe(false)
    if (current.status === "returned") expect(restocks).toBe(1)
    // a replay of the whole sequence changes nothing more
    for (const report of reports) {
      expect(applyTracking(current, { status: report.status, collected: null })).toEqual({ _tag: "Unchanged" })
    }
    if (method === "prepaid") expect(current.amountPaid).toBe(0)
  })

  it("a delivered cash-on-delivery order is paid for what the courier collected", () => {
    const booked = recordBooking(order("cod"), booking)
    const moved = applyTracking(booked, { status: "delivered", collected: minor(120_000) })
    expect(moved).toMatchObject({ _tag: "Moved", collected: 120_000, events: ["order.tracking_updated", "order.delivered"] })
    if (moved._tag === "Moved") expect(moved.order).toMatchObject({ status: "delivered", paymentStatus: "paid", amountPaid: 120_000 })
  })

  it("a delivery whose report names no amount collects what was to be collected; a partial one without an amount records none", () => {
    const booked = recordBooking(order("cod"), booking)
    const whole = applyTracking(booked, { status: "delivered", collected: null })
    if (whole._tag === "Moved") expect(whole.order).toMatchObject({ paymentStatus: "paid", amountPaid: TOTAL })
    const partial = applyTracking(booked, { status: "partially_delivered", collected: null })
    if (partial._tag === "Moved") expect(partial.order).toMatchObject({ status: "delivered", paymentStatus: "unpaid", amountPaid: 0 })
    expect([whole._tag, partial._tag]).toEqual(["Moved", "Moved"])
  })

  it("an order not booked is not moved by a report", () => {
    expect(applyTracking(order("cod"), { status: "delivered", collected: null })).toEqual({ _tag: "Unchanged" })
  })

  it("a return brings the stock back and tells order.returned; a courier's cancellation leaves the order's status", () => {
    const picked = applyTracking(recordBooking(order("cod"), booking), { status: "picked_up", collected: null })
    if (picked._tag !== "Moved") throw new Error("expected a move")
    expect(picked.order.status).toBe("shipped")
    expect(picked.events).toContain("order.shipped")
    const returned = applyTracking(picked.order, { status: "returned", collected: null })
    expect(returned).toMatchObject({ _tag: "Moved", restock: true, events: ["order.tracking_updated", "order.returned"] })
    const cancelled = applyTracking(recordBooking(order("cod"), booking), { status: "cancelled", collected: null })
    if (cancelled._tag === "Moved") expect(cancelled.order.status).toBe("processing")
    // cancelled at the courier after pickup: the parcel comes back
    expect(applyTracking(picked.order, { status: "cancelled", collected: null })).toMatchObject({
      _tag: "Moved", restock: true, order: { status: "returned", tracking: { status: "returned" } }
    })
  })

  it("bookable: a cash-on-delivery order once placed, a prepaid one once paid, never while held or once cancelled", () => {
    expect(isBookable(order("cod"))).toBe(true)
    expect(isBookable(order("prepaid"))).toBe(false)
    expect(isBookable({ ...order("prepaid"), paymentStatus: "paid" })).toBe(true)
    expect(isBookable({ ...order("prepaid"), paymentStatus: "on_hold" })).toBe(false)
    expect(isBookable({ ...order("cod"), status: "cancelled" })).toBe(false)
    expect(isBookable(recordBooking(order("cod"), booking))).toBe(false)
  })

  it("a booked order may be cancelled until its pickup; after it, order_not_cancellable", () => {
    const booked = recordBooking(order("cod"), booking)
    expect(Result.getOrThrow(cancelOrder(booked, "customer", NOW))).toMatchObject({ _tag: "Cancelled", booked: true })
    expect(Result.getOrThrow(cancelOrder(order("cod"), "customer", NOW))).toMatchObject({ _tag: "Cancelled", booked: false })
    const picked = applyTracking(booked, { status: "picked_up", collected: null })
    if (picked._tag !== "Moved") throw new Error("expected a move")
    expect(Result.isFailure(cancelOrder(picked.order, "customer", NOW))).toBe(true)
  })
})
