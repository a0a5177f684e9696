/**
 * PaymentGateway for bKash Tokenized Checkout, API v1.2.0-beta (sources in docs/payments.md):
 *
 * - `POST /tokenized/checkout/token/grant` (headers `username`, `password`; body `app_key`,
 *   `app_secret`) → `id_token`, `refresh_token`, `expires_in`; `POST …/token/refresh` (body adds
 *   `refresh_token`) renews it. The id token is kept until a minute before it expires, and
 *   renewed once on a 401 (bkash-token.ts).
 * - `POST /tokenized/checkout/create` (headers `Authorization: <id_token>`, `X-App-Key`; body
 *   `mode` "0011", `payerReference`, `callbackURL`, `amount`, `currency`, `intent` "sale",
 *   `merchantInvoiceNumber`) → `paymentID`, `bkashURL`.
 * - The shopper returns to callbackURL with `paymentID` and `status` appended; the service then
 *   calls `POST …/execute {paymentID}` for the session's own paymentID and, when execute fails or
 *   times out, `POST …/payment/status {paymentID}`; only `transactionStatus` "Completed" with the
 *   session as `merchantInvoiceNumber` is a payment. Reconciliation asks `payment/status` only.
 * - `POST …/payment/refund {paymentID, amount, trxID, sku, reason}` → `refundTrxID`; the same
 *   endpoint with only `{paymentID, trxID}` is the refund status (the refund made of it, if any),
 *   asked before a refund whose answer was lost is sent again, and after a refusal.
 *
 * A `statusCode` other than "0000" is an error answer. Credentials are Redacted and never logged.
 */
import { Duration, Effect, Redacted, Schema } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { GatewayUnavailable, type PaymentGateway, PaymentNotVerified, type RefundStatus } from "../../application/payments/payment-gateway.ts"
import type { PaymentCapture } from "../../domain/payment/payment-capture.ts"
import type { PaymentSession } from "../../domain/payment/payment-session.ts"
import type { VerifiedPayment } from "../../domain/payment/settlement.ts"
import { decimalFromMinor, gatewayJson, minorFromDecimal, optionalTexts } from "./gateway-http.ts"
import { asMinorUnits } from "../../domain/shared/money.ts"
import { makeBkashToken, TokenAnswer } from "./bkash-token.ts"

export interface BkashSettings {
  /** e.g. https://tokenized.sandbox.bka.sh/v1.2.0-beta (sandbox) or https://tokenized.pay.bka.sh/v1.2.0-beta (live). */
  readonly baseUrl: string
  readonly appKey: string
  readonly appSecret: Redacted.Redacted
  readonly username: string
  readonly password: Redacted.Redacted
  /** How long a call may take (execute's answer may be lost: then the payment is queried). */
  readonly timeout?: Duration.Input
}

const Answer = optionalTexts("statusCode", "statusMessage")
const CreateAnswer = Schema.Struct({ ...Answer, ...optionalTexts("paymentID", "bkashURL") })
const PaymentAnswer = Schema.Struct({
  ...Answer,
  ...optionalTexts("paymentID", "trxID", "transactionStatus", "amount", "currency", "merchantInvoiceNumber")
})
type PaymentAnswer = typeof PaymentAnswer.Type
const RefundAnswer = Schema.Struct({ ...Answer, ...optionalTexts("transactionStatus", "refundTrxID", "originalTrxID") })

const PROVIDER = "bkash"
const OK = "0000"
const unavailable = (reason: string) => new GatewayUnavailable({ provider: PROVIDER, reason })

