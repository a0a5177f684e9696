/**
 * The payments side of the composition root (docs/payments.md "Configuration"): PAYMENT_TTL_MINUTES
 * and PUBLIC_URL as PaymentSettings, the gateways that are configured (bKash and SSLCommerz when
 * their credentials are set; the demo gateway only on the embedded database), and the payment job.
 */
import { Effect, Layer, Option } from "effect"
import { FetchHttpClient, type HttpClient } from "effect/http"
import { makeBkashGateway } from "../adapters/payments/bkash-gateway.ts"
import { DemoGateway } from "../adapters/payments/demo-gateway.ts"
import { makeSslcommerzGateway } from "../adapters/payments/sslcommerz-gateway.ts"
import { type PaymentGateway, PaymentGateways, PaymentSettings } from "../application/payments/payment-gateway.ts"
import * as PaymentJob from "../application/payments/payment-job.ts"
import type { PaymentProvider } from "../domain/payment/payment-session.ts"
import { isAllowedOrigin } from "../adapters/http/request/cors-origins.ts"
import { type AppConfig, corsOrigins } from "./app-config.ts"

export const paymentSettings = (settings: AppConfig) => {
  const origins = corsOrigins(settings)
  return Layer.succeed(PaymentSettings, {
    ttlMinutes: settings.paymentTtlMinutes,
    reconcileAfterMillis: settings.paymentReconcileAfterSeconds * 1000,
    publicUrl: Option.getOrNull(settings.publicUrl),
    allowsReturnOrigin: (origin) => isAllowedOrigin(origins, origin)
  })
}

/** A registry of the given gateways. */
export const paymentGatewaysOf = (gateways: ReadonlyArray<PaymentGateway>) => {
  const byProvider = new Map<PaymentProvider, PaymentGateway>(gateways.map((gateway) => [gateway.provider, gateway]))
  return PaymentGateways.of({ get: (provider) => byProvider.get(provider) })
}

/** The configured gateways (made over a fetch HttpClient); the demo one (DemoGateway) when `demo`. */
export const paymentGateways = (options: {
  readonly demo: boolean
  readonly others?: Effect.Effect<ReadonlyArray<PaymentGateway>, never, HttpClient.HttpClient>
}) => {
  const others = options.others ?? Effect.succeed([])
  const registry = options.demo
    ? Layer.effect(PaymentGateways, Effect.gen(function*() {
      const demo = yield* DemoGateway
      return paymentGatewaysOf([demo.gateway, ...yield* others])
    }))
    : Layer.effect(PaymentGateways, Effect.map(others, paymentGatewaysOf))
  return registry.pipe(Layer.provide(FetchHttpClient.layer))
}

/** How often the payment job runs. */
export const PAYMENT_JOB_INTERVAL = "15 seconds"
/** How often the reconciliation loop looks for pending sessions due for a check. */
export const RECONCILIATION_INTERVAL = "1 minute"

export const paymentJob = PaymentJob.layer(PAYMENT_JOB_INTERVAL, RECONCILIATION_INTERVAL)

/** bKash and SSLCommerz, each when its credentials are configured. */
export const configuredGateways = (settings: AppConfig): Effect.Effect<ReadonlyArray<PaymentGateway>, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const gateways: Array<PaymentGateway> = []
    const { bkashAppKey, bkashAppSecret, bkashUsername, bkashPassword, sslcommerzStoreId, sslcommerzStorePassword } = settings
    if (Option.isSome(bkashAppKey) && Option.isSome(bkashAppSecret) && Option.isSome(bkashUsername) && Option.isSome(bkashPassword)) {
      gateways.push(yield* makeBkashGateway({
        baseUrl: settings.bkashBaseUrl,
        appKey: bkashAppKey.value,
        appSecret: bkashAppSecret.value,
        username: bkashUsername.value,
        password: bkashPassword.value
      }))
    }
    if (Option.isSome(sslcommerzStoreId) && Option.isSome(sslcommerzStorePassword)) {
      gateways.push(yield* makeSslcommerzGateway({
        baseUrl: settings.sslcommerzBaseUrl,
        storeId: sslcommerzStoreId.value,
        storePassword: sslcommerzStorePassword.value
      }))
    }
    return gateways
  })
