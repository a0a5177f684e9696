/**
 * A shipment: the one parcel of an order at its shop's courier (docs/contract/couriers.md). It exists from
 * checkout when the shop has a courier, waits (a prepaid order not yet paid) or is due to be
 * booked, and once booked carries the courier's consignment id and tracking number, the status
 * last heard, the cash the courier collected, and a flag the back office reads (`""` when none).
 */
import { Schema } from "effect"
import { CourierName } from "../catalog/shop.ts"
import { MessageLocale } from "../notification/message-locale.ts"
import { OrderId } from "../shared/ids.ts"
import { MinorUnits } from "../shared/money.ts"
import { Grams } from "../shared/weight.ts"
import { TrackingStatus } from "../order/tracking.ts"

/**
 * Why the back office must look at a shipment: the shopper cancelled after booking and the
 * courier's API cannot cancel it; the courier could not place the address; it refused the parcel.
 */
export const ShipmentFlag = Schema.Literals(["", "cancel_at_courier", "address_unplaced", "booking_refused"])
export type ShipmentFlag = typeof ShipmentFlag.Type

export { CourierName }

export const Shipment = Schema.Struct({
  orderId: OrderId,
  orderNumber: Schema.String,
  courier: CourierName,
  /** The parcel's weight: the sum of its variants' grams. */
  weightGrams: Grams,
  /** The language of the customer's messages (the checkout request's). */
  locale: MessageLocale,
  /** `""` until booked. */
  consignmentId: Schema.String,
  trackingNumber: Schema.String,
  status: Schema.Union([TrackingStatus, Schema.Literal("")]),
  /** Cash the courier reported collected; `null` until a delivery says. */
  collected: Schema.NullOr(MinorUnits),
  flag: ShipmentFlag,
  bookedAt: Schema.NullOr(Schema.Date),
  /** When the courier last told us something (a webhook or a poll); `null` before. */
  lastHeardAt: Schema.NullOr(Schema.Date),
  createdAt: Schema.Date
})
export type Shipment = typeof Shipment.Type

/** What the courier answered to a booking. */
export interface Booking {
  readonly consignmentId: string
  readonly trackingNumber: string
}

export const bookShipment = (shipment: Shipment, booking: Booking, now: Date): Shipment => ({
  ...shipment,
  ...booking,
  status: "booked",
  bookedAt: now,
  lastHeardAt: now
})
