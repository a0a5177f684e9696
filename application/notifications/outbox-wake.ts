/**
 * Wakes the relays when something was written to an outbox: the adapters signal after their
 * transaction commits (this process), a LISTEN on PostgreSQL signals for other instances'
 * writes, and the relay waits for a signal or its poll interval, whichever comes first. Signals
 * while the relay is busy fold into one.
 */
import { Context, Duration, Effect, Layer, Queue } from "effect"

export class OutboxWake extends Context.Service<OutboxWake, {
  readonly signal: Effect.Effect<void>
  /** Returns at the next signal (or at once if one came since the last wait), or after `poll`. */
  readonly wait: (poll: Duration.Input) => Effect.Effect<void>
}>()("storefront/OutboxWake") {
  static readonly layer = Layer.effect(OutboxWake, Effect.gen(function*() {
    const signals = yield* Queue.sliding<void>(1)
    return OutboxWake.of({
      signal: Effect.asVoid(Queue.offer(signals, undefined)),
      wait: (poll) => Effect.asVoid(Effect.timeoutOption(Queue.take(signals), poll))
    })
  }))
}
