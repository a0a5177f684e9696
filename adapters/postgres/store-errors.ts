/**
 * Keeps SQL errors inside the adapter: a failure to reach the database (adapters/sql: by
 * SQLSTATE class and socket error code) becomes the application's `StoreUnavailable` (503 at
 * the edge, retried by the caller); anything else (a constraint we did not expect, a syntax
 * error) is a defect.
 */
import { Effect } from "effect"
import type { SqlError } from "effect/sql"
import { StoreUnavailable } from "../../application/shared/store-unavailable.ts"
import { isDatabaseUnavailable, isSqlError } from "../sql/database-unavailable.ts"

export const orStoreUnavailable = <A, E, R>(
  effect: Effect.Effect<A, E | SqlError.SqlError, R>
): Effect.Effect<A, Exclude<E, SqlError.SqlError> | StoreUnavailable, R> =>
  Effect.catchIf(
    effect,
    (error): error is SqlError.SqlError => isSqlError(error),
    (error) => isDatabaseUnavailable(error) ? Effect.fail(new StoreUnavailable({ reason: error.reason._tag })) : Effect.die(error)
  ) as Effect.Effect<A, Exclude<E, SqlError.SqlError> | StoreUnavailable, R>
