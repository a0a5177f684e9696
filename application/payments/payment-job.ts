/**
 * The payment loops under the BackgroundLoops supervisor (restart with backoff, one log line per
 * outage, health in /ready): `payments` every `interval` expires unpaid prepaid orders (after
 * asking their gateways) and retries refunds a gateway failed (payment-expiry.ts);
 * `payment-reconciliation` every `reconcileInterval` asks the gateways about sessions still
 * pending a few minutes after they opened (payment-reconciliation.ts).
 */
import { type Duration, Effect, Layer } from "effect"
import { BackgroundLoops } from "../shared/background-loops.ts"
import { PaymentsService } from "./payments-service.ts"

export const PAYMENT_JOB = "payments"
export const RECONCILIATION_LOOP = "payment-reconciliation"

export const layer = (interval: Duration.Input, reconcileInterval: Duration.Input) =>
  Layer.effectDiscard(Effect.gen(function*() {
    const loops = yield* BackgroundLoops
    const payments = yield* PaymentsService
    yield* loops.supervise(PAYMENT_JOB, ({ healthy }) =>
      Effect.forever(payments.expireUnpaid().pipe(Effect.andThen(healthy), Effect.andThen(Effect.sleep(interval)))))
    yield* loops.supervise(RECONCILIATION_LOOP, ({ healthy }) =>
      Effect.forever(payments.reconcile().pipe(Effect.andThen(healthy), Effect.andThen(Effect.sleep(reconcileInterval)))))
  }))
