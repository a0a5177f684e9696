/** Use case: GET /customers/me/orders/{orderId}: one of the customer's orders in the key's shops. */
import { Effect } from "effect"
import { OrderNotFound } from "../../domain/order/errors/order-not-found.ts"
import { ordersViewer } from "../customer/customer-orders-access.ts"
import { OrderRepository } from "./order-repository.ts"

export const getCustomerOrder = (orderId: string, customerId: string, shopIds: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const viewer = yield* ordersViewer(customerId)
    const found = yield* (yield* OrderRepository).findForCustomer(orderId, viewer, shopIds)
    if (found._tag === "None") return yield* new OrderNotFound({ orderId })
    return found.value
  })
