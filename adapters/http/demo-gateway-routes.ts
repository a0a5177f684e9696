/**
 * The demo gateway's "hosted page" (embedded demo only; adapters/payments/demo-gateway.ts):
 * `GET /demo-gateway/{sessionId}` shows the amount with Pay, Fail and Cancel buttons;
 * `POST /demo-gateway/{sessionId}` with the form field `outcome=paid|failed|cancelled` records
 * the shopper's choice at the demo gateway, then completes the session through the same use case
 * and gateway port as bKash and SSLCommerz callbacks, and answers 303 to the returnUrl.
 */
import { Effect, Layer, Option, Schema } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import { DemoGateway } from "../payments/demo-gateway.ts"
import { PaymentsService } from "../../application/payments/payments-service.ts"
import { PaymentSessionId } from "../../domain/shared/ids.ts"
import { callbackFields, completeCallback, returnRedirect } from "./payment-callback-routes.ts"
import { BadRequest, NotFound, problemResponse } from "./problems/generic-problems.ts"

export const DEMO_GATEWAY_ROUTES = [
  ["GET", "/demo-gateway/:sessionId"],
  ["POST", "/demo-gateway/:sessionId"]
] as const

const DemoOutcome = Schema.Literals(["paid", "failed", "cancelled"])
const decodeOutcome = Schema.decodeUnknownOption(DemoOutcome)
const decodeSessionId = Schema.decodeUnknownOption(PaymentSessionId)

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" })[c] ?? c)

const page = (sessionId: string, amount: number, currency: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo gateway</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}
button{font-size:1rem;padding:.6rem 1.2rem;margin:.3rem}</style></head>
<body><h1>Demo payment gateway</h1>
<p>This gateway takes no money: choose how the payment ends.</p>
<p>Amount: <strong id="amount">${(amount / 100).toFixed(2)} ${escapeHtml(currency)}</strong></p>
<form method="post" action="/demo-gateway/${escapeHtml(sessionId)}">
<button name="outcome" value="paid" id="pay">Pay</button>
<button name="outcome" value="failed" id="fail">Fail</button>
<button name="outcome" value="cancelled" id="cancel">Cancel</button>
</form></body></html>`

export const layer = Layer.unwrap(Effect.gen(function*() {
  const demo = yield* DemoGateway
  const payments = yield* PaymentsService
  const known = (raw: string | undefined) => {
    const sessionId = decodeSessionId(raw)
    return Option.isSome(sessionId) && demo.payment(sessionId.value) !== undefined ? sessionId.value : undefined
  }
  return Layer.mergeAll(
    HttpRouter.add("GET", "/demo-gateway/:sessionId", Effect.gen(function*() {
      const sessionId = known((yield* HttpRouter.params)["sessionId"])
      const payment = sessionId === undefined ? undefined : demo.payment(sessionId)
      if (sessionId === undefined || payment === undefined) return problemResponse(NotFound, { detail: "No such demo payment" })
      return HttpServerResponse.text(page(sessionId, payment.amount, payment.currency), {
        contentType: "text/html; charset=utf-8",
        headers: {
          "cache-control": "no-store",
          "x-content-type-options": "nosniff",
          // the form posts here; the answer redirects to the shop's returnUrl
          "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'"
        }
      })
    })),
    HttpRouter.add("POST", "/demo-gateway/:sessionId", Effect.gen(function*() {
      const sessionId = known((yield* HttpRouter.params)["sessionId"])
      if (sessionId === undefined) return problemResponse(NotFound, { detail: "No such demo payment" })
      const fields = yield* callbackFields
      const outcome = decodeOutcome(fields["outcome"])
      if (Option.isNone(outcome)) {
        return problemResponse(BadRequest, {
          detail: "Expected the form field outcome=paid|failed|cancelled",
          extensions: { errors: [{ path: "outcome", message: "Expected \"paid\", \"failed\" or \"cancelled\"" }] }
        })
      }
      yield* demo.decide(sessionId, outcome.value)
      return yield* completeCallback(payments, "demo", "session", returnRedirect, Effect.succeed({ session: sessionId }))
    }))
  )
}))
