/**
 * Port: a courier's merchant API (docs/fulfilment.md). `book` is idempotent by the parcel's
 * order number (the courier's invoice / merchant order id): asked again for a parcel it already
 * holds (a retry after a lost answer) it answers that parcel, never a second one. `status` asks
 * where a parcel is (the poll of quiet parcels); `cancel` cancels a booking where the courier's
 * API can (false: it cannot, the back office must). Failures are DeliveryFailed, `permanent` when
 * the courier refused the parcel itself, so the booking relay retries or gives up as it does
 * messages. Adapters: adapters/couriers/*.
 */
import { Context, type Effect } from "effect"
import type { TrackingReport } from "../../domain/order/tracking.ts"
import type { Booking, CourierName, Shipment } from "../../domain/fulfilment/shipment.ts"
import type { MinorUnits } from "../../domain/shared/money.ts"
import type { Grams } from "../../domain/shared/weight.ts"
import type { Address } from "../../domain/shipping/address.ts"
import type { DeliveryFailed } from "../notifications/delivery-failed.ts"

/** In a permanent DeliveryFailed's reason: the courier's location lists cannot place the address (flagged, not guessed). */
export const ADDRESS_UNPLACED = "the address matches none of the courier's cities and zones"

export interface Parcel {
  /** The courier's invoice / merchant order id. */
  readonly orderNumber: string
  readonly recipientName: string
  /** As the customer gave it; each adapter writes it the way its courier requires. */
  readonly recipientPhone: string
  readonly address: Address
  /** Cash to collect at the door: the order's total less what was paid online. */
  readonly amountToCollect: MinorUnits
  readonly weightGrams: Grams
  readonly itemCount: number
  /** The lines, e.g. "2 x Cotton Panjabi (M)". */
  readonly description: string
  /** The customer's note; `""` when none. */
  readonly note: string
}

export interface Courier {
  readonly name: CourierName
  /** As the order's tracking shows it, e.g. "Steadfast". */
  readonly displayName: string
  /** The courier's public tracking page of a booked parcel. */
  readonly trackingUrl: (booking: Booking) => string
  readonly book: (parcel: Parcel) => Effect.Effect<Booking, DeliveryFailed>
  /** Where the parcel is; `null` when the courier has nothing newer to say. */
  readonly status: (shipment: Shipment) => Effect.Effect<TrackingReport | null, DeliveryFailed>
  readonly cancel: (shipment: Shipment) => Effect.Effect<boolean, DeliveryFailed>
}

/** The couriers configured here, and the one of shops that name none (DEFAULT_COURIER). */
export class Couriers extends Context.Service<Couriers, {
  readonly get: (name: CourierName) => Courier | undefined
  readonly defaultCourier: CourierName | null
}>()("storefront/Couriers") {}
