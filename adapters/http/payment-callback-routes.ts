/**
 * Where payment gateways send the shopper back and notify the service (docs/payments.md
 * "Callbacks"), beside the API (no publishable key: gateways do not send one):
 *
 * - `GET /payments/bkash/callback?session=…` (bKash appends paymentID and status);
 * - `POST /payments/sslcommerz/{success|fail|cancel}` (the shopper's browser posts the form) and
 *   `POST /payments/sslcommerz/ipn` (SSLCommerz's server), each naming the session as `tran_id`.
 *
 * A callback only names a session: the use case asks the gateway server to server and settles
 * what it says. The shopper is then sent (303) to the session's returnUrl with `paymentSession`
 * and `outcome` (the session's status; `pending` while the gateway cannot be asked: the payment
 * is then settled by reconciliation); an IPN is answered 200 (502 while the gateway cannot be
 * asked, so that it is sent again). The demo gateway's page is in
 * demo-gateway-routes.ts.
 */
import { Effect, Layer, Option, Schema } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse, UrlParams } from "effect/http"
import { PaymentsService } from "../../application/payments/payments-service.ts"
import type { PaymentProvider, PaymentSession } from "../../domain/payment/payment-session.ts"
import { PaymentSessionId } from "../../domain/shared/ids.ts"
import { NotFound, problemResponse, ServiceUnavailable, SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS } from "./problems/generic-problems.ts"

export const PAYMENT_CALLBACK_ROUTES = [
  ["GET", "/payments/bkash/callback"],
  ["POST", "/payments/sslcommerz/success"],
  ["POST", "/payments/sslcommerz/fail"],
  ["POST", "/payments/sslcommerz/cancel"],
  ["POST", "/payments/sslcommerz/ipn"]
] as const

/** Paths whose POST carries an HTML form (SSLCommerz posts its callbacks so). */
export const PAYMENT_FORM_PATH_PREFIXES = ["/payments/", "/demo-gateway/"] as const

const decodeSessionId = Schema.decodeUnknownOption(PaymentSessionId)

const PaymentGatewayFailed = { status: 502, code: "payment_gateway_failed", title: "Payment gateway failed" }
const PaymentNotVerifiedProblem = { status: 400, code: "payment_not_verified", title: "Payment not verified" }

/** The query and (for a POST form) the body's fields, first value of each, bounded. */
export const callbackFields = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const query = new URL(request.url, "http://callback.invalid").searchParams
  const fields: Record<string, string> = {}
  for (const [name, value] of query) if (!(name in fields)) fields[name] = value
  if (request.method === "POST") {
    const body = yield* request.urlParamsBody.pipe(Effect.orElseSucceed(() => UrlParams.empty))
    for (const [name, value] of body) if (!(name in fields) && typeof value === "string") fields[name] = value
  }
  return fields
})

/** The session's returnUrl with what became of the payment. */
export const returnRedirect = (session: PaymentSession): HttpServerResponse.HttpServerResponse => {
  const target = new URL(session.returnUrl)
  target.searchParams.set("paymentSession", session.id)
  target.searchParams.set("outcome", session.status)
  return HttpServerResponse.empty({ status: 303, headers: { location: target.toString(), "cache-control": "no-store" } })
}

/** Runs the callback of `provider` for the session named by `sessionField`; answers with `answer`. */
export const completeCallback = (
  payments: PaymentsService["Service"],
  provider: PaymentProvider,
  sessionField: string,
  answer: (session: PaymentSession) => HttpServerResponse.HttpServerResponse,
  fieldsOf: Effect.Effect<Record<string, string>, never, HttpServerRequest.HttpServerRequest> = callbackFields
) =>
  Effect.gen(function*() {
    const fields = yield* fieldsOf
    const sessionId = decodeSessionId(fields[sessionField])
    if (Option.isNone(sessionId)) return problemResponse(NotFound, { detail: "No such payment session" })
    return yield* payments.complete(provider, sessionId.value, { fields }).pipe(
      Effect.map(answer),
      Effect.catchTags({
        PaymentSessionNotFound: () => Effect.succeed(problemResponse(NotFound, { detail: "No such payment session" })),
        PaymentNotVerified: (error) =>
          Effect.succeed(problemResponse(PaymentNotVerifiedProblem, { detail: `The gateway does not confirm this payment: ${error.reason}` })),
        GatewayUnavailable: (error) =>
          Effect.logWarning("payment gateway unreachable during a callback; the session stays pending").pipe(
            Effect.annotateLogs({ provider, reason: error.reason }),
            // the shopper goes back to the shop, which says it is confirming the payment (reconciliation settles it)
            Effect.andThen(answer === returnRedirect
              ? payments.findSession(sessionId.value).pipe(Effect.orElseSucceed(() => Option.none<PaymentSession>()))
              : Effect.succeedNone),
            Effect.map((session) =>
              Option.isSome(session)
                ? returnRedirect(session.value)
                : problemResponse(PaymentGatewayFailed, { detail: "The gateway could not be asked; the payment is checked again later" })
            )
          ),
        StoreUnavailable: () =>
          Effect.succeed(problemResponse(ServiceUnavailable, {
            headers: { "retry-after": String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS) }
          }))
      })
    )
  })

const ipnReceived = (session: PaymentSession) => HttpServerResponse.jsonUnsafe({ received: true, status: session.status })

export const layer = Layer.unwrap(Effect.gen(function*() {
  const payments = yield* PaymentsService
  return Layer.mergeAll(
    HttpRouter.add("GET", "/payments/bkash/callback", completeCallback(payments, "bkash", "session", returnRedirect)),
    HttpRouter.add("POST", "/payments/sslcommerz/success", completeCallback(payments, "sslcommerz", "tran_id", returnRedirect)),
    HttpRouter.add("POST", "/payments/sslcommerz/fail", completeCallback(payments, "sslcommerz", "tran_id", returnRedirect)),
    HttpRouter.add("POST", "/payments/sslcommerz/cancel", completeCallback(payments, "sslcommerz", "tran_id", returnRedirect)),
    HttpRouter.add("POST", "/payments/sslcommerz/ipn", completeCallback(payments, "sslcommerz", "tran_id", ipnReceived))
  )
}))
