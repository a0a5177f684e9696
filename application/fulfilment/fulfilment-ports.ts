/** What the courier use cases run on, taken once when their service is built. */
import { Effect, Option } from "effect"
import { Notifier } from "../auth/notifier.ts"
import { Inventory } from "../cart/inventory.ts"
import { EventOutbox } from "../notifications/event-outbox.ts"
import { OrderRepository } from "../orders/order-repository.ts"
import { Transactions } from "../shared/transactions.ts"
import { Couriers } from "./courier.ts"
import { ShipmentStore } from "./shipment-store.ts"

export const fulfilmentPorts = Effect.all({
  orders: OrderRepository,
  shipments: ShipmentStore,
  /** None configured (a library composition without couriers): nothing is booked. */
  couriers: Effect.map(Effect.serviceOption(Couriers), Option.getOrElse(() => Couriers.of({ get: () => undefined, defaultCourier: null }))),
  /** A returned parcel's lines go back into stock. */
  inventory: Inventory,
  /** order.shipped, order.delivered, order.returned and order.tracking_updated for the back office. */
  events: EventOutbox,
  /** The customer's SMS when the parcel is booked and when it is delivered. */
  notifier: Notifier,
  transactions: Transactions
})

export type FulfilmentPorts = Effect.Success<typeof fulfilmentPorts>
