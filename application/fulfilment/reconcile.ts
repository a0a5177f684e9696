/**
 * The poll that reconciles parcels nothing was heard of for a while (a webhook lost, never
 * configured, or refused): each is asked of its courier (status_by_invoice, orders/{id}/info,
 * …) and the answer applied as an event would be (apply-report.ts), or at least counted as heard
 * so the next round asks others. A courier that fails is logged and asked again next round.
 */
import { Clock, Effect } from "effect"
import type { Shipment } from "../../domain/fulfilment/shipment.ts"
import type { FulfilmentPorts } from "./fulfilment-ports.ts"
import { applyCourierReport } from "./apply-report.ts"

export interface ReconcileSettings {
  /** A parcel not heard of for this long is asked of its courier. */
  readonly quietMillis: number
  /** Parcels asked per round. */
  readonly batchSize: number
}

const reconcileOne = (ports: FulfilmentPorts, shipment: Shipment) =>
  Effect.gen(function*() {
    const courier = ports.couriers.get(shipment.courier)
    if (courier === undefined) return
    const report = yield* courier.status(shipment)
    const reference = shipment.consignmentId === "" ? shipment.orderNumber : shipment.consignmentId
    // no news is still an answer: the parcel counts as heard of (an unchanged report)
    yield* applyCourierReport(ports, shipment.courier, reference, report ?? { status: "booked", collected: null }, null)
  }).pipe(
    Effect.catchTag("DeliveryFailed", (failure) =>
      Effect.logWarning("courier not reachable for a status; asked again next round").pipe(
        Effect.annotateLogs({ orderId: shipment.orderId, courier: shipment.courier, error: failure.reason })
      ))
  )

/** One round: the parcels quiet for longer than `quietMillis`; how many were asked. */
export const reconcileQuiet = (ports: FulfilmentPorts, settings: ReconcileSettings) =>
  Effect.gen(function*() {
    const now = yield* Clock.currentTimeMillis
    const quiet = yield* ports.shipments.quiet(new Date(now - settings.quietMillis), settings.batchSize)
    yield* Effect.forEach(quiet, (shipment) => reconcileOne(ports, shipment), { concurrency: 4, discard: true })
    return quiet.length
  })
