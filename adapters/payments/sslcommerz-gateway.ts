/**
 * PaymentGateway for SSLCommerz API v4 (sources in docs/payments.md):
 *
 * - session initiation: `POST /gwprocess/v4/api.php`, a form with `store_id`, `store_passwd`,
 *   `total_amount`, `currency`, `tran_id` (the session id), `success_url`, `fail_url`,
 *   `cancel_url`, `ipn_url`, customer and shipping fields → JSON `status` "SUCCESS",
 *   `GatewayPageURL`, `sessionkey`;
 * - SSLCommerz posts the shopper's browser back to success/fail/cancel and its own server to the
 *   IPN URL, each a form with `tran_id`, `val_id`, `status`, `amount`…; none of it is trusted;
 * - the validation API `GET /validator/api/validationserverAPI.php?val_id&store_id&store_passwd&format=json`
 *   → `status` VALID or VALIDATED (already validated), `tran_id`, `currency_type` and
 *   `currency_amount` (what was asked), `bank_tran_id`, `risk_level` (1: risky, the order is
 *   held); INVALID_TRANSACTION otherwise;
 * - without a val_id (a fail or cancel redirect), the transaction query
 *   `GET /validator/api/merchantTransIDvalidationAPI.php?tran_id&store_id&store_passwd&format=json`
 *   → `element[]` with each attempt's `val_id` and `status`;
 * - refund: the same endpoint with `bank_tran_id`, `refund_trans_id` (the capture id: one per
 *   refund, the same on a retry), `refund_amount`, `refund_remarks`, `refe_id` → `APIConnect`
 *   "DONE", `status` success | processing | failed, `refund_ref_id` (kept with the capture);
 *   `processing` is not refunded yet;
 * - refund query: the same endpoint with `refund_ref_id` → `status` refunded | processing | cancelled,
 *   asked until SSLCommerz says refunded.
 *
 * The store password is Redacted and never logged.
 */
import { Duration, Effect, Redacted, Schema } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { GatewayUnavailable, type PaymentGateway, PaymentNotVerified } from "../../application/payments/payment-gateway.ts"
import type { PaymentSession } from "../../domain/payment/payment-session.ts"
import type { VerifiedPayment } from "../../domain/payment/settlement.ts"
import { decimalFromMinor, gatewayJson, minorFromDecimal, optionalTexts } from "./gateway-http.ts"
import { asMinorUnits } from "../../domain/shared/money.ts"

export interface SslcommerzSettings {
  /** https://sandbox.sslcommerz.com (sandbox) or https://securepay.sslcommerz.com (live). */
  readonly baseUrl: string
  readonly storeId: string
  readonly storePassword: Redacted.Redacted
  readonly timeout?: Duration.Input
}

const InitAnswer = Schema.Struct({
  ...optionalTexts("status", "GatewayPageURL", "sessionkey"),
  failedreason: Schema.optionalKey(Schema.NullOr(Schema.String))
})
const Validation = Schema.Struct(optionalTexts("status", "tran_id", "val_id", "bank_tran_id", "currency_type", "currency_amount", "risk_level"))
type Validation = typeof Validation.Type
const TransactionQuery = Schema.Struct({
  ...optionalTexts("APIConnect"),
  element: Schema.optionalKey(Schema.Array(Schema.Struct(optionalTexts("val_id", "status"))))
})
const RefundAnswer = Schema.Struct({
  ...optionalTexts("APIConnect", "status", "refund_ref_id"),
  errorReason: Schema.optionalKey(Schema.NullOr(Schema.String))
})

const PROVIDER = "sslcommerz"
const unavailable = (reason: string) => new GatewayUnavailable({ provider: PROVIDER, reason })
const notVerified = (reason: string) => new PaymentNotVerified({ provider: PROVIDER, reason })
/**
 * A refund refused because the transaction was refunded already, or nothing is left of it to
 * refund (each capture is refunded whole, once): either way the money went back. A refusal that
 * says only that a refund exists (initiated, processing) is not counted: it is asked again.
 */
const ALREADY_REFUNDED = /already\s+(been\s+)?refunded|refunded\s+already|exceed|more than/i
const isValid = (status: string | undefined) => status === "VALID" || status === "VALIDATED"

