/**
 * Use case: what a courier tells of a parcel (a verified webhook event, or the answer to a poll),
 * applied once with the order locked. An event's key is recorded first: a duplicate is answered
 * and changes nothing. A reference no shipment of the courier carries (consignment id, tracking
 * number or order number) is `unknown`, ignored. The tracking moves only forward
 * (domain/fulfilment/tracking.ts); a move updates the order (status, cash collected), brings a
 * returned parcel's stock back, tells the back office (and the customer, by SMS, of a delivery); anything heard counts as heard (the
 * poll skips parcels heard of lately).
 */
import { Clock, Effect, Option } from "effect"
import type { CourierName } from "../../domain/fulfilment/shipment.ts"
import { applyTracking, type TrackingReport } from "../../domain/order/tracking.ts"
import type { FulfilmentPorts } from "./fulfilment-ports.ts"
import { tellCustomer } from "./parcel-messages.ts"

export type ReportOutcome = "applied" | "unchanged" | "duplicate" | "unknown"

export const applyCourierReport = (
  ports: FulfilmentPorts,
  courier: CourierName,
  reference: string,
  report: TrackingReport,
  eventKey: string | null
) =>
  Effect.gen(function*() {
    const now = new Date(yield* Clock.currentTimeMillis)
    return yield* ports.transactions.atomically(Effect.gen(function*() {
      const found = yield* ports.shipments.findByReference(courier, reference)
      if (Option.isNone(found)) return "unknown" as ReportOutcome
      const stored = yield* ports.orders.findForUpdate(found.value.orderId)
      const current = yield* ports.shipments.find(found.value.orderId)
      // not booked here (yet): the poll reconciles it once the booking is recorded
      if (Option.isNone(stored) || Option.isNone(current) || current.value.status === "") return "unknown"
      if (eventKey !== null && !(yield* ports.shipments.firstHeard(courier, eventKey, now))) return "duplicate"
      const shipment = { ...current.value, lastHeardAt: now }
      const outcome = applyTracking(stored.value.order, report)
      if (outcome._tag === "Unchanged") {
        yield* ports.shipments.update(shipment)
        return "unchanged"
      }
      const order = outcome.order
      yield* ports.shipments.update({ ...shipment, status: report.status, collected: outcome.collected ?? shipment.collected })
      yield* ports.orders.updateState(order)
      if (outcome.restock) {
        yield* ports.inventory.releaseStock(order.lines.map((line) => ({
          variantId: line.variantId,
          productId: line.productId,
          quantity: line.quantity
        })))
      }
      for (const type of outcome.events) yield* ports.events.publish({ type, order })
      if (outcome.events.includes("order.delivered")) yield* tellCustomer(ports, order, shipment, "parcel_delivered", now)
      yield* Effect.logInfo("parcel moved").pipe(Effect.annotateLogs({ orderId: order.id, courier, status: report.status }))
      return "applied"
    }))
  })
