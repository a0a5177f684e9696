/**
 * Every loop that runs for the life of the process (the catalog change feed, the session
 * revocation feed, ...) runs under this supervisor, so none dies silently: whatever ends it (a
 * failure, a defect, the database restarting) restarts it after a capped, jittered backoff
 * (100 ms doubling to 10 s). An outage is logged once, as a warning when it starts and an info
 * line when the loop is healthy again, not once per retry. Each loop's health is kept for
 * `/ready`.
 *
 * A loop says it is healthy by calling `healthy` (after it subscribed, after a successful poll);
 * the backoff starts over from then.
 */
import { Cause, Clock, Context, Duration, Effect, Layer, Random, type Scope } from "effect"

export interface LoopHealth {
  readonly status: "starting" | "ok" | "failing"
  /** When the loop entered this status (ISO 8601). */
  readonly since: string
  /** The last failure while failing, as a short text. */
  readonly lastError?: string
  /** Restarts since the process started. */
  readonly restarts: number
}

export interface LoopControl {
  /** Marks the loop healthy (and resets its backoff). */
  readonly healthy: Effect.Effect<void>
}

const FIRST_DELAY_MILLIS = 100
const MAX_DELAY_MILLIS = 10_000

/** The delay before restart number `attempt` (1-based): doubling from 100 ms, capped at 10 s, ±20 % jitter. */
export const restartDelayMillis = (attempt: number, jitter: number): number => {
  const exact = Math.min(MAX_DELAY_MILLIS, FIRST_DELAY_MILLIS * 2 ** Math.max(0, attempt - 1))
  return Math.round(exact * (0.8 + 0.4 * jitter))
}

const describeCause = (cause: Cause.Cause<unknown>): string => {
  const text = Cause.pretty(cause).split("\n")[0] ?? "failed"
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
}

export class BackgroundLoops extends Context.Service<BackgroundLoops, {
  /**
   * Runs `loop` in the background until the scope closes, restarting it whenever it ends.
   * A loop normally never ends; when it does without failing, it is restarted all the same.
   */
  readonly supervise: <E, R>(
    name: string,
    loop: (control: LoopControl) => Effect.Effect<unknown, E, R>
  ) => Effect.Effect<void, never, R | Scope.Scope>
  /** Each supervised loop's health, by name. */
  readonly health: Effect.Effect<Readonly<Record<string, LoopHealth>>>
}>()("storefront/BackgroundLoops") {
  static readonly layer = Layer.sync(BackgroundLoops, () => makeBackgroundLoops())
}

/** A supervisor with its own health registry (the layer's; also a fallback for library users). */
export const makeBackgroundLoops = (): BackgroundLoops["Service"] => {
    const loops = new Map<string, LoopHealth>()
    const nowIso = Effect.map(Clock.currentTimeMillis, (millis) => new Date(millis).toISOString())
    const set = (name: string, health: LoopHealth) => Effect.sync(() => void loops.set(name, health))

    const supervise = <E, R>(name: string, loop: (control: LoopControl) => Effect.Effect<unknown, E, R>) =>
      Effect.gen(function*() {
        yield* set(name, { status: "starting", since: yield* nowIso, restarts: 0 })
        let failures = 0
        /** Whether the outage going on was logged as a warning (its recovery is then logged too). */
        let warned = false
        const healthy = Effect.gen(function*() {
          const previous = loops.get(name)
          if (previous?.status === "ok") return
          if (warned) {
            warned = false
            yield* Effect.logInfo(`background loop ${name} recovered`).pipe(Effect.annotateLogs({ loop: name }))
          }
          failures = 0
          yield* set(name, { status: "ok", since: yield* nowIso, restarts: previous?.restarts ?? 0 })
        })
        const once = Effect.suspend(() => loop({ healthy })).pipe(
          Effect.exit,
          Effect.flatMap((exit) =>
            Effect.gen(function*() {
              const previous = loops.get(name)
              const error = exit._tag === "Failure" ? describeCause(exit.cause) : "ended"
              failures++
              // interrupted from below (a connection it used closed at shutdown): not an outage to warn of
              if (exit._tag === "Failure" && Cause.hasInterruptsOnly(exit.cause)) {
                yield* Effect.logInfo(`background loop ${name} was interrupted; restarting with backoff`).pipe(Effect.annotateLogs({ loop: name }))
              } else if (!warned) {
                warned = true
                yield* Effect.logWarning(`background loop ${name} failed; restarting with backoff until it recovers`).pipe(
                  Effect.annotateLogs({ loop: name, error })
                )
              }
              const since = previous?.status === "failing" ? previous.since : yield* nowIso
              yield* set(name, { status: "failing", since, lastError: error, restarts: (previous?.restarts ?? 0) + 1 })
              const jitter = yield* Random.next
              yield* Effect.sleep(Duration.millis(restartDelayMillis(failures, jitter)))
            })
          )
        )
        yield* Effect.forkScoped(Effect.forever(once))
      })

    return BackgroundLoops.of({
      supervise,
      health: Effect.sync(() => Object.fromEntries(loops))
    })
}
