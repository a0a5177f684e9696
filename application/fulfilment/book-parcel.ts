/**
 * Use case: book an order's parcel with its courier (the booking relay's delivery of one claimed
 * shipment). Outside any transaction the order is read and the courier asked (idempotent by the
 * order number, so a retry after a lost answer gets the same parcel); then, with the order
 * locked, the booking is recorded once: the order shows its tracking and is `processing`, the
 * customer gets an SMS with the tracking link and the back office `order.tracking_updated`.
 * An order cancelled meanwhile keeps its cancellation; its booking is cancelled at the courier
 * (or flagged). A cancelled order, or one no longer bookable, is not booked.
 */
import { Clock, Effect, Option } from "effect"
import { bookShipment, type Shipment } from "../../domain/fulfilment/shipment.ts"
import { amountToCollect, isBookable, recordBooking } from "../../domain/order/tracking.ts"
import type { Order } from "../../domain/order/order.ts"
import type { OrderId } from "../../domain/shared/ids.ts"
import { DeliveryFailed } from "../notifications/delivery-failed.ts"
import { ADDRESS_UNPLACED, type Parcel } from "./courier.ts"
import type { FulfilmentPorts } from "./fulfilment-ports.ts"
import { cancelAtCourier } from "./cancel-booking.ts"
import { tellCustomer } from "./parcel-messages.ts"

const describeLines = (order: Order): string =>
  order.lines.map((line) => {
    const options = Object.values(line.optionValues).join(", ")
    return `${line.quantity} x ${line.productName}${options === "" ? "" : ` (${options})`}`
  }).join("; ")

export const parcelOf = (order: Order, shipment: Shipment): Parcel => ({
  orderNumber: order.orderNumber,
  recipientName: order.shippingAddress.name.trim(),
  recipientPhone: order.shippingAddress.phone,
  address: order.shippingAddress,
  amountToCollect: amountToCollect(order),
  weightGrams: shipment.weightGrams,
  itemCount: order.lines.reduce((sum, line) => sum + line.quantity, 0),
  description: describeLines(order),
  note: [order.customerNotes ?? "", order.shippingAddress.note].filter((text) => text.trim() !== "").join(" / ")
})

export const bookParcel = (ports: FulfilmentPorts, orderId: OrderId) =>
  Effect.gen(function*() {
    const found = yield* ports.shipments.find(orderId)
    if (Option.isNone(found) || found.value.status !== "") return
    const shipment = found.value
    const stored = yield* ports.orders.findForUpdate(orderId)
    if (Option.isNone(stored) || !isBookable(stored.value.order)) return
    const courier = ports.couriers.get(shipment.courier)
    if (courier === undefined) {
      return yield* new DeliveryFailed({ permanent: true, reason: `courier ${shipment.courier} is not configured` })
    }
    const booking = yield* courier.book(parcelOf(stored.value.order, shipment)).pipe(
      // refused for good: the back office must look at it (the booking is a dead letter)
      Effect.tapError((failure) =>
        failure.permanent
          ? ports.transactions.atomically(Effect.gen(function*() {
            const current = yield* ports.shipments.find(orderId)
            if (Option.isNone(current)) return
            const flag = failure.reason.includes(ADDRESS_UNPLACED) ? "address_unplaced" : "booking_refused"
            yield* ports.shipments.update({ ...current.value, flag })
          })).pipe(Effect.ignore)
          : Effect.void
      )
    )
    const now = new Date(yield* Clock.currentTimeMillis)
    const recorded = yield* ports.transactions.atomically(Effect.gen(function*() {
      const locked = yield* ports.orders.findForUpdate(orderId)
      const current = yield* ports.shipments.find(orderId)
      if (Option.isNone(locked) || Option.isNone(current) || current.value.status !== "") return { cancelled: null }
      const booked = bookShipment(current.value, booking, now)
      if (locked.value.order.status === "cancelled") {
        yield* ports.shipments.update(booked)
        return { cancelled: booked }
      }
      yield* ports.shipments.update(booked)
      const order = recordBooking(locked.value.order, {
        courierName: courier.displayName,
        trackingNumber: booking.trackingNumber,
        trackingUrl: courier.trackingUrl(booking)
      })
      yield* ports.orders.updateState(order)
      yield* ports.events.publish({ type: "order.tracking_updated", order })
      yield* tellCustomer(ports, order, booked, "parcel_booked", now)
      yield* Effect.logInfo("parcel booked").pipe(Effect.annotateLogs({ orderId, courier: courier.name }))
      return { cancelled: null }
    }))
    if (recorded.cancelled !== null) yield* cancelAtCourier(ports, recorded.cancelled)
  })
