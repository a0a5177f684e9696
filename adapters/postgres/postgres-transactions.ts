/**
 * Transactions over the SQL client: one database transaction per unit of work (nested calls
 * become savepoints). A serialization failure or deadlock is retried a few times; losing the
 * connection becomes StoreUnavailable.
 */
import { Effect, Layer, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import { Transactions } from "../../application/shared/transactions.ts"
import { orStoreUnavailable } from "./store-errors.ts"

const isRetryableConflict = (error: unknown): boolean =>
  typeof error === "object" && error !== null && "_tag" in error && error._tag === "SqlError" &&
  "reason" in error && typeof error.reason === "object" && error.reason !== null && "_tag" in error.reason &&
  (error.reason._tag === "SerializationError" || error.reason._tag === "DeadlockError")

export const layer = Layer.effect(
  Transactions,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return {
      atomically: (work) =>
        orStoreUnavailable(
          sql.withTransaction(work).pipe(
            Effect.retry({ while: isRetryableConflict, schedule: Schedule.exponential("10 millis"), times: 5 })
          )
        )
    }
  })
)
