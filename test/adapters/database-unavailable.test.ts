/**
 * The one rule for "the database is unavailable" (503 + Retry-After), by SQLSTATE class and
 * socket error code, never by message text; and orStoreUnavailable turning exactly those SQL
 * failures into StoreUnavailable while every other SQL failure stays a defect.
 */
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit } from "effect"
import { SqlError } from "effect/sql"
import { orStoreUnavailable } from "../../adapters/postgres/store-errors.ts"
import { isDatabaseUnavailable, isUnavailableSqlState } from "../../adapters/sql/database-unavailable.ts"

/** An SqlError as the PostgreSQL driver builds it for a server error: the SQLSTATE on the cause. */
const serverError = (code: string, message = "server said no") =>
  new SqlError.SqlError({
    reason: new SqlError.UnknownError({ cause: Object.assign(new Error(message), { code }), message, operation: "query" })
  })

const socketError = (code: string) =>
  new SqlError.SqlError({
    reason: new SqlError.UnknownError({ cause: Object.assign(new Error(`socket: ${code}`), { code }), message: code, operation: "query" })
  })

describe("database unavailable", () => {
  it.each([
    ["08000", true], ["08003", true], ["08006", true], ["08001", true], ["08P01", true],
    ["28P01", true], ["28000", true],
    ["57P01", true], ["57P02", true], ["57P03", true], ["53300", true], ["55P03", true], ["57014", true],
    ["23505", false], ["23503", false], ["42601", false], ["42P01", false], ["40001", false], ["40P01", false],
    ["22021", false], ["57P04", false], ["53100", false], ["XX000", false]
  ] as const)("SQLSTATE %s → unavailable: %s", (code, unavailable) => {
    expect(isUnavailableSqlState(code)).toBe(unavailable)
    expect(isDatabaseUnavailable(serverError(code))).toBe(unavailable)
  })

  it.each(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"])("a socket error %s is unavailable", (code) => {
    expect(isDatabaseUnavailable(socketError(code))).toBe(true)
  })

  it("the driver's own connection and timeout reasons are unavailable; a message alone decides nothing", () => {
    const props = { cause: new Error("x"), message: "x", operation: "query" }
    expect(isDatabaseUnavailable(new SqlError.SqlError({ reason: new SqlError.ConnectionError(props) }))).toBe(true)
    expect(isDatabaseUnavailable(new SqlError.SqlError({ reason: new SqlError.StatementTimeoutError(props) }))).toBe(true)
    expect(isDatabaseUnavailable(new SqlError.SqlError({ reason: new SqlError.SqlSyntaxError(props) }))).toBe(false)
    const byMessage = new SqlError.SqlError({
      reason: new SqlError.UnknownError({ ...props, message: "the database system is starting up" })
    })
    expect(isDatabaseUnavailable(byMessage)).toBe(false)
  })

  it.effect("orStoreUnavailable: unavailable → StoreUnavailable failure; anything else → defect", () =>
    Effect.gen(function*() {
      const starting = yield* Effect.exit(orStoreUnavailable(Effect.fail(serverError("57P03", "the database system is starting up"))))
      expect(Exit.isFailure(starting) && Cause.findErrorOption(starting.cause)).toMatchObject({ _tag: "Some", value: { _tag: "StoreUnavailable" } })
      const unique = yield* Effect.exit(orStoreUnavailable(Effect.fail(serverError("23505"))))
      expect(Exit.isFailure(unique) && Cause.hasDies(unique.cause)).toBe(true)
    }))
})
