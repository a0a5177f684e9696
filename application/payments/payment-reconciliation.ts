/**
 * Reconciliation: money is never kept without an order. A session whose callbacks all failed
 * (bKash's execute answer lost and its query failing, SSLCommerz's validation failing for the IPN
 * and the return) may still have been paid, so the gateway is asked, server to server, about:
 *
 * - every session still pending PAYMENT_RECONCILE_AFTER_SECONDS (5 minutes) after it opened, again every
 *   RECHECK_AFTER_MILLIS while it stays pending (the reconciliation loop, `reconcileDueSessions`);
 * - every session of an order, before that order expires unpaid (`reconcileOrder`, from the
 *   payment job): the order expires only when the gateway says nothing was captured, or the
 *   session never reached it (no gateway reference).
 *
 * What the gateway says is settled by the one settlement a callback uses (complete-payment.ts
 * `settlePayment`: the order and session locked, the captures' unique indexes), so a capture is
 * applied or refunded exactly once whoever finds it first. While a gateway cannot be asked, the
 * session is asked again with a backoff (1, 2, 4 … 30 minutes; `checkLater`), a warning is logged
 * on the first failure only, and its order waits, pending, instead of expiring over money the
 * gateway may hold.
 */
import { Clock, Effect } from "effect"
import type { PaymentSession } from "../../domain/payment/payment-session.ts"
import type { OrderId } from "../../domain/shared/ids.ts"
import { settlePayment } from "./complete-payment.ts"
import type { PaymentsPorts } from "./payments-ports.ts"

/** How long after an answer of "nothing captured yet" a pending session is asked again. */
export const RECHECK_AFTER_MILLIS = 5 * 60_000
const BATCH = 100

/** The wait after `failures` failed asks in a row: 1, 2, 4 … minutes, at most 30. */
export const unreachableBackoffMillis = (failures: number): number => Math.min(30 * 60_000, 60_000 * 2 ** Math.max(0, failures - 1))

/** What asking about one session found: money captured (settled), none, or no answer. */
export type SessionCheck = "captured" | "nothing_captured" | "unreachable"

/** Asks the session's gateway what became of it and settles the answer as a callback would. */
export const reconcileSession = (ports: PaymentsPorts, session: PaymentSession) =>
  Effect.gen(function*() {
    if (session.gatewayReference === "") return "nothing_captured" as const
    const gateway = ports.gateways.get(session.provider)
    const answer = gateway === undefined
      ? { _tag: "Unreachable" as const, reason: "provider not configured" }
      : yield* gateway.queryPayment(session).pipe(
        Effect.map((payment) => ({ _tag: "Answered" as const, payment })),
        Effect.catchTags({
          GatewayUnavailable: (error) => Effect.succeed({ _tag: "Unreachable" as const, reason: error.reason }),
          PaymentNotVerified: (error) =>
            Effect.logWarning("the gateway does not vouch for a payment of this session").pipe(
              Effect.annotateLogs({ sessionId: session.id, provider: session.provider, reason: error.reason }),
              Effect.as({ _tag: "NotVerified" as const })
            )
        })
      )
    const now = yield* Clock.currentTimeMillis
    if (answer._tag === "Unreachable") {
      const before = yield* ports.payments.checkState(session.id)
      const failures = yield* ports.payments.checkLater(session.id, new Date(now + unreachableBackoffMillis(before.failures + 1)), true)
      if (failures === 1) {
        yield* Effect.logWarning("payment gateway cannot be asked about a pending session; its order waits").pipe(
          Effect.annotateLogs({ orderId: session.orderId, sessionId: session.id, provider: session.provider, reason: answer.reason })
        )
      }
      return "unreachable" as const
    }
    yield* ports.payments.checkLater(session.id, new Date(now + RECHECK_AFTER_MILLIS), false)
    if (answer._tag === "NotVerified") return "nothing_captured" as const
    const settled = yield* settlePayment(ports, session.id, answer.payment).pipe(
      Effect.catchTag("PaymentSessionNotFound", () => Effect.succeed(session))
    )
    if (answer.payment.outcome === "paid" && settled.status !== session.status) {
      yield* Effect.logInfo("payment reconciled with its gateway").pipe(
        Effect.annotateLogs({ orderId: session.orderId, sessionId: session.id, provider: session.provider, status: settled.status })
      )
    }
    return answer.payment.outcome === "paid" ? "captured" as const : "nothing_captured" as const
  })

/**
 * Before an unpaid order expires: asks about each of its sessions the gateway knows and may still
 * complete (pending, failed or cancelled); `expire` only when every gateway answered that nothing
 * was captured, `wait` while one cannot be asked (or is in its backoff).
 */
export const reconcileOrder = (ports: PaymentsPorts, orderId: OrderId) =>
  Effect.gen(function*() {
    const now = yield* Clock.currentTimeMillis
    let waiting = false
    for (const session of yield* ports.payments.sessionsOf(orderId)) {
      if (session.gatewayReference === "" || !["pending", "failed", "cancelled"].includes(session.status)) continue
      const state = yield* ports.payments.checkState(session.id)
      if (state.failures > 0 && state.at !== null && state.at.getTime() > now) {
        waiting = true
        continue
      }
      if ((yield* reconcileSession(ports, session)) === "unreachable") waiting = true
    }
    return waiting ? "wait" as const : "expire" as const
  })

/** One pass of the reconciliation loop: the pending sessions due for a check; how many were asked. */
export const reconcileDueSessions = (ports: PaymentsPorts) =>
  Effect.gen(function*() {
    const now = yield* Clock.currentTimeMillis
    const due = yield* ports.payments.sessionsToCheck(new Date(now), new Date(now - ports.settings.reconcileAfterMillis), BATCH)
    for (const session of due) yield* reconcileSession(ports, session)
    return due.length
  })
