/** The errors of the order cancel and payment session routes (docs/payments.md), declared once per route. */
import type { GatewayUnavailable } from "../../../application/payments/payment-gateway.ts"
import type { OrderNotFound } from "../../../domain/order/errors/order-not-found.ts"
import type { OrderNotCancellable } from "../../../domain/order/order-lifecycle.ts"
import type {
  OrderNotPayable,
  PaymentProviderUnavailable,
  PaymentSessionNotFound,
  ReturnUrlNotAllowed
} from "../../../domain/payment/errors/payment-errors.ts"
import {
  OrderNotCancellableProblem,
  OrderNotFoundProblem,
  OrderNotPayableProblem,
  PaymentGatewayFailedProblem,
  PaymentProviderUnavailableProblem,
  PaymentSessionNotFoundProblem
} from "./order-problems.ts"
import { answer, answerApiWide, answerDetail, problemTable } from "./problem-table.ts"
import { invalidField, ValidationFailed } from "./request-problems.ts"

const orderNotFound = answerDetail(OrderNotFoundProblem, (error: OrderNotFound) =>
  `No order "${error.orderId}" of yours in this shop (sign in as its customer or send its X-Order-Token)`)

const NOT_PAYABLE: Readonly<Record<OrderNotPayable["reason"], string>> = {
  not_prepaid: "The order is paid on delivery",
  not_pending: "The order is no longer pending",
  already_paid: "The order is paid already",
  payment_window_closed: "The order's payment window has ended"
}

export const orderPaymentProblems = {
  cancelOrder: problemTable({
    OrderNotFound: orderNotFound,
    OrderNotCancellable: answer(OrderNotCancellableProblem, (error: OrderNotCancellable) =>
      new OrderNotCancellableProblem({ detail: `An order that is "${error.status}" cannot be cancelled`, orderStatus: error.status }))
  }),
  createPaymentSession: problemTable({
    OrderNotFound: orderNotFound,
    OrderNotPayable: answer(OrderNotPayableProblem, (error: OrderNotPayable) =>
      new OrderNotPayableProblem({ detail: NOT_PAYABLE[error.reason], reason: error.reason })),
    PaymentProviderUnavailable: answerDetail(PaymentProviderUnavailableProblem, (error: PaymentProviderUnavailable) =>
      `Payments through "${error.provider}" are not available here`),
    GatewayUnavailable: answerDetail(PaymentGatewayFailedProblem, (error: GatewayUnavailable) =>
      `The ${error.provider} gateway did not open the payment; try again`),
    ReturnUrlNotAllowed: answerApiWide(ValidationFailed, (_: ReturnUrlNotAllowed) =>
      invalidField("returnUrl", "Expected an http(s) URL on an allowed origin (CORS_ORIGINS or this service's)"))
  }),
  getPaymentSession: problemTable({
    OrderNotFound: orderNotFound,
    PaymentSessionNotFound: answerDetail(PaymentSessionNotFoundProblem, (error: PaymentSessionNotFound) =>
      `No payment session "${error.sessionId}" of this order`)
  })
}
