/** Handlers of the orders group (CONTRACT §7): the signed-in customer's orders in the key's shops. */
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import type { CustomerRepository } from "../../../application/customer/customer-repository.ts"
import { getCustomerOrder } from "../../../application/orders/get-customer-order.ts"
import { DEFAULT_ORDERS_PAGE_SIZE, listCustomerOrders } from "../../../application/orders/list-customer-orders.ts"
import type { OrderRepository } from "../../../application/orders/order-repository.ts"
import { CurrentCustomer } from "../api/customer-auth.ts"
import { StoreScope } from "../api/store-scope.ts"
import { StorefrontApi } from "../api/storefront-api.ts"
import { orderProblems } from "../problems/order-problem-table.ts"
import { orderDetailView, orderPageView } from "./order-rendering.ts"
import { answerWith } from "./answer-with.ts"

const json = (value: unknown) => HttpServerResponse.text(JSON.stringify(value), { contentType: "application/json" })

export const OrderHandlers = HttpApiBuilder.group(StorefrontApi, "orders", (handlers) =>
  Effect.gen(function*() {
    // the ports, taken from the app's layers once at start
    const withPorts = Effect.provideContext(yield* Effect.context<OrderRepository | CustomerRepository>())
    return handlers
    .handle("listOrders", ({ query }) =>
      withPorts(Effect.gen(function*() {
        const scope = yield* StoreScope
        const customer = yield* CurrentCustomer
        const page = yield* listCustomerOrders({
          customerId: customer.customerId,
          shopIds: scope.shopIds,
          page: query.page ?? 1,
          limit: query.limit ?? DEFAULT_ORDERS_PAGE_SIZE
        }).pipe(answerWith(orderProblems.listOrders))
        return json(orderPageView(page))
      })))
    .handle("getOrder", ({ params }) =>
      withPorts(Effect.gen(function*() {
        const scope = yield* StoreScope
        const customer = yield* CurrentCustomer
        const order = yield* getCustomerOrder(params.orderId, customer.customerId, scope.shopIds).pipe(
          answerWith(orderProblems.getOrder)
        )
        return json(orderDetailView(order))
      })))
  }))
