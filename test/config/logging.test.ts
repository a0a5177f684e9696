/**
 * LOG_FORMAT: `json` writes one JSON object per line on stdout (message, level, timestamp,
 * annotations such as the access log's fields, the cause of a failure); unset, the format is
 * JSON unless stdout is a terminal.
 */
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Option } from "effect"
import { TestConsole } from "effect/testing"
import { resolveLogFormat } from "../../config/logging.ts"
import * as Logging from "../../config/logging.ts"

describe("LOG_FORMAT", () => {
  it("defaults to JSON when stdout is not a terminal and to pretty when it is", () => {
    expect(resolveLogFormat(Option.none(), false)).toBe("json")
    expect(resolveLogFormat(Option.none(), true)).toBe("pretty")
    expect(resolveLogFormat(Option.some("pretty"), false)).toBe("pretty")
    expect(resolveLogFormat(Option.some("json"), true)).toBe("json")
  })

  it.effect("json: one parseable object per line, annotations and causes included", () =>
    Effect.gen(function*() {
      yield* Effect.log("GET /health 200").pipe(
        Effect.annotateLogs({ requestId: "r-1", method: "GET", route: "/health", status: 200, durationMs: 0.4, bytes: 15 })
      )
      yield* Effect.logError("unhandled failure", Cause.fail("boom")).pipe(Effect.annotateLogs({ requestId: "r-2" }))
      const lines = yield* TestConsole.logLines
      expect(lines).toHaveLength(2)
      for (const line of lines) {
        expect(line).toBeTypeOf("string")
        expect((line as string).includes("\n")).toBe(false)
      }
      const [access, failure] = lines.map((line) => JSON.parse(line as string) as Record<string, unknown>)
      expect(access).toMatchObject({
        message: "GET /health 200",
        level: "INFO",
        annotations: { requestId: "r-1", method: "GET", route: "/health", status: 200, durationMs: 0.4, bytes: 15 }
      })
      expect(new Date(access!["timestamp"] as string).toISOString()).toBe(access!["timestamp"])
      expect(failure).toMatchObject({ message: "unhandled failure", level: "ERROR", annotations: { requestId: "r-2" } })
      expect(failure!["cause"]).toContain("boom")
    }).pipe(Effect.provide(Logging.layer("json")), Effect.provide(TestConsole.layer)))

  it.effect("pretty: human-readable lines, not JSON", () =>
    Effect.gen(function*() {
      yield* Effect.log("catalog read model loaded").pipe(Effect.annotateLogs({ products: 300 }))
      const output = (yield* TestConsole.logLines).map(String).join("\n")
      expect(output).toContain("catalog read model loaded")
      expect(output).toContain("products")
      expect(() => JSON.parse(output)).toThrow()
    }).pipe(Effect.provide(Logging.layer("pretty")), Effect.provide(TestConsole.layer)))
})
