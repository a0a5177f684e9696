/**
 * Port: payment sessions and the captures gateways confirmed. Reads "for update" lock the row
 * until the unit of work ends (Transactions), so settling a session is serialised with any other
 * settlement of it. A gateway transaction is recorded once: a second capture with the same
 * provider and transaction id is refused (`false`). A refund in flight is claimed first: one
 * claimant at a time asks the gateway, until its claim ends (`claimRefund`, `deferRefund`). A
 * pending session is asked about at its gateway on a schedule (`sessionsToCheck`, `checkLater`:
 * payment-reconciliation.ts).
 * Adapters: adapters/postgres/postgres-payment-store.ts, adapters/memory/memory-payment-store.ts.
 */
import { Context, type Effect, type Option } from "effect"
import type { PaymentCapture } from "../../domain/payment/payment-capture.ts"
import type { PaymentSession } from "../../domain/payment/payment-session.ts"
import type { OrderId, PaymentSessionId } from "../../domain/shared/ids.ts"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"

export class PaymentStore extends Context.Service<PaymentStore, {
  readonly insertSession: (session: PaymentSession) => Effect.Effect<void, StoreUnavailable>
  readonly updateSession: (session: PaymentSession) => Effect.Effect<void, StoreUnavailable>
  readonly findSession: (id: PaymentSessionId) => Effect.Effect<Option.Option<PaymentSession>, StoreUnavailable>
  readonly findSessionForUpdate: (id: PaymentSessionId) => Effect.Effect<Option.Option<PaymentSession>, StoreUnavailable>
  /** The order's sessions still `pending`, locked. */
  readonly openSessionsOf: (orderId: OrderId) => Effect.Effect<ReadonlyArray<PaymentSession>, StoreUnavailable>
  /** Every session of the order, oldest first (unlocked). */
  readonly sessionsOf: (orderId: OrderId) => Effect.Effect<ReadonlyArray<PaymentSession>, StoreUnavailable>
  /**
   * Pending sessions the gateway knows (a reference), opened at or before `openedBefore`, whose
   * next check is due at `now`, the longest waiting first.
   */
  readonly sessionsToCheck: (now: Date, openedBefore: Date, limit: number) => Effect.Effect<ReadonlyArray<PaymentSession>, StoreUnavailable>
  /**
   * Puts the session's next check at `at`; `failed`: the gateway could not be asked (counted),
   * else the count goes back to 0. The failures in a row afterwards.
   */
  readonly checkLater: (sessionId: PaymentSessionId, at: Date, failed: boolean) => Effect.Effect<number, StoreUnavailable>
  /** When the session is to be asked about next (`null`: not scheduled) and the failed asks in a row. */
  readonly checkState: (sessionId: PaymentSessionId) => Effect.Effect<{ readonly at: Date | null; readonly failures: number }, StoreUnavailable>
  /** Records a capture; `false` when this provider's transaction was recorded already. */
  readonly insertCapture: (capture: PaymentCapture) => Effect.Effect<boolean, StoreUnavailable>
  /** Writes the capture's disposition, reason, refund time and details (a refund's reference is kept there). */
  readonly updateCapture: (capture: PaymentCapture) => Effect.Effect<void, StoreUnavailable>
  /** The order's captures with this disposition. */
  readonly capturesOf: (orderId: OrderId, disposition: PaymentCapture["disposition"]) => Effect.Effect<ReadonlyArray<PaymentCapture>, StoreUnavailable>
  /**
   * Claims the refund of a `refund_pending` capture until `until`, unless another claim on it
   * lasts past `now`; `true` when this caller holds it. Committed on its own, before the gateway
   * is asked, so that no other instance or job asks at the same time.
   */
  readonly claimRefund: (captureId: string, now: Date, until: Date) => Effect.Effect<boolean, StoreUnavailable>
  /** Holds a refund that failed (or waits for a person) until `retryAt`: the retry's backoff. */
  readonly deferRefund: (captureId: string, retryAt: Date) => Effect.Effect<void, StoreUnavailable>
  /** Captures still to be refunded that no claim holds at `now`, oldest first (the payment job's retry). */
  readonly refundsDue: (now: Date, limit: number) => Effect.Effect<ReadonlyArray<PaymentCapture>, StoreUnavailable>
}>()("storefront/PaymentStore") {}
