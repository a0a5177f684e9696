/**
 * The demo courier (embedded demo only): a courier of its own, in this process, so that an order
 * placed in the demo is booked, tracked and delivered end to end without an account anywhere.
 * Its parcels are kept in memory by order number (a booking asked again answers the same
 * parcel); its page <origin>/demo-courier/{trackingNumber} (adapters/http/demo-courier-routes.ts;
 * an absolute link, so that the SMS's link opens) moves a parcel along its statuses, and each move
 * reaches the service as the courier's event would, through FulfilmentService.report. A restart
 * forgets the demo's parcels.
 */
import { Context, Effect, Layer } from "effect"
import { HttpServer } from "effect/http"
import type { Courier } from "../../application/fulfilment/courier.ts"
import type { TrackingStatus } from "../../domain/order/tracking.ts"
import { movesForward } from "../../domain/order/tracking.ts"
import type { MinorUnits } from "../../domain/shared/money.ts"

export interface DemoParcel {
  readonly orderNumber: string
  readonly trackingNumber: string
  readonly recipientName: string
  readonly amountToCollect: MinorUnits
  status: TrackingStatus
  /** Every status the parcel went through, oldest first. */
  readonly history: Array<{ readonly status: TrackingStatus; readonly at: Date }>
}

export const DEMO_TRACKING_PREFIX = "DEMO-"

export class DemoCourier extends Context.Service<DemoCourier, {
  readonly courier: Courier
  readonly parcel: (trackingNumber: string) => DemoParcel | undefined
  /** Moves the parcel at the courier; `false` when it is unknown or the move would go backwards. */
  readonly move: (trackingNumber: string, status: TrackingStatus) => Effect.Effect<boolean>
}>()("storefront/DemoCourier") {
  /**
   * The demo courier, its tracking links at `publicUrl` (PUBLIC_URL's origin) or, without one, at
   * the origin this server listens on (`0.0.0.0` and `::` read as localhost).
   */
  static readonly layer = (publicUrl: string | null): Layer.Layer<DemoCourier, never, HttpServer.HttpServer> =>
    publicUrl === null
      ? Layer.effect(DemoCourier, HttpServer.addressFormattedWith((address) => Effect.succeed(makeDemoCourier(localOrigin(address)))))
      : DemoCourier.layerAt(publicUrl)

  /** The demo courier, its tracking links at `origin`. */
  static readonly layerAt = (origin: string) => Layer.sync(DemoCourier, () => makeDemoCourier(origin))
}

/** A listening address as a link can reach it: the wildcard hosts read as localhost. */
const localOrigin = (address: string) => new URL(address.replace("//0.0.0.0", "//localhost").replace("//[::]", "//localhost")).origin

/** The demo courier, its tracking page (the order's `trackingUrl`, the SMS's link) under `origin`. */
export const makeDemoCourier = (origin: string): DemoCourier["Service"] => {
  const base = new URL(origin).origin
  const parcels = new Map<string, DemoParcel>()
  const byTracking = (trackingNumber: string) =>
    trackingNumber.startsWith(DEMO_TRACKING_PREFIX) ? parcels.get(trackingNumber.slice(DEMO_TRACKING_PREFIX.length)) : undefined
  const courier: Courier = {
    name: "demo",
    displayName: "Demo courier",
    trackingUrl: (booking) => `${base}/demo-courier/${encodeURIComponent(booking.trackingNumber)}`,
    book: (parcel) =>
      Effect.sync(() => {
        const known = parcels.get(parcel.orderNumber)
        const booked = known ?? {
          orderNumber: parcel.orderNumber,
          trackingNumber: `${DEMO_TRACKING_PREFIX}${parcel.orderNumber}`,
          recipientName: parcel.recipientName,
          amountToCollect: parcel.amountToCollect,
          status: "booked" as TrackingStatus,
          history: [{ status: "booked" as TrackingStatus, at: new Date() }]
        }
        parcels.set(parcel.orderNumber, booked)
        return { consignmentId: booked.trackingNumber, trackingNumber: booked.trackingNumber }
      }),
    status: (shipment) =>
      Effect.sync(() => {
        const parcel = parcels.get(shipment.orderNumber)
        return parcel === undefined ? null : { status: parcel.status, collected: null }
      }),
    cancel: (shipment) =>
      Effect.sync(() => {
        const parcel = parcels.get(shipment.orderNumber)
        if (parcel === undefined || parcel.status !== "booked") return false
        parcel.status = "cancelled"
        parcel.history.push({ status: "cancelled", at: new Date() })
        return true
      })
  }
  return {
    courier,
    parcel: byTracking,
    move: (trackingNumber, status) =>
      Effect.sync(() => {
        const parcel = byTracking(trackingNumber)
        if (parcel === undefined || !movesForward(parcel.status, status)) return false
        parcel.status = status
        parcel.history.push({ status, at: new Date() })
        return true
      })
  }
}
