/** Use case: GET /customers/me/orders: the customer's orders in the key's shops, newest first, one page. */
import { Effect } from "effect"
import type { Order } from "../../domain/order/order.ts"
import type { CustomerId, ShopId } from "../../domain/shared/ids.ts"
import type { OrdersPorts } from "./orders-ports.ts"

export const DEFAULT_ORDERS_PAGE_SIZE = 20
export const MAX_ORDERS_PAGE_SIZE = 50

export interface CustomerOrdersRequest {
  readonly customerId: CustomerId
  readonly shopIds: ReadonlyArray<ShopId>
  readonly page: number
  readonly limit: number
}

export interface CustomerOrdersPage {
  readonly orders: ReadonlyArray<Order>
  readonly total: number
  readonly page: number
  readonly limit: number
  readonly totalPages: number
}

export const listCustomerOrders = (ports: OrdersPorts, request: CustomerOrdersRequest) =>
  Effect.gen(function*() {
    const viewer = yield* ports.customer.ordersViewer(request.customerId)
    const found = yield* ports.orders.listForCustomer({
      viewer,
      shopIds: request.shopIds,
      page: request.page,
      limit: request.limit
    })
    const page: CustomerOrdersPage = {
      orders: found.orders,
      total: found.total,
      page: request.page,
      limit: request.limit,
      totalPages: Math.ceil(found.total / request.limit)
    }
    return page
  })
