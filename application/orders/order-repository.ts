/**
 * Port: orders. Order numbers come from the store so that they are unique across processes.
 * What a customer sees of them follows domain/order/order-visibility.ts.
 * Adapters: adapters/postgres/postgres-order-repository.ts, adapters/memory/memory-order-repository.ts.
 */
import { Context, type Effect, type Option } from "effect"
import type { Order } from "../../domain/order/order.ts"
import type { OrderViewer } from "../../domain/order/order-visibility.ts"
import type { OrderId, ShopId } from "../../domain/shared/ids.ts"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"

export interface CustomerOrdersQuery {
  readonly viewer: OrderViewer
  /** Only orders placed in these shops. */
  readonly shopIds: ReadonlyArray<ShopId>
  /** 1-based. */
  readonly page: number
  readonly limit: number
}

export interface OrderPage {
  readonly orders: ReadonlyArray<Order>
  readonly total: number
}

/** An order as the store holds it with the hash of its order token (the guest's proof of ownership). */
export interface StoredOrder {
  readonly order: Order
  readonly orderTokenHash: string
}

export class OrderRepository extends Context.Service<OrderRepository, {
  /** A new unique, human-friendly order number (digits; numbers of failed checkouts are skipped). */
  readonly nextOrderNumber: Effect.Effect<string, StoreUnavailable>
  /** A new order with the hash of its order token (TokenHasher of the token checkout hands out). */
  readonly insert: (order: Order, orderTokenHash: string) => Effect.Effect<void, StoreUnavailable>
  /** The order, locked until the unit of work ends. */
  readonly findForUpdate: (orderId: OrderId) => Effect.Effect<Option.Option<StoredOrder>, StoreUnavailable>
  /** Writes an order's state: status, cancellation, payment status, amount paid and tracking (order-lifecycle.ts, fulfilment/tracking.ts). */
  readonly updateState: (order: Order) => Effect.Effect<void, StoreUnavailable>
  /** Ids of prepaid orders still pending and unpaid that were placed before `placedBefore`, oldest first. */
  readonly awaitingPaymentSince: (placedBefore: Date, limit: number) => Effect.Effect<ReadonlyArray<OrderId>, StoreUnavailable>
  /** The orders the viewer may see (isOrderVisibleTo) in the shops, newest first. */
  readonly listForCustomer: (query: CustomerOrdersQuery) => Effect.Effect<OrderPage, StoreUnavailable>
  /** The order, when the viewer may see it and it was placed in one of the shops. */
  readonly findForCustomer: (
    orderId: OrderId,
    viewer: OrderViewer,
    shopIds: ReadonlyArray<ShopId>
  ) => Effect.Effect<Option.Option<Order>, StoreUnavailable>
}>()("storefront/OrderRepository") {}
