/**
 * The signed-in customer's orders (docs/contract/orders.md), newest first, only in the key's shops; the
 * bearer token is required. A customer who must verify their email first gets 403.
 */
import { Schema } from "effect"
import { HttpApiGroup, OpenApi } from "effect/http-api"
import { MAX_ORDERS_PAGE_SIZE } from "../../../application/orders/list-customer-orders.ts"
import { OrderId } from "../../../domain/shared/ids.ts"
import { orderProblems } from "../problems/order-problem-table.ts"
import { CustomerAuthMiddleware } from "./customer-auth.ts"
import { endpointsOf } from "./documented-endpoint.ts"
import { OrderDetailView, OrderPageView } from "./order-views.ts"

const ordersPage = {
  page: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)).annotate({ description: "The page, from 1 (default 1)" })),
  limit: Schema.optionalKey(
    Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: MAX_ORDERS_PAGE_SIZE })).annotate({ description: "Orders per page (default 20)" })
  )
}

const endpoint = endpointsOf(orderProblems)

const listOrders = endpoint.get("listOrders", "/customers/me/orders", { query: ordersPage, success: OrderPageView }, {
  summary: "List my orders",
  description: "The signed-in customer's orders in the key's shops, newest first: those placed signed in and " +
    "guest orders whose email or phone the customer proved. 403 while a linked account's email is unverified.",
  examples: { query: { page: 1, limit: 10 } }
})

const getOrder = endpoint.get("getOrder", "/customers/me/orders/:orderId", { params: { orderId: OrderId }, success: OrderDetailView }, {
  summary: "Get one of my orders",
  description: "An order of the signed-in customer with its items, addresses and tracking; 404 for anyone else's.",
  examples: { params: { orderId: "ord_8c3v6b9n2m5k1j4h7g0f" } }
})

export class OrderApiGroup extends HttpApiGroup.make("orders").add(listOrders, getOrder)
  .annotate(OpenApi.Description, "The signed-in customer's order history (bearer token required)")
  .middleware(CustomerAuthMiddleware) {}
