/**
 * What the test server adds for payments: the demo gateway (whose page the tests drive like a
 * shopper), any other gateways a suite brings (bKash and SSLCommerz adapters against the local
 * simulator), PAYMENT_TTL_MINUTES and the allowed return origins.
 */
import { type Effect, Layer } from "effect"
import type { HttpClient } from "effect/http"
import { DemoGateway } from "../../adapters/payments/demo-gateway.ts"
import type { PaymentGateway } from "../../application/payments/payment-gateway.ts"
import { PaymentSettings } from "../../application/payments/payment-gateway.ts"
import { paymentGateways } from "../../config/payments.ts"

export const TEST_SHOP_ORIGIN = "https://shop.example"

export interface TestPaymentOptions {
  /** Gateways besides the demo one (made over a fetch HttpClient). */
  readonly gateways?: Effect.Effect<ReadonlyArray<PaymentGateway>, never, HttpClient.HttpClient>
  readonly ttlMinutes?: number
}

export const testPayments = (options: TestPaymentOptions = {}) =>
  Layer.mergeAll(
    paymentGateways(options.gateways === undefined ? { demo: true } : { demo: true, others: options.gateways }),
    Layer.succeed(PaymentSettings, {
      ttlMinutes: options.ttlMinutes ?? 30,
      reconcileAfterMillis: 5 * 60_000,
      publicUrl: null,
      allowsReturnOrigin: (origin) => origin === TEST_SHOP_ORIGIN
    })
  ).pipe(Layer.provideMerge(DemoGateway.layer))
