/**
 * Port: a payment gateway, spoken to server to server. Every adapter (bKash Tokenized Checkout,
 * SSLCommerz v4, the demo gateway) answers the same three questions, and the use cases trust
 * nothing else: the shopper's redirect and a gateway's notification only say *which* session to
 * ask about (`GatewayCallback`), never how it ended.
 * Adapters: adapters/payments/bkash-gateway.ts, sslcommerz-gateway.ts, demo-gateway.ts.
 */
import { Context, type Effect, Schema } from "effect"
import type { PaymentCapture } from "../../domain/payment/payment-capture.ts"
import type { PaymentProvider, PaymentSession } from "../../domain/payment/payment-session.ts"
import type { VerifiedPayment } from "../../domain/payment/settlement.ts"
import type { Address } from "../../domain/shipping/address.ts"

/** The gateway did not answer, or answered something unusable (502 `payment_gateway_failed`). */
export class GatewayUnavailable extends Schema.TaggedError<GatewayUnavailable>()("GatewayUnavailable", {
  provider: Schema.String,
  reason: Schema.String,
  /** The HTTP status the gateway answered, when it answered one that is not 2xx. */
  httpStatus: Schema.optionalKey(Schema.Number)
}) {}

/**
 * The gateway does not vouch for a payment of this session (an unknown or another session's
 * validation id, a forged notification): nothing changes (400 on the callback route).
 */
export class PaymentNotVerified extends Schema.TaggedError<PaymentNotVerified>()("PaymentNotVerified", {
  provider: Schema.String,
  reason: Schema.String
}) {}

/** What a gateway needs to open a payment. */
export interface GatewayPaymentRequest {
  readonly session: PaymentSession
  readonly orderNumber: string
  /** Absolute URL the gateway sends the shopper (and notifications) back to, per provider route. */
  readonly callbackBase: string
  readonly customer: Address
}

export interface GatewayPaymentStarted {
  /** The gateway's page where the shopper pays. */
  readonly redirectUrl: string
  /** The gateway's id of the payment (bKash paymentID, SSLCommerz sessionkey, the demo's session). */
  readonly reference: string
}

/** What came back through the shopper's browser or a notification: untrusted pointers to ask about. */
export interface GatewayCallback {
  readonly fields: Readonly<Record<string, string>>
}

/**
 * What a gateway said of a refund: `refunded` (done), `processing` (accepted, not done yet: ask
 * again with `refundStatus`), or `manual` (a gateway without a refund API). `details` is what to
 * keep with the capture to ask about this refund later (SSLCommerz `refund_ref_id`, bKash `refundTrxID`).
 */
export type RefundResult =
  | { readonly status: "refunded" | "processing"; readonly details: Readonly<Record<string, string>> }
  | { readonly status: "manual" }

/** The gateway's account of a capture's refund: `none` when it knows of no refund of it. */
export type RefundStatus = "refunded" | "processing" | "none"

export interface PaymentGateway {
  readonly provider: PaymentProvider
  readonly startPayment: (request: GatewayPaymentRequest) => Effect.Effect<GatewayPaymentStarted, GatewayUnavailable>
  /**
   * The gateway's own account of the session's payment, asked server to server about the
   * session's own reference (never an id the callback names, unless the gateway confirms it
   * belongs to this session: else PaymentNotVerified). The callback may only choose between
   * `failed` and `cancelled` for a payment the gateway says did not complete.
   */
  readonly verifyPayment: (
    session: PaymentSession,
    callback: GatewayCallback
  ) => Effect.Effect<VerifiedPayment, GatewayUnavailable | PaymentNotVerified>
  /**
   * The gateway's account of the session's payment with no callback to go by (reconciliation):
   * asked about the session's own reference, it never executes or confirms anything. `pending`
   * means nothing was captured (yet); a payment that failed or was cancelled says so.
   */
  readonly queryPayment: (session: PaymentSession) => Effect.Effect<VerifiedPayment, GatewayUnavailable | PaymentNotVerified>
  /**
   * Gives a capture back; `manual` where the gateway cannot refund through its API. Asked again
   * for the same capture, it is the same refund (SSLCommerz `refund_trans_id` = the capture id),
   * and a refusal meaning "refunded already" answers `refunded`.
   */
  readonly refund: (capture: PaymentCapture) => Effect.Effect<RefundResult, GatewayUnavailable>
  /** What became of the capture's refund (asked before a refund whose answer was lost is asked again). */
  readonly refundStatus: (capture: PaymentCapture) => Effect.Effect<RefundStatus, GatewayUnavailable>
}

/** The configured gateways by provider (bKash and SSLCommerz when their credentials are set; demo only in the demo). */
export class PaymentGateways extends Context.Service<PaymentGateways, {
  readonly get: (provider: PaymentProvider) => PaymentGateway | undefined
}>()("storefront/PaymentGateways") {}

/** PAYMENT_TTL_MINUTES and where the service is reached from outside (for gateway callbacks). */
export class PaymentSettings extends Context.Service<PaymentSettings, {
  readonly ttlMinutes: number
  /** How long after it opened a pending session is first asked about at its gateway (PAYMENT_RECONCILE_AFTER_SECONDS). */
  readonly reconcileAfterMillis: number
  /** PUBLIC_URL origin; `null`: the origin each request came to. */
  readonly publicUrl: string | null
  /** Origins a returnUrl may point to besides the service's own (CORS_ORIGINS). */
  readonly allowsReturnOrigin: (origin: string) => boolean
}>()("storefront/PaymentSettings") {}
