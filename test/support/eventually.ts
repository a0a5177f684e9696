/**
 * Waits for what a service does in the background (a poll, a restart with backoff) instead of
 * sleeping a fixed time before asserting: runs `attempt` (assertions included) until it
 * succeeds, every 50 ms, for up to `seconds`; then fails as its last run did.
 */
import { Effect, Exit } from "effect"

export const eventually = <A, E, R>(attempt: Effect.Effect<A, E, R>, seconds = 10) =>
  Effect.gen(function*() {
    const deadline = Date.now() + seconds * 1000
    for (;;) {
      const exit = yield* Effect.exit(attempt)
      if (Exit.isSuccess(exit)) return exit.value
      if (Date.now() > deadline) return yield* Effect.failCause(exit.cause)
      yield* Effect.sleep("50 millis")
    }
  })
