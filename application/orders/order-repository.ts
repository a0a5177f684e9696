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

export class OrderRepository extends Context.Service<OrderRepository, {
  /** A new unique, human-friendly order number (digits; numbers of failed checkouts are skipped). */
  readonly nextOrderNumber: Effect.Effect<string, StoreUnavailable>
  readonly insert: (order: Order) => Effect.Effect<void, StoreUnavailable>
  /** The orders the viewer may see (isOrderVisibleTo) in the shops, newest first. */
  readonly listForCustomer: (query: CustomerOrdersQuery) => Effect.Effect<OrderPage, StoreUnavailable>
  /** The order, when the viewer may see it and it was placed in one of the shops. */
  readonly findForCustomer: (
    orderId: OrderId,
    viewer: OrderViewer,
    shopIds: ReadonlyArray<ShopId>
  ) => Effect.Effect<Option.Option<Order>, StoreUnavailable>
}>()("storefront/OrderRepository") {}
