/** Handlers of the orders group (docs/contract/orders.md): the signed-in customer's orders in the key's shops. */
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { DEFAULT_ORDERS_PAGE_SIZE } from "../../../application/orders/list-customer-orders.ts"
import { OrdersService } from "../../../application/orders/orders-service.ts"
import { CurrentCustomer } from "../api/customer-auth.ts"
import { StoreScope } from "../api/store-scope.ts"
import { StorefrontApi } from "../api/storefront-api.ts"
import { orderProblems } from "../problems/order-problem-table.ts"
import { orderDetailView, orderPageView } from "./order-rendering.ts"
import { answerWith } from "./answer-with.ts"

const json = (value: unknown) => HttpServerResponse.text(JSON.stringify(value), { contentType: "application/json" })

export const layer = HttpApiBuilder.group(StorefrontApi, "orders", (handlers) =>
  Effect.gen(function*() {
    const orders = yield* OrdersService
    return handlers
    .handle("listOrders", ({ query }) =>
      Effect.gen(function*() {
        const scope = yield* StoreScope
        const customer = yield* CurrentCustomer
        const page = yield* orders.list({
          customerId: customer.customerId,
          shopIds: scope.shopIds,
          page: query.page ?? 1,
          limit: query.limit ?? DEFAULT_ORDERS_PAGE_SIZE
        }).pipe(answerWith(orderProblems.listOrders))
        return json(orderPageView(page))
      }))
    .handle("getOrder", ({ params }) =>
      Effect.gen(function*() {
        const scope = yield* StoreScope
        const customer = yield* CurrentCustomer
        const order = yield* orders.get(params.orderId, customer.customerId, scope.shopIds).pipe(
          answerWith(orderProblems.getOrder)
        )
        return json(orderDetailView(order))
      }))
  }))