export const makeSslcommerzGateway = (settings: SslcommerzSettings) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const timeout = settings.timeout ?? "15 seconds"
    const store = () => ({ store_id: settings.storeId, store_passwd: Redacted.value(settings.storePassword) })

    const getJson = <S extends Schema.Top & { readonly DecodingServices: never }>(step: string, path: string, params: Record<string, string>, schema: S) =>
      gatewayJson(
        client,
        PROVIDER,
        step,
        HttpClientRequest.get(`${settings.baseUrl}${path}`).pipe(
          HttpClientRequest.setUrlParams({ ...params, ...store(), format: "json" })
        ),
        schema,
        timeout
      )

    const validate = (session: PaymentSession, valId: string): Effect.Effect<VerifiedPayment, GatewayUnavailable | PaymentNotVerified> =>
      Effect.gen(function*() {
        const answer: Validation = yield* getJson("validation", "/validator/api/validationserverAPI.php", { val_id: valId, v: "1" }, Validation)
        if (!isValid(answer.status)) return yield* notVerified(`validation says ${answer.status ?? "nothing"}`)
        if (answer.tran_id !== session.id) return yield* notVerified("the payment belongs to another session")
        const amount = minorFromDecimal(answer.currency_amount ?? "")
        if (amount === null || answer.bank_tran_id === undefined) return yield* unavailable("validation: no amount or bank transaction")
        return {
          outcome: "paid",
          transactionId: answer.bank_tran_id,
          amount,
          currency: answer.currency_type ?? "",
          details: { val_id: valId },
          // risk_level 1: SSLCommerz flags the payment as risky (its plugins put such orders on hold)
          risky: answer.risk_level === "1"
        } satisfies VerifiedPayment
      })

    /** The transaction query by tran_id, and the validation of a VALID attempt: what SSLCommerz holds for the session. */
    const query = (session: PaymentSession): Effect.Effect<VerifiedPayment, GatewayUnavailable | PaymentNotVerified> =>
      Effect.gen(function*() {
        const known = yield* getJson("transaction query", "/validator/api/merchantTransIDvalidationAPI.php", { tran_id: session.id }, TransactionQuery)
        if (known.APIConnect !== undefined && known.APIConnect !== "DONE") return yield* unavailable(`transaction query: ${known.APIConnect}`)
        const paid = (known.element ?? []).find((attempt) => isValid(attempt.status) && attempt.val_id !== undefined)
        if (paid?.val_id !== undefined) return yield* validate(session, paid.val_id)
        const statuses = new Set((known.element ?? []).map((attempt) => attempt.status))
        const outcome: VerifiedPayment["outcome"] = statuses.has("CANCELLED") ? "cancelled" : statuses.has("FAILED") ? "failed" : "pending"
        return { outcome, transactionId: "", amount: asMinorUnits(0), currency: session.currency, details: {} } satisfies VerifiedPayment
      })

    const gateway: PaymentGateway = {
      provider: "sslcommerz",
      startPayment: ({ session, orderNumber, callbackBase, customer }) =>
        Effect.gen(function*() {
          const form = {
            ...store(),
            total_amount: decimalFromMinor(session.amount),
            currency: session.currency,
            tran_id: session.id,
            success_url: `${callbackBase}/success`,
            fail_url: `${callbackBase}/fail`,
            cancel_url: `${callbackBase}/cancel`,
            ipn_url: `${callbackBase}/ipn`,
            cus_name: customer.name,
            cus_email: customer.email === "" ? "customer@example.invalid" : customer.email,
            cus_add1: [customer.house, customer.road].filter((part) => part !== "").join(", ") || customer.city || customer.district,
            cus_city: customer.city || customer.district,
            cus_postcode: customer.postcode || "0000",
            cus_country: customer.country || "Bangladesh",
            cus_phone: customer.phone,
            shipping_method: "Courier",
            ship_name: customer.name,
            ship_add1: customer.road || customer.city || customer.district,
            ship_city: customer.city || customer.district,
            ship_postcode: customer.postcode || "0000",
            ship_country: customer.country || "Bangladesh",
            num_of_item: "1",
            product_name: `Order ${orderNumber}`,
            product_category: "general",
            product_profile: "general"
          }
          const answer = yield* gatewayJson(
            client,
            PROVIDER,
            "initiation",
            HttpClientRequest.post(`${settings.baseUrl}/gwprocess/v4/api.php`).pipe(HttpClientRequest.bodyUrlParams(form)),
            InitAnswer,
            timeout
          )
          if (answer.status !== "SUCCESS" || answer.GatewayPageURL === undefined || answer.sessionkey === undefined) {
            return yield* unavailable(`initiation: ${answer.failedreason ?? "refused"}`)
          }
          return { redirectUrl: answer.GatewayPageURL, reference: answer.sessionkey }
        }),
      verifyPayment: (session, callback) =>
        Effect.gen(function*() {
          if (callback.fields["tran_id"] !== session.id) return yield* notVerified("the callback names another session")
          const valId = callback.fields["val_id"]
          if (valId !== undefined && valId !== "") return yield* validate(session, valId)
          // no val_id (a fail or cancel redirect): what does SSLCommerz know of this session?
          return yield* query(session)
        }),
      queryPayment: (session) => query(session),
      refund: (capture) =>
        Effect.gen(function*() {
          const answer = yield* getJson("refund", "/validator/api/merchantTransIDvalidationAPI.php", {
            bank_tran_id: capture.transactionId,
            refund_trans_id: capture.id,
            refund_amount: decimalFromMinor(capture.amount),
            refund_remarks: capture.reason === "" ? "refund" : capture.reason,
            refe_id: capture.id
          }, RefundAnswer)
          const details = answer.refund_ref_id === undefined || answer.refund_ref_id === "" ? {} : { refund_ref_id: answer.refund_ref_id }
          if (answer.APIConnect === "DONE" && answer.status === "success") return { status: "refunded", details } as const
          if (answer.APIConnect === "DONE" && answer.status === "processing") return { status: "processing", details } as const
          // a refusal because it was refunded already (an earlier request whose answer was lost)
          if (ALREADY_REFUNDED.test(answer.errorReason ?? "")) return { status: "refunded", details } as const
          return yield* unavailable(`refund: ${answer.errorReason ?? answer.status ?? "refused"}`)
        }),
      refundStatus: (capture) =>
        Effect.gen(function*() {
          const reference = capture.details["refund_ref_id"]
          // no reference: the refund's answer never came; asking again with the same refund_trans_id tells
          if (reference === undefined || reference === "") return "none" as const
          const answer = yield* getJson("refund query", "/validator/api/merchantTransIDvalidationAPI.php", { refund_ref_id: reference }, RefundAnswer)
          if (answer.APIConnect !== "DONE") return yield* unavailable(`refund query: ${answer.errorReason ?? "refused"}`)
          return answer.status === "refunded" ? "refunded" as const : answer.status === "processing" ? "processing" as const : "none" as const
        })
    }
    return gateway
  })
