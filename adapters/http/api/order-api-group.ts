/**
 * The signed-in customer's orders (CONTRACT §7), newest first, only in the key's shops; the
 * bearer token is required. A customer who must verify their email first gets 403.
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { MAX_ORDERS_PAGE_SIZE } from "../../../application/orders/list-customer-orders.ts"
import { EmailVerificationRequiredProblem } from "../problems/auth-problems.ts"
import { OrderNotFoundProblem } from "../problems/order-problems.ts"
import { CustomerAuthMiddleware } from "./customer-auth.ts"
import { OrderDetailView, OrderPageView } from "./order-views.ts"

export class OrderApiGroup extends HttpApiGroup.make("orders").add(
  HttpApiEndpoint.get("listOrders", "/customers/me/orders", {
    query: {
      page: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))),
      limit: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: MAX_ORDERS_PAGE_SIZE })))
    },
    success: OrderPageView,
    error: EmailVerificationRequiredProblem
  }),
  HttpApiEndpoint.get("getOrder", "/customers/me/orders/:orderId", {
    params: { orderId: Schema.String },
    success: OrderDetailView,
    error: [OrderNotFoundProblem, EmailVerificationRequiredProblem]
  })
).middleware(CustomerAuthMiddleware) {}
