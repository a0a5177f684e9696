/**
 * The customer's SMS about the parcel (docs/fulfilment.md): when it is booked, with the courier's
 * tracking page, and when it is delivered, to the shipping phone, in the language of the
 * customer's other messages (the checkout request's, kept with the shipment). Written to the
 * notification outbox in the unit of work of the change; the SMS relay sends it.
 */
import type { Shipment } from "../../domain/fulfilment/shipment.ts"
import type { ParcelPurpose } from "../../domain/notification/outbound-message.ts"
import type { Order } from "../../domain/order/order.ts"
import type { FulfilmentPorts } from "./fulfilment-ports.ts"

export const tellCustomer = (ports: FulfilmentPorts, order: Order, shipment: Shipment, purpose: ParcelPurpose, now: Date) =>
  ports.notifier.tellParcel({
    // as the order confirmation's: without the spaces and hyphens an address may contain
    to: order.shippingAddress.phone.replace(/[\s-]/g, ""),
    purpose,
    parcel: { orderNumber: order.orderNumber, courierName: order.tracking.courierName, trackingUrl: order.tracking.trackingUrl },
    locale: shipment.locale,
    createdAt: now
  })
