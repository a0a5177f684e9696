/**
 * The one rule for "the database cannot be reached right now" (503 + Retry-After, retried by
 * the client), shared by the SQL adapter, which turns such failures into the application's
 * StoreUnavailable, and the HTTP edge, which catches any that escape. It looks at data only
 * (tags, SQLSTATE, Node error codes), so neither side imports the other.
 *
 * Unavailable:
 * - SQLSTATE class 08 (connection exception) and 28 (authentication: a misconfigured or
 *   rotated credential is an outage, not a bug of the request);
 * - 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up or in
 *   recovery), 53300 too many connections;
 * - 55P03 lock not available and 57014 statement timeout (the database is overloaded);
 * - a socket that fails or closes under the client (ECONNRESET, ECONNREFUSED, EPIPE, ...).
 * Everything else (a constraint we did not expect, a syntax error) is a defect.
 */

const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "55P03", "57014"])
const UNAVAILABLE_SQLSTATE_CLASSES = ["08", "28"]
const UNAVAILABLE_REASONS = new Set(["ConnectionError", "AuthenticationError", "LockTimeoutError", "StatementTimeoutError"])
const NETWORK_ERROR_CODES = new Set([
  "ECONNRESET", "ECONNREFUSED", "ECONNABORTED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"
])
const SQLSTATE = /^[0-9A-Z]{5}$/

const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null && key in value ? (value as Record<string, unknown>)[key] : undefined

/** Whether a SQLSTATE says the database is unreachable, shutting down, starting up or full. */
export const isUnavailableSqlState = (code: string): boolean =>
  UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SQLSTATE_CLASSES.some((prefix) => code.startsWith(prefix))

/** The codes (SQLSTATE or Node's `E…`) along an error's `cause` chain, nearest first. */
const codesOf = (error: unknown): Array<string> => {
  const codes: Array<string> = []
  let current: unknown = error
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth++) {
    const code = field(current, "code")
    if (typeof code === "string") codes.push(code)
    current = field(current, "cause")
  }
  return codes
}

const isUnavailableCode = (code: string): boolean =>
  NETWORK_ERROR_CODES.has(code) || (SQLSTATE.test(code) && isUnavailableSqlState(code))

/**
 * Whether an `effect/sql` SqlError (or any error carrying a SQLSTATE or a socket error code)
 * means the database is unavailable.
 */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  const reason = field(error, "reason")
  const tag = field(reason, "_tag")
  if (typeof tag === "string" && UNAVAILABLE_REASONS.has(tag)) return true
  return codesOf(reason ?? error).some(isUnavailableCode)
}

/** Whether a value is an SqlError (by tag, so callers need not import effect/sql). */
export const isSqlError = (value: unknown): boolean => field(value, "_tag") === "SqlError"
