/**
 * Acting on an order after checkout (docs/payments.md): cancel it while pending, and pay a
 * prepaid one through a payment session. Authorised by the order owner's bearer token or, for a
 * guest, the order's `X-Order-Token` (checkout's `orderToken`); anyone else gets 404.
 */
import { Schema } from "effect"
import { HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { OrderId, PaymentSessionId } from "../../../domain/shared/ids.ts"
import { orderPaymentProblems } from "../problems/order-payment-problem-table.ts"
import { OptionalCustomerAuthMiddleware } from "./customer-auth.ts"
import { endpointsOf } from "./documented-endpoint.ts"
import { OrderDetailView } from "./order-views.ts"
import { CreatePaymentSessionBody, PaymentSessionView } from "./payment-views.ts"

/** 43 base64url characters (256 bits) as checkout hands it out; anything of 1..256 characters is looked up. */
const orderTokenHeader = { "x-order-token": Schema.optionalKey(Schema.String.check(Schema.isBetweenLength(1, 256))) }

/** What every route here declares: the order, and the guest's token for it. */
const orderAccess = { params: { orderId: OrderId }, headers: orderTokenHeader }

const endpoint = endpointsOf(orderPaymentProblems)

const EXAMPLE_ORDER = { orderId: "ord_8c3v6b9n2m5k1j4h7g0f" }

const cancelOrder = endpoint.post("cancelOrder", "/orders/:orderId/cancel", { ...orderAccess, success: OrderDetailView }, {
  summary: "Cancel an order",
  description: "Cancels a pending order: its stock and coupon use go back, a paid order is refunded through its " +
    "gateway (or shows `refund_pending` where refunds are manual). Cancelling again answers the cancelled " +
    "order. The owner's bearer token, or `X-Order-Token` for a guest order.",
  examples: { params: EXAMPLE_ORDER }
})

const createPaymentSession = endpoint.post("createPaymentSession", "/orders/:orderId/payment-sessions", {
  ...orderAccess,
  payload: CreatePaymentSessionBody,
  success: PaymentSessionView.pipe(HttpApiSchema.status(201))
}, {
  summary: "Start paying an order",
  description: "Opens a payment session for a prepaid order's total with `bkash`, `sslcommerz` or `demo` (the demo " +
    "gateway of the embedded demo). Send the shopper to `redirectUrl`; afterwards they come back to `returnUrl` " +
    "(on an allowed origin) with `paymentSession` and `outcome` in the query. The payment is verified with the " +
    "gateway server to server; read the order or the session for the result.",
  examples: { params: EXAMPLE_ORDER, request: { provider: "bkash", returnUrl: "https://shop.example/orders/thanks" } }
})

const getPaymentSession = endpoint.get("getPaymentSession", "/orders/:orderId/payment-sessions/:sessionId", {
  ...orderAccess,
  params: { ...orderAccess.params, sessionId: PaymentSessionId },
  success: PaymentSessionView
}, {
  summary: "Get a payment session",
  description: "The session's status: `pending`, `paid`, `failed`, `cancelled`, `expired` or `refunded`.",
  examples: { params: { ...EXAMPLE_ORDER, sessionId: "pay_4k7j0h3g6f9d2s5a8p1o" } }
})

export class OrderPaymentApiGroup extends HttpApiGroup.make("orderPayments").add(cancelOrder, createPaymentSession, getPaymentSession)
  .middleware(OptionalCustomerAuthMiddleware)
  .annotate(OpenApi.Description, "Cancelling and paying an order (owner's bearer token, or X-Order-Token for a guest order)")
{}
