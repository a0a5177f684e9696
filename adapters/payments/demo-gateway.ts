/**
 * The demo gateway (embedded demo only): a gateway of its own, in this process, so that the demo
 * shop can pay end to end without an account anywhere. Its "hosted page" is
 * /demo-gateway/{sessionId} (adapters/http/demo-gateway-routes.ts), where the shopper picks Pay,
 * Fail or Cancel; that decision is the gateway's record of the payment, and the service learns it
 * only by asking, through PaymentGateway.verifyPayment, as it asks bKash or SSLCommerz.
 */
import { Context, Effect, Layer } from "effect"
import { randomBytes } from "node:crypto"
import { type PaymentGateway, PaymentNotVerified } from "../../application/payments/payment-gateway.ts"
import type { MinorUnits } from "../../domain/shared/money.ts"

export type DemoOutcome = "paid" | "failed" | "cancelled"

interface DemoPayment {
  readonly amount: MinorUnits
  readonly currency: string
  readonly returnUrl: string
  outcome: DemoOutcome | "pending"
  transactionId: string
  refunded: boolean
}

export class DemoGateway extends Context.Service<DemoGateway, {
  readonly gateway: PaymentGateway
  /** The payment the page shows; undefined for a session the demo gateway never opened. */
  readonly payment: (sessionId: string) => { readonly amount: number; readonly currency: string; readonly outcome: string } | undefined
  /** The shopper's choice on the page; `false` when the session is unknown or decided already. */
  readonly decide: (sessionId: string, outcome: DemoOutcome) => Effect.Effect<boolean>
}>()("storefront/DemoGateway") {
  static readonly layer = Layer.sync(DemoGateway, () => makeDemoGateway())
}

export const makeDemoGateway = (): DemoGateway["Service"] => {
  const payments = new Map<string, DemoPayment>()
  const verify = (session: { readonly gatewayReference: string }) =>
    Effect.suspend(() => {
      const payment = payments.get(session.gatewayReference)
      if (payment === undefined) return Effect.fail(new PaymentNotVerified({ provider: "demo", reason: "unknown session" }))
      return Effect.succeed({
        outcome: payment.outcome,
        transactionId: payment.transactionId,
        amount: payment.amount,
        currency: payment.currency,
        details: {}
      })
    })
  const gateway: PaymentGateway = {
    provider: "demo",
    startPayment: ({ session, callbackBase }) =>
      Effect.sync(() => {
        payments.set(session.id, {
          amount: session.amount,
          currency: session.currency,
          returnUrl: session.returnUrl,
          outcome: "pending",
          transactionId: "",
          refunded: false
        })
        return { redirectUrl: `${new URL(callbackBase).origin}/demo-gateway/${session.id}`, reference: session.id }
      }),
    verifyPayment: (session) => verify(session),
    queryPayment: (session) => verify(session),
    refund: (capture) =>
      Effect.sync(() => {
        const payment = payments.get(capture.sessionId)
        if (payment !== undefined) payment.refunded = true
        return { status: "refunded" as const, details: {} }
      }),
    refundStatus: (capture) => Effect.sync(() => payments.get(capture.sessionId)?.refunded === true ? "refunded" as const : "none" as const)
  }
  return {
    gateway,
    payment: (sessionId) => payments.get(sessionId),
    decide: (sessionId, outcome) =>
      Effect.sync(() => {
        const payment = payments.get(sessionId)
        if (payment === undefined || payment.outcome !== "pending") return false
        payment.outcome = outcome
        if (outcome === "paid") payment.transactionId = `DEMO${randomBytes(8).toString("hex").toUpperCase()}`
        return true
      })
  }
}
