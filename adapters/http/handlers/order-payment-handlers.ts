/** Handlers of the order cancel and payment session routes (docs/payments.md). */
import { Effect, Option } from "effect"
import { HttpServerRequest } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import type { OrderRequester } from "../../../application/payments/order-access.ts"
import { PaymentsService } from "../../../application/payments/payments-service.ts"
import type { PaymentSession } from "../../../domain/payment/payment-session.ts"
import { toMajor } from "../../../domain/shared/money.ts"
import { OptionalCurrentCustomer } from "../api/customer-auth.ts"
import { StoreScope } from "../api/store-scope.ts"
import { StorefrontApi } from "../api/storefront-api.ts"
import { orderPaymentProblems } from "../problems/order-payment-problem-table.ts"
import { answerWith } from "./answer-with.ts"
import { orderDetailView } from "./order-rendering.ts"

export const paymentSessionView = (session: PaymentSession) => ({
  id: session.id,
  orderId: session.orderId,
  provider: session.provider,
  status: session.status,
  amount: toMajor(session.amount),
  currency: session.currency,
  redirectUrl: session.redirectUrl,
  returnUrl: session.returnUrl,
  expiresAt: session.expiresAt.toISOString(),
  createdAt: session.createdAt.toISOString()
})

const requesterWith = (orderToken: string | undefined) =>
  Effect.gen(function*() {
    const scope = yield* StoreScope
    const customer = yield* OptionalCurrentCustomer
    const requester: OrderRequester = {
      shopIds: scope.shopIds,
      customerId: Option.isSome(customer) ? customer.value.customerId : null,
      orderToken: orderToken ?? null
    }
    return requester
  })

/** The origin the request was sent to (the service's own, as the browser sees it without PUBLIC_URL). */
export const requestOrigin = Effect.map(HttpServerRequest.HttpServerRequest, (request) =>
  `http://${request.headers["host"] ?? "localhost"}`)

export const layer = HttpApiBuilder.group(StorefrontApi, "orderPayments", (handlers) =>
  Effect.gen(function*() {
    const payments = yield* PaymentsService
    return handlers
      .handle("cancelOrder", ({ params, headers }) =>
        Effect.gen(function*() {
          const requester = yield* requesterWith(headers["x-order-token"])
          const order = yield* payments.cancelOrder(params.orderId, requester).pipe(answerWith(orderPaymentProblems.cancelOrder))
          return orderDetailView(order)
        }))
      .handle("createPaymentSession", ({ params, headers, payload }) =>
        Effect.gen(function*() {
          const requester = yield* requesterWith(headers["x-order-token"])
          const session = yield* payments.startSession({
            orderId: params.orderId,
            requester,
            provider: payload.provider,
            returnUrl: payload.returnUrl,
            ownOrigin: yield* requestOrigin
          }).pipe(answerWith(orderPaymentProblems.createPaymentSession))
          return paymentSessionView(session)
        }))
      .handle("getPaymentSession", ({ params, headers }) =>
        Effect.gen(function*() {
          const requester = yield* requesterWith(headers["x-order-token"])
          const session = yield* payments.getSession(params.orderId, params.sessionId, requester).pipe(
            answerWith(orderPaymentProblems.getPaymentSession)
          )
          return paymentSessionView(session)
        }))
  }))
