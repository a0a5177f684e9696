/** Use case: GET /customers/me/orders/{orderId}: one of the customer's orders in the key's shops. */
import { Effect } from "effect"
import { OrderNotFound } from "../../domain/order/errors/order-not-found.ts"
import type { CustomerId, OrderId, ShopId } from "../../domain/shared/ids.ts"
import type { OrdersPorts } from "./orders-ports.ts"

export const getCustomerOrder = (ports: OrdersPorts, orderId: OrderId, customerId: CustomerId, shopIds: ReadonlyArray<ShopId>) =>
  Effect.gen(function*() {
    const viewer = yield* ports.customer.ordersViewer(customerId)
    const found = yield* ports.orders.findForCustomer(orderId, viewer, shopIds)
    if (found._tag === "None") return yield* new OrderNotFound({ orderId })
    return found.value
  })
