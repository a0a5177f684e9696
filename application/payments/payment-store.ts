/**
 * Port: payment sessions and the captures gateways confirmed. Reads "for update" lock the row
 * until the unit of work ends (Transactions), so settling a session is serialised with any other
 * settlement of it. A gateway transaction is recorded once: a second capture with the same
 * provider and transaction id is refused (`false`).
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
  /** Records a capture; `false` when this provider's transaction was recorded already. */
  readonly insertCapture: (capture: PaymentCapture) => Effect.Effect<boolean, StoreUnavailable>
  readonly updateCapture: (capture: PaymentCapture) => Effect.Effect<void, StoreUnavailable>
  /** The order's captures with this disposition. */
  readonly capturesOf: (orderId: OrderId, disposition: PaymentCapture["disposition"]) => Effect.Effect<ReadonlyArray<PaymentCapture>, StoreUnavailable>
  /** Captures still to be refunded, oldest first (the refund retry of the payment job). */
  readonly refundsDue: (limit: number) => Effect.Effect<ReadonlyArray<PaymentCapture>, StoreUnavailable>
}>()("storefront/PaymentStore") {}
