/**
 * The order cancellation and online payment capability (issue 20, docs/payments.md) as one
 * service whose layer takes the ports once; each method is a traced span.
 */
import { Context, Effect, Layer } from "effect"
import type { PaymentProvider } from "../../domain/payment/payment-session.ts"
import type { OrderId, PaymentSessionId } from "../../domain/shared/ids.ts"
import { cancelCustomerOrder } from "./cancel-order.ts"
import type { OrderRequester } from "./order-access.ts"
import { completePayment } from "./complete-payment.ts"
import type { GatewayCallback } from "./payment-gateway.ts"
import { expireUnpaidOrders } from "./payment-expiry.ts"
import { paymentsPorts } from "./payments-ports.ts"
import { reconcileDueSessions } from "./payment-reconciliation.ts"
import { getPaymentSession, type PaymentSessionRequest, startPaymentSession } from "./start-payment-session.ts"

const make = Effect.gen(function*() {
  const ports = yield* paymentsPorts
  return {
    cancelOrder: Effect.fn("Payments.cancelOrder")((orderId: OrderId, requester: OrderRequester) =>
      cancelCustomerOrder(ports, orderId, requester)
    ),
    startSession: Effect.fn("Payments.startSession")((request: PaymentSessionRequest) => startPaymentSession(ports, request)),
    getSession: Effect.fn("Payments.getSession")((orderId: OrderId, sessionId: PaymentSessionId, requester: OrderRequester) =>
      getPaymentSession(ports, orderId, sessionId, requester)
    ),
    /** The session as stored (where a callback's shopper goes back to when the gateway cannot be asked). */
    findSession: Effect.fn("Payments.findSession")((sessionId: PaymentSessionId) => ports.payments.findSession(sessionId)),
    complete: Effect.fn("Payments.complete")((provider: PaymentProvider, sessionId: PaymentSessionId, callback: GatewayCallback) =>
      completePayment(ports, provider, sessionId, callback)
    ),
    expireUnpaid: Effect.fn("Payments.expireUnpaid")(() => expireUnpaidOrders(ports)),
    reconcile: Effect.fn("Payments.reconcile")(() => reconcileDueSessions(ports))
  }
})

export class PaymentsService extends Context.Service<PaymentsService, Effect.Success<typeof make>>()(
  "storefront/PaymentsService"
) {
  /** Needs the ports of payments-ports.ts. */
  static readonly layer = Layer.effect(PaymentsService, make)
}
