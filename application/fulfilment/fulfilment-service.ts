/**
 * The courier capability (issue 31, docs/fulfilment.md) as one service whose layer takes the
 * ports once; each method is a traced span.
 */
import { Context, Effect, Layer } from "effect"
import type { CourierName } from "../../domain/fulfilment/shipment.ts"
import type { TrackingReport } from "../../domain/order/tracking.ts"
import type { OrderId } from "../../domain/shared/ids.ts"
import { applyCourierReport } from "./apply-report.ts"
import { bookParcel } from "./book-parcel.ts"
import { cancelBookingOf } from "./cancel-booking.ts"
import { fulfilmentPorts } from "./fulfilment-ports.ts"
import { reconcileQuiet, type ReconcileSettings } from "./reconcile.ts"

const make = Effect.gen(function*() {
  const ports = yield* fulfilmentPorts
  return {
    /** The booking relay's delivery of one due shipment. */
    book: Effect.fn("Fulfilment.book")((orderId: OrderId) => bookParcel(ports, orderId)),
    /** A courier's event (eventKey: its dedupe key) or poll answer (eventKey null). */
    report: Effect.fn("Fulfilment.report")(
      (courier: CourierName, reference: string, report: TrackingReport, eventKey: string | null) =>
        applyCourierReport(ports, courier, reference, report, eventKey)
    ),
    reconcile: Effect.fn("Fulfilment.reconcile")((settings: ReconcileSettings) => reconcileQuiet(ports, settings)),
    /** After a booked order was cancelled: cancel at the courier, or flag it. */
    cancelBooking: Effect.fn("Fulfilment.cancelBooking")((orderId: OrderId) => cancelBookingOf(ports, orderId))
  }
})

export class FulfilmentService extends Context.Service<FulfilmentService, Effect.Success<typeof make>>()(
  "storefront/FulfilmentService"
) {
  /** Needs the ports of fulfilment-ports.ts. */
  static readonly layer = Layer.effect(FulfilmentService, make)
}
