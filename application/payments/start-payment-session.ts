/**
 * Use cases: POST /orders/{orderId}/payment-sessions and GET …/payment-sessions/{id}. A session
 * is opened for the order's whole total, in the shop currency, while the order awaits payment
 * and until its payment window ends (PAYMENT_TTL_MINUTES after checkout); `returnUrl` must be on
 * an allowed origin (CORS_ORIGINS or the service's own). The gateway is asked for its payment
 * page after the session is stored, outside the order's lock; when it fails the session is
 * `failed` and the shopper may open another.
 */
import { Clock, Effect, Option } from "effect"
import { OrderNotPayable, PaymentProviderUnavailable, PaymentSessionNotFound, ReturnUrlNotAllowed } from "../../domain/payment/errors/payment-errors.ts"
import { isAwaitingPayment, paymentDeadline } from "../../domain/order/order-lifecycle.ts"
import type { Order } from "../../domain/order/order.ts"
import { type PaymentProvider, type PaymentSession, SHOP_CURRENCY } from "../../domain/payment/payment-session.ts"
import { type OrderId, type PaymentSessionId, PaymentSessionId as SessionId } from "../../domain/shared/ids.ts"
import { lockOwnedOrder, type OrderRequester } from "./order-access.ts"
import type { PaymentsPorts } from "./payments-ports.ts"

export interface PaymentSessionRequest {
  readonly orderId: OrderId
  readonly requester: OrderRequester
  readonly provider: PaymentProvider
  readonly returnUrl: string
  /** The origin the request came to (`https://shop.example`), the service's own unless PUBLIC_URL says otherwise. */
  readonly ownOrigin: string
}

const originOf = (url: string): string | null => {
  try {
    const parsed = new URL(url)
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : null
  } catch {
    return null
  }
}

const notPayable = (order: Order, now: Date, ttlMinutes: number): OrderNotPayable["reason"] | null => {
  if (order.paymentMethod !== "prepaid") return "not_prepaid"
  if (order.status !== "pending") return "not_pending"
  if (!isAwaitingPayment(order)) return "already_paid"
  return paymentDeadline(order, ttlMinutes).getTime() <= now.getTime() ? "payment_window_closed" : null
}

export const startPaymentSession = (ports: PaymentsPorts, request: PaymentSessionRequest) =>
  Effect.gen(function*() {
    const gateway = ports.gateways.get(request.provider)
    if (gateway === undefined) return yield* new PaymentProviderUnavailable({ provider: request.provider })
    const returnOrigin = originOf(request.returnUrl)
    const ownOrigin = ports.settings.publicUrl === null ? request.ownOrigin : originOf(ports.settings.publicUrl) ?? request.ownOrigin
    if (returnOrigin === null || (returnOrigin !== ownOrigin && !ports.settings.allowsReturnOrigin(returnOrigin))) {
      return yield* new ReturnUrlNotAllowed({ returnUrl: request.returnUrl })
    }
    const now = new Date(yield* Clock.currentTimeMillis)
    const { order, session } = yield* ports.transactions.atomically(Effect.gen(function*() {
      const order = yield* lockOwnedOrder(ports, request.orderId, request.requester)
      const reason = notPayable(order, now, ports.settings.ttlMinutes)
      if (reason !== null) return yield* new OrderNotPayable({ orderId: order.id, reason })
      const session: PaymentSession = {
        id: SessionId.make(yield* ports.ids.next("pay")),
        orderId: order.id,
        provider: request.provider,
        status: "pending",
        amount: order.total,
        currency: SHOP_CURRENCY,
        returnUrl: request.returnUrl,
        redirectUrl: "",
        gatewayReference: "",
        expiresAt: paymentDeadline(order, ports.settings.ttlMinutes),
        createdAt: now,
        completedAt: null
      }
      yield* ports.payments.insertSession(session)
      return { order, session }
    }))
    const started = yield* gateway.startPayment({
      session,
      orderNumber: order.orderNumber,
      callbackBase: `${ownOrigin}/payments/${request.provider}`,
      customer: order.shippingAddress
    }).pipe(Effect.tapError((error) =>
      Effect.logWarning("payment session could not be opened at the gateway; the session is failed").pipe(
        Effect.annotateLogs({ provider: request.provider, sessionId: session.id, orderId: session.orderId, reason: error.reason }),
        Effect.andThen(ports.payments.updateSession({ ...session, status: "failed", completedAt: now }))
      )))
    const opened: PaymentSession = { ...session, redirectUrl: started.redirectUrl, gatewayReference: started.reference }
    yield* ports.payments.updateSession(opened)
    return opened
  })

export const getPaymentSession = (ports: PaymentsPorts, orderId: OrderId, sessionId: PaymentSessionId, requester: OrderRequester) =>
  ports.transactions.atomically(Effect.gen(function*() {
    yield* lockOwnedOrder(ports, orderId, requester)
    const found = yield* ports.payments.findSession(sessionId)
    if (Option.isNone(found) || found.value.orderId !== orderId) return yield* new PaymentSessionNotFound({ sessionId })
    return found.value
  }))
