/**
 * PaymentStore in memory (tests, library users): the same uniqueness as the SQL tables (one
 * capture per session, per gateway transaction, one applied capture per order); locking comes
 * from MemoryTransactions, which runs units of work one at a time; refund claims are kept beside.
 */
import { Effect, Layer, Option } from "effect"
import { PaymentStore } from "../../application/payments/payment-store.ts"
import type { PaymentCapture } from "../../domain/payment/payment-capture.ts"
import type { PaymentSession } from "../../domain/payment/payment-session.ts"

const byCreation = (left: PaymentCapture, right: PaymentCapture) =>
  left.createdAt.getTime() - right.createdAt.getTime() || (left.id < right.id ? -1 : 1)

export const makeMemoryPaymentStore = () => {
  const sessions = new Map<string, PaymentSession>()
  const captures = new Map<string, PaymentCapture>()
  /** The end of each refund claim, by capture id. */
  const claims = new Map<string, Date>()
  /** Each pending session's next check and failures in a row, by session id. */
  const checks = new Map<string, { readonly at: Date; readonly failures: number }>()
  const unclaimed = (id: string, now: Date) => (claims.get(id)?.getTime() ?? -Infinity) <= now.getTime()
  const find = (id: string) => Effect.sync(() => Option.fromNullishOr(sessions.get(id)))
  return PaymentStore.of({
    insertSession: (session) => Effect.sync(() => void sessions.set(session.id, session)),
    updateSession: (session) => Effect.sync(() => void (sessions.has(session.id) && sessions.set(session.id, session))),
    findSession: find,
    findSessionForUpdate: find,
    openSessionsOf: (orderId) =>
      Effect.sync(() => [...sessions.values()].filter((s) => s.orderId === orderId && s.status === "pending").sort((a, b) => a.id < b.id ? -1 : 1)),
    insertCapture: (capture) =>
      Effect.sync(() => {
        const clash = [...captures.values()].some((stored) =>
          stored.sessionId === capture.sessionId ||
          (stored.provider === capture.provider && stored.transactionId === capture.transactionId) ||
          (stored.orderId === capture.orderId && stored.disposition === "applied" && capture.disposition === "applied")
        )
        if (clash) return false
        captures.set(capture.id, capture)
        return true
      }),
    sessionsOf: (orderId) =>
      Effect.sync(() =>
        [...sessions.values()].filter((s) => s.orderId === orderId).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      ),
    sessionsToCheck: (now, openedBefore, limit) =>
      Effect.sync(() => {
        const dueAt = (s: PaymentSession) => (checks.get(s.id)?.at ?? s.createdAt).getTime()
        return [...sessions.values()]
          .filter((s) => s.status === "pending" && s.gatewayReference !== "" && s.createdAt.getTime() <= openedBefore.getTime() && dueAt(s) <= now.getTime())
          .sort((a, b) => dueAt(a) - dueAt(b) || (a.id < b.id ? -1 : 1))
          .slice(0, limit)
      }),
    checkState: (id) => Effect.sync(() => ({ at: checks.get(id)?.at ?? null, failures: checks.get(id)?.failures ?? 0 })),
    checkLater: (id, at, failed) =>
      Effect.sync(() => {
        if (!sessions.has(id)) return 0
        const failures = failed ? (checks.get(id)?.failures ?? 0) + 1 : 0
        checks.set(id, { at, failures })
        return failures
      }),
    updateCapture: (capture) => Effect.sync(() => void (captures.has(capture.id) && captures.set(capture.id, capture))),
    capturesOf: (orderId, disposition) =>
      Effect.sync(() => [...captures.values()].filter((c) => c.orderId === orderId && c.disposition === disposition).sort(byCreation)),
    claimRefund: (id, now, until) =>
      Effect.sync(() => {
        if (captures.get(id)?.disposition !== "refund_pending" || !unclaimed(id, now)) return false
        claims.set(id, until)
        return true
      }),
    deferRefund: (id, retryAt) => Effect.sync(() => void (captures.has(id) && claims.set(id, retryAt))),
    refundsDue: (now, limit) =>
      Effect.sync(() =>
        [...captures.values()].filter((c) => c.disposition === "refund_pending" && unclaimed(c.id, now)).sort(byCreation).slice(0, limit)
      )
  })
}

export const layer = Layer.sync(PaymentStore, makeMemoryPaymentStore)
