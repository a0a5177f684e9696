/**
 * The payment job under the BackgroundLoops supervisor (restart with backoff, one log line per
 * outage, health in /ready as `payments`): every `interval` it expires unpaid prepaid orders and
 * retries refunds a gateway failed (payment-expiry.ts).
 */
import { type Duration, Effect, Layer } from "effect"
import { BackgroundLoops } from "../shared/background-loops.ts"
import { PaymentsService } from "./payments-service.ts"

export const PAYMENT_JOB = "payments"

export const layer = (interval: Duration.Input) =>
  Layer.effectDiscard(Effect.gen(function*() {
    const loops = yield* BackgroundLoops
    const payments = yield* PaymentsService
    yield* loops.supervise(PAYMENT_JOB, ({ healthy }) =>
      Effect.forever(payments.expireUnpaid().pipe(Effect.andThen(healthy), Effect.andThen(Effect.sleep(interval)))))
  }))
