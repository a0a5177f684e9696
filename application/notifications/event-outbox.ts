/**
 * Port: events for the back office (order.placed, order.paid, order.payment_held, order.cancelled,
 * the courier's order.shipped, order.delivered, order.returned and order.tracking_updated,
 * customer.registered). `publish` writes the event to the outbox in the current unit of work, so
 * it exists exactly when the change it tells of was committed; the relay delivers it to every
 * endpoint as a Standard Webhook, in order per order. The payload is the order (or customer)
 * as the API shows it, rendered by the adapter. Use cases call it inside `atomically`.
 * Adapters: adapters/postgres/postgres-event-outbox.ts, adapters/memory/memory-event-outbox.ts.
 */
import { Context, type Effect } from "effect"
import type { Customer } from "../../domain/customer/customer.ts"
import type { Order } from "../../domain/order/order.ts"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"

export type OrderEventType =
  | "order.placed"
  | "order.paid"
  | "order.payment_held"
  | "order.cancelled"
  | "order.shipped"
  | "order.delivered"
  | "order.returned"
  | "order.tracking_updated"

export type BackOfficeEvent =
  | { readonly type: OrderEventType; readonly order: Order }
  | { readonly type: "customer.registered"; readonly customer: Customer }

export class EventOutbox extends Context.Service<EventOutbox, {
  readonly publish: (event: BackOfficeEvent) => Effect.Effect<void, StoreUnavailable>
}>()("storefront/EventOutbox") {}
