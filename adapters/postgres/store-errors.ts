/**
 * Keeps SQL errors inside the adapter: a failure to reach the database becomes the
 * application's `StoreUnavailable` (503 at the edge, retried by the caller); anything else
 * (a constraint we did not expect, a syntax error) is a defect.
 */
import { Effect } from "effect"
import type { SqlError } from "effect/sql"
import { StoreUnavailable } from "../../application/shared/store-unavailable.ts"

const unavailableReasons = new Set(["ConnectionError", "AuthenticationError", "LockTimeoutError", "StatementTimeoutError"])

export const isUnavailable = (error: SqlError.SqlError): boolean => unavailableReasons.has(error.reason._tag)

export const orStoreUnavailable = <A, E, R>(
  effect: Effect.Effect<A, E | SqlError.SqlError, R>
): Effect.Effect<A, Exclude<E, SqlError.SqlError> | StoreUnavailable, R> =>
  Effect.catchIf(
    effect,
    (error): error is SqlError.SqlError => isSqlError(error),
    (error) => isUnavailable(error) ? Effect.fail(new StoreUnavailable({ reason: error.reason._tag })) : Effect.die(error)
  ) as Effect.Effect<A, Exclude<E, SqlError.SqlError> | StoreUnavailable, R>

const isSqlError = (error: unknown): error is SqlError.SqlError =>
  typeof error === "object" && error !== null && "_tag" in error && error._tag === "SqlError"
