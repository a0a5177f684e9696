/**
 * The order-history capability (docs/contract/orders.md): the signed-in customer's orders in the key's
 * shops, as one service whose layer takes the ports once; each method is a traced span.
 */
import { Context, Effect, Layer } from "effect"
import type { CustomerId, OrderId, ShopId } from "../../domain/shared/ids.ts"
import { CustomerService } from "../customer/customer-service.ts"
import { getCustomerOrder } from "./get-customer-order.ts"
import { type CustomerOrdersRequest, listCustomerOrders } from "./list-customer-orders.ts"
import { OrderRepository } from "./order-repository.ts"
import type { OrdersPorts } from "./orders-ports.ts"

const make = Effect.gen(function*() {
  const ports: OrdersPorts = { orders: yield* OrderRepository, customer: yield* CustomerService }
  return {
    list: Effect.fn("Orders.list")((request: CustomerOrdersRequest) => listCustomerOrders(ports, request)),
    get: Effect.fn("Orders.get")((orderId: OrderId, customerId: CustomerId, shopIds: ReadonlyArray<ShopId>) =>
      getCustomerOrder(ports, orderId, customerId, shopIds)
    )
  }
})

export class OrdersService extends Context.Service<OrdersService, Effect.Success<typeof make>>()(
  "storefront/OrdersService"
) {
  /** Needs the OrderRepository and the CustomerService. */
  static readonly layer = Layer.effect(OrdersService, make)
}
