/**
 * The bKash and SSLCommerz adapters over the local gateway simulator, and what their HTTP tests
 * do with them: an order placed and a session opened with a provider, the shopper's way back
 * (a GET redirect from bKash, a form POST from SSLCommerz), sessions and refund claims aged or
 * released in the store, and the payments service's passes (payment job, reconciliation).
 */
import { Effect, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import { makeBkashGateway } from "../../adapters/payments/bkash-gateway.ts"
import { makeSslcommerzGateway } from "../../adapters/payments/sslcommerz-gateway.ts"
import { PaymentsService } from "../../application/payments/payments-service.ts"
import { BKASH_CREDENTIALS, type GatewaySimulator, SSL_CREDENTIALS } from "./gateway-simulator.ts"
import { localPayments, openSession, placeOrder, unfollowed } from "./order-payment-http.ts"
import { rawRequest } from "./test-server.ts"

/** Both adapters against `simulator` (bKash's calls time out after 700 ms). */
export const simulatorGateways = (simulator: GatewaySimulator) =>
  Effect.all([
    makeBkashGateway({
      baseUrl: simulator.bkashBaseUrl,
      appKey: BKASH_CREDENTIALS.appKey,
      appSecret: Redacted.make(BKASH_CREDENTIALS.appSecret),
      username: BKASH_CREDENTIALS.username,
      password: Redacted.make(BKASH_CREDENTIALS.password),
      timeout: "700 millis"
    }),
    makeSslcommerzGateway({
      baseUrl: simulator.sslcommerzBaseUrl,
      storeId: SSL_CREDENTIALS.storeId,
      storePassword: Redacted.make(SSL_CREDENTIALS.storePassword)
    })
  ])

/** An order placed and a session opened with `provider`. */
export const openedWith = (provider: "bkash" | "sslcommerz") =>
  Effect.gen(function*() {
    const placed = yield* placeOrder({ sku: "FIX-6-1" })
    return { ...placed, session: yield* openSession(placed.order.id, placed.orderToken, provider) }
  })

export const paymentIdOf = (redirectUrl: string) => redirectUrl.slice(redirectUrl.lastIndexOf("/") + 1)

/** A form POST to a callback route (as SSLCommerz and its shoppers' browsers send them). */
export const postForm = (path: string, fields: Readonly<Record<string, string>>) =>
  unfollowed(rawRequest("POST", path, {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString()
  }))

/** The shopper's browser sent back to a callback URL (bKash's redirect). */
export const browserBack = (path: string) => unfollowed(rawRequest("GET", path))

/** Moves the session's opening back by `minutes`. */
export const ageSession = (sessionId: string, minutes: number) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql`UPDATE payment_sessions SET created_at = created_at - make_interval(mins => ${minutes}) WHERE id = ${sessionId}`)

/** Ends every refund claim and backoff of the order's captures (as if their time had passed). */
export const releaseRefundClaims = (orderId: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql`UPDATE payment_captures SET refund_claimed_until = now() - interval '1 second' WHERE order_id = ${orderId}`)

/** Ends the backoff of every session check (as if its time had passed). */
export const releaseSessionChecks = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  sql`UPDATE payment_sessions SET check_at = now() - interval '1 second' WHERE check_at IS NOT NULL`)

/** The order's captures with what the gateway needs to refund them (and the refund's reference). */
export const captureDetailsOf = (orderId: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql<{ id: string; disposition: string; details: string }>`
      SELECT id, disposition, details::text AS details FROM payment_captures WHERE order_id = ${orderId} ORDER BY created_at, id`)

/** The payments service over the test's own stores, with the simulator's gateways. */
export const simulatorPayments = (simulator: GatewaySimulator) => localPayments({ gateways: simulatorGateways(simulator) })

/** One pass of the payment job (expiry after reconciliation, refund retries). */
export const paymentJobPass = (simulator: GatewaySimulator) =>
  Effect.flatMap(PaymentsService, (payments) => payments.expireUnpaid()).pipe(Effect.provide(simulatorPayments(simulator)))

/** One pass of the reconciliation loop. */
export const reconciliationPass = (simulator: GatewaySimulator) =>
  Effect.flatMap(PaymentsService, (payments) => payments.reconcile()).pipe(Effect.provide(simulatorPayments(simulator)))
