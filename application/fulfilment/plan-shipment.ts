/**
 * At checkout, in its unit of work: an order of a shop with a courier (the shop's `courier`, else
 * DEFAULT_COURIER) gets its shipment, due to be booked at once when it is cash on delivery, else
 * waiting for its payment (domain isBookable). No courier: nothing is booked. The booking itself
 * happens after the commit, in the booking relay (book-parcel.ts), never inside checkout.
 */
import { Effect } from "effect"
import { isBookable } from "../../domain/order/tracking.ts"
import type { Shipment } from "../../domain/fulfilment/shipment.ts"
import type { MessageLocale } from "../../domain/notification/message-locale.ts"
import type { Order } from "../../domain/order/order.ts"
import { asGrams, type Grams } from "../../domain/shared/weight.ts"
import type { CatalogReadModel } from "../catalog/catalog-read-model.ts"
import type { Couriers } from "./courier.ts"
import type { ShipmentStore } from "./shipment-store.ts"

export interface ShipmentPlanning {
  readonly shipments: ShipmentStore["Service"]
  readonly couriers: Couriers["Service"]
}

/** The shop's courier, else the default one; `null`: the shop's orders are not booked. */
export const courierOfShop = (readModel: CatalogReadModel["Service"], couriers: Couriers["Service"], shopId: string) =>
  readModel.state().reference.shops.find((shop) => shop.id === shopId)?.courier ?? couriers.defaultCourier

export const planShipment = (
  planning: ShipmentPlanning,
  readModel: CatalogReadModel["Service"],
  order: Order,
  weightOf: (line: Order["lines"][number]) => Grams,
  locale: MessageLocale
) =>
  Effect.gen(function*() {
    const courier = courierOfShop(readModel, planning.couriers, order.shopId)
    if (courier === null) return
    const shipment: Shipment = {
      orderId: order.id,
      orderNumber: order.orderNumber,
      courier,
      weightGrams: asGrams(order.lines.reduce((sum, line) => sum + weightOf(line) * line.quantity, 0)),
      locale,
      consignmentId: "",
      trackingNumber: "",
      status: "",
      collected: null,
      flag: "",
      bookedAt: null,
      lastHeardAt: null,
      createdAt: order.createdAt
    }
    yield* planning.shipments.insert(shipment, isBookable(order))
  })
