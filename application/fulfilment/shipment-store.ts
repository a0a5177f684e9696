/**
 * Port: shipments (domain/fulfilment/shipment.ts), one per order, and the booking queue over
 * them: a shipment due to be booked is a row of an outbox the booking relay claims like the
 * message outboxes (application/notifications/delivery-queue.ts), so a booking is tried at least
 * once, retried with backoff, and given up as a dead letter an operator can re-drive. Writes take
 * part in the caller's unit of work; the relay is woken after commit.
 * Adapters: adapters/postgres/postgres-shipment-store.ts, adapters/memory/memory-shipment-store.ts.
 */
import { Context, type Effect, type Option } from "effect"
import type { CourierName, Shipment } from "../../domain/fulfilment/shipment.ts"
import type { OrderId } from "../../domain/shared/ids.ts"
import type { DeliveryQueue } from "../notifications/delivery-queue.ts"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"

export class ShipmentStore extends Context.Service<ShipmentStore, {
  /** A new shipment: due to be booked at once when `bookNow`, else waiting for `release`. */
  readonly insert: (shipment: Shipment, bookNow: boolean) => Effect.Effect<void, StoreUnavailable>
  /** A waiting shipment becomes due now (its prepaid order was paid); false when none was waiting. */
  readonly release: (orderId: OrderId) => Effect.Effect<boolean, StoreUnavailable>
  readonly find: (orderId: OrderId) => Effect.Effect<Option.Option<Shipment>, StoreUnavailable>
  /** The shipment of `courier` whose consignment id, tracking number or order number is `reference`. */
  readonly findByReference: (courier: CourierName, reference: string) => Effect.Effect<Option.Option<Shipment>, StoreUnavailable>
  /** Writes what changes after insert: booking, status, cash collected, flag, when last heard. */
  readonly update: (shipment: Shipment) => Effect.Effect<void, StoreUnavailable>
  /** Records a courier's event by its key: true the first time, false for a duplicate. */
  readonly firstHeard: (courier: CourierName, eventKey: string, at: Date) => Effect.Effect<boolean, StoreUnavailable>
  /** Booked parcels still on their way that nothing was heard of since `heardBefore`, longest quiet first. */
  readonly quiet: (heardBefore: Date, limit: number) => Effect.Effect<ReadonlyArray<Shipment>, StoreUnavailable>
  /** The booking outbox: each claimed item is the order to book. */
  readonly bookings: DeliveryQueue<OrderId>
}>()("storefront/ShipmentStore") {}
