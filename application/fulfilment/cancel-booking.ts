/**
 * After a booked order was cancelled (before pickup): its booking is cancelled at the courier
 * where the courier's API can, and the parcel then shows `cancelled`; otherwise (no such call, or
 * the courier failed) the shipment is flagged `cancel_at_courier` for the back office, logged.
 */
import { Clock, Effect, Option } from "effect"
import type { Shipment } from "../../domain/fulfilment/shipment.ts"
import type { OrderId } from "../../domain/shared/ids.ts"
import type { FulfilmentPorts } from "./fulfilment-ports.ts"

const flagged = (ports: FulfilmentPorts, shipment: Shipment, reason: string) =>
  Effect.gen(function*() {
    yield* ports.transactions.atomically(Effect.gen(function*() {
      yield* ports.orders.findForUpdate(shipment.orderId)
      const current = yield* ports.shipments.find(shipment.orderId)
      if (Option.isSome(current)) yield* ports.shipments.update({ ...current.value, flag: "cancel_at_courier" })
    }))
    yield* Effect.logWarning("booking not cancelled at the courier; flagged for the back office").pipe(
      Effect.annotateLogs({ orderId: shipment.orderId, courier: shipment.courier, reason })
    )
  })

export const cancelAtCourier = (ports: FulfilmentPorts, shipment: Shipment) =>
  Effect.gen(function*() {
    const courier = ports.couriers.get(shipment.courier)
    if (courier === undefined) return yield* flagged(ports, shipment, "courier not configured")
    const cancelled = yield* courier.cancel(shipment).pipe(
      Effect.catchTag("DeliveryFailed", (failure) => Effect.as(flagged(ports, shipment, failure.reason), null))
    )
    if (cancelled === null) return
    if (!cancelled) return yield* flagged(ports, shipment, "the courier's API cannot cancel a booking")
    const now = new Date(yield* Clock.currentTimeMillis)
    yield* ports.transactions.atomically(Effect.gen(function*() {
      const locked = yield* ports.orders.findForUpdate(shipment.orderId)
      const current = yield* ports.shipments.find(shipment.orderId)
      if (Option.isNone(locked) || Option.isNone(current)) return
      yield* ports.shipments.update({ ...current.value, status: "cancelled", lastHeardAt: now })
      const order = { ...locked.value.order, tracking: { ...locked.value.order.tracking, status: "cancelled" } }
      yield* ports.orders.updateState(order)
      yield* ports.events.publish({ type: "order.tracking_updated", order })
    }))
  })

/** The booking of a cancelled order, if it has one (called after the cancellation committed). */
export const cancelBookingOf = (ports: FulfilmentPorts, orderId: OrderId) =>
  Effect.gen(function*() {
    const shipment = yield* ports.shipments.find(orderId)
    if (Option.isSome(shipment) && shipment.value.status === "booked") yield* cancelAtCourier(ports, shipment.value)
  })
