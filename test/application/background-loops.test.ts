/**
 * The background-loop supervisor: a loop that fails (or dies, or ends) is restarted with a
 * doubling, capped backoff; an outage is logged once when it starts and once when it ends; each
 * loop's health follows. Driven with the test clock.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Logger, Ref } from "effect"
import { TestClock } from "effect/testing"
import { BackgroundLoops, restartDelayMillis } from "../../application/shared/background-loops.ts"

/** Log lines at warning level and above, and info lines, as "LEVEL message". */
const captureLogs = (lines: Array<string>) =>
  Logger.layer([Logger.make(({ logLevel, message }) => {
    lines.push(`${logLevel} ${Array.isArray(message) ? message.join(" ") : String(message)}`)
  })])

describe("BackgroundLoops", () => {
  it("the restart delay doubles from 100 ms up to 10 s, with ±20 % jitter", () => {
    expect([1, 2, 3, 4, 8, 20].map((attempt) => restartDelayMillis(attempt, 0.5))).toEqual([100, 200, 400, 800, 10_000, 10_000])
    expect(restartDelayMillis(1, 0)).toBe(80)
    expect(restartDelayMillis(1, 1)).toBe(120)
  })

  it.effect("a failing loop is restarted until it recovers; one warning per outage, one info on recovery; health follows", () => {
    const lines: Array<string> = []
    return Effect.gen(function*() {
      const loops = yield* BackgroundLoops
      const failuresLeft = yield* Ref.make(3)
      const runs = yield* Ref.make(0)
      const fiber = yield* Effect.forkChild(Effect.scoped(Effect.gen(function*() {
        yield* loops.supervise("poll", ({ healthy }) =>
          Effect.gen(function*() {
            yield* Ref.update(runs, (n) => n + 1)
            const left = yield* Ref.getAndUpdate(failuresLeft, (n) => n - 1)
            if (left === 2) return yield* Effect.die(new Error("57P03 starting up"))
            if (left > 0) return yield* Effect.fail("connection refused")
            yield* healthy
            return yield* Effect.never
          }))
        return yield* Effect.never
      })))
      yield* TestClock.adjust("1 millis")
      expect((yield* loops.health)["poll"]).toMatchObject({ status: "failing", restarts: 1, lastError: expect.stringContaining("connection refused") })
      yield* TestClock.adjust("150 millis") // first restart after ~100 ms: dies
      expect((yield* loops.health)["poll"]).toMatchObject({ status: "failing", restarts: 2, lastError: expect.stringContaining("57P03") })
      yield* TestClock.adjust("300 millis") // second restart after ~200 ms: fails again
      expect(yield* Ref.get(runs)).toBe(3)
      yield* TestClock.adjust("600 millis") // third restart after ~400 ms: healthy
      expect(yield* Ref.get(runs)).toBe(4)
      expect((yield* loops.health)["poll"]).toMatchObject({ status: "ok", restarts: 3 })
      expect(lines.filter((line) => line.startsWith("Warn"))).toHaveLength(1)
      expect(lines.filter((line) => line.includes("recovered"))).toHaveLength(1)
      yield* Fiber.interrupt(fiber)
    }).pipe(Effect.provide([BackgroundLoops.layer, captureLogs(lines)]))
  })
})

describe("BackgroundLoops: interruption from below", () => {
  it.effect("a loop interrupted from inside (its connection closed at shutdown) is restarted without a warning; a real failure after it still warns", () => {
    const lines: Array<string> = []
    return Effect.gen(function*() {
      const loops = yield* BackgroundLoops
      const runs = yield* Ref.make(0)
      const fiber = yield* Effect.forkChild(Effect.scoped(Effect.gen(function*() {
        yield* loops.supervise("listen", ({ healthy }) =>
          Effect.gen(function*() {
            const run = yield* Ref.updateAndGet(runs, (n) => n + 1)
            if (run === 1) return yield* Effect.interrupt
            if (run === 2) return yield* Effect.fail("connection refused")
            yield* healthy
            return yield* Effect.never
          }))
        return yield* Effect.never
      })))
      yield* TestClock.adjust("1 millis")
      expect(lines.filter((line) => line.startsWith("Warn"))).toEqual([])
      expect(lines.filter((line) => line.includes("was interrupted"))).toHaveLength(1)
      yield* TestClock.adjust("150 millis") // restarted: fails for real
      expect(yield* Ref.get(runs)).toBe(2)
      expect(lines.filter((line) => line.startsWith("Warn"))).toHaveLength(1)
      yield* TestClock.adjust("300 millis") // restarted again: healthy
      expect((yield* loops.health)["listen"]).toMatchObject({ status: "ok", restarts: 2 })
      expect(lines.filter((line) => line.includes("recovered"))).toHaveLength(1)
      yield* Fiber.interrupt(fiber)
    }).pipe(Effect.provide([BackgroundLoops.layer, captureLogs(lines)]))
  })
})