export const makeBkashGateway = (settings: BkashSettings) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const timeout = settings.timeout ?? "15 seconds"
    const post = <S extends Schema.Top & { readonly DecodingServices: never }>(
      step: string,
      path: string,
      headers: Record<string, string>,
      body: unknown,
      schema: S
    ) =>
      gatewayJson(
        client,
        PROVIDER,
        step,
        HttpClientRequest.post(`${settings.baseUrl}${path}`).pipe(
          HttpClientRequest.setHeaders({ accept: "application/json", ...headers }),
          HttpClientRequest.bodyJsonUnsafe(body)
        ),
        schema,
        timeout
      )

    const credentials = () => ({ username: settings.username, password: Redacted.value(settings.password) })
    const appCredentials = () => ({ app_key: settings.appKey, app_secret: Redacted.value(settings.appSecret) })
    const token = yield* makeBkashToken({
      grant: post("grant token", "/tokenized/checkout/token/grant", credentials(), appCredentials(), TokenAnswer),
      refresh: (refreshToken) =>
        post("refresh token", "/tokenized/checkout/token/refresh", credentials(), { ...appCredentials(), refresh_token: refreshToken }, TokenAnswer),
      refused: unavailable
    })

    const authorized = <S extends Schema.Top & { readonly DecodingServices: never }>(step: string, path: string, body: unknown, schema: S) =>
      token.authorized((id) => post(step, path, { authorization: id, "x-app-key": settings.appKey }, body, schema))

    const verified = (session: PaymentSession, answer: PaymentAnswer): Effect.Effect<VerifiedPayment | null, PaymentNotVerified> => {
      if (answer.statusCode !== OK || answer.transactionStatus !== "Completed") return Effect.succeed(null)
      if (answer.paymentID !== session.gatewayReference || answer.merchantInvoiceNumber !== session.id) {
        return Effect.fail(new PaymentNotVerified({ provider: PROVIDER, reason: "the payment belongs to another session" }))
      }
      const amount = minorFromDecimal(answer.amount ?? "")
      if (amount === null || answer.trxID === undefined) return Effect.succeed(null)
      return Effect.succeed({
        outcome: "paid",
        transactionId: answer.trxID,
        amount,
        currency: answer.currency ?? "",
        details: { paymentID: session.gatewayReference }
      })
    }

    /** `payment/status` of the session's own paymentID: what bKash holds, executing nothing. */
    const query = (session: PaymentSession) =>
      Effect.gen(function*() {
        const answer = yield* authorized("query", "/tokenized/checkout/payment/status", { paymentID: session.gatewayReference }, PaymentAnswer)
        if (answer.statusCode !== OK) return yield* unavailable(`query: ${answer.statusMessage ?? "refused"}`)
        const paid = yield* verified(session, answer)
        if (paid !== null) return paid
        if (answer.transactionStatus === "Completed") return yield* unavailable("query: a completed payment without amount or trxID")
        const outcome: VerifiedPayment["outcome"] = answer.transactionStatus === "Cancelled"
          ? "cancelled"
          : answer.transactionStatus === "Failed" ? "failed" : "pending"
        return { outcome, transactionId: "", amount: asMinorUnits(0), currency: session.currency, details: {} } satisfies VerifiedPayment
      })

    /**
     * Refund status: `payment/refund` with only paymentID and trxID answers the refund made of it,
     * if any. An error code, or a client error (4xx) once the token is good, is "no refund known":
     * sending the refund again is safe, since bKash refuses more than is left of the payment.
     */
    const refundStatus = (capture: PaymentCapture) =>
      authorized("refund status", "/tokenized/checkout/payment/refund", { paymentID: capture.details["paymentID"] ?? "", trxID: capture.transactionId }, RefundAnswer).pipe(
        Effect.map((answer): RefundStatus =>
          answer.statusCode !== OK || answer.refundTrxID === undefined ? "none" : answer.transactionStatus === "Completed" ? "refunded" : "processing"
        ),
        Effect.catchIf(
          (error) => error.httpStatus !== undefined && error.httpStatus >= 400 && error.httpStatus < 500 && error.httpStatus !== 401,
          () => Effect.succeed<RefundStatus>("none")
        )
      )

    const gateway: PaymentGateway = {
      provider: "bkash",
      startPayment: ({ session, callbackBase }) =>
        Effect.gen(function*() {
          const answer = yield* authorized("create", "/tokenized/checkout/create", {
            mode: "0011",
            payerReference: session.orderId,
            callbackURL: `${callbackBase}/callback?session=${encodeURIComponent(session.id)}`,
            amount: decimalFromMinor(session.amount),
            currency: session.currency,
            intent: "sale",
            merchantInvoiceNumber: session.id
          }, CreateAnswer)
          if (answer.statusCode !== OK || answer.paymentID === undefined || answer.bkashURL === undefined) {
            return yield* unavailable(`create: ${answer.statusMessage ?? "refused"}`)
          }
          return { redirectUrl: answer.bkashURL, reference: answer.paymentID }
        }),
      verifyPayment: (session, callback) =>
        Effect.gen(function*() {
          const named = callback.fields["paymentID"]
          if (named !== undefined && named !== session.gatewayReference) {
            return yield* new PaymentNotVerified({ provider: PROVIDER, reason: "the callback names another payment" })
          }
          const body = { paymentID: session.gatewayReference }
          const executed = yield* authorized("execute", "/tokenized/checkout/execute", body, PaymentAnswer).pipe(
            Effect.flatMap((answer) => verified(session, answer)),
            Effect.catchTag("GatewayUnavailable", () => Effect.succeed(null))
          )
          if (executed !== null) return executed
          // execute failed, was refused (already executed, not authorised) or its answer was lost: ask
          const queried = yield* query(session)
          if (queried.outcome !== "pending") return queried
          const status = callback.fields["status"]
          return { ...queried, outcome: status === "cancel" ? "cancelled" : status === "failure" ? "failed" : "pending" }
        }),
      queryPayment: (session) => query(session),
      refund: (capture) =>
        Effect.gen(function*() {
          const answer = yield* authorized("refund", "/tokenized/checkout/payment/refund", {
            paymentID: capture.details["paymentID"] ?? "",
            amount: decimalFromMinor(capture.amount),
            trxID: capture.transactionId,
            sku: capture.orderId,
            reason: capture.reason === "" ? "refund" : capture.reason
          }, RefundAnswer)
          if (answer.statusCode === OK && answer.transactionStatus === "Completed") {
            return { status: "refunded", details: answer.refundTrxID === undefined ? {} : { refundTrxID: answer.refundTrxID } } as const
          }
          // refused: refunded already (an earlier request whose answer was lost), or not at all
          const known = yield* refundStatus(capture)
          if (known !== "none") return { status: known, details: {} } as const
          return yield* unavailable(`refund: ${answer.statusMessage ?? "refused"}`)
        }),
      refundStatus: (capture) => refundStatus(capture)
    }
    return gateway
  })
