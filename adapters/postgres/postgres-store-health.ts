/** StoreHealth over the SQL client: a `SELECT 1` that must answer within two seconds. */
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { StoreHealth } from "../../application/shared/store-health.ts"
import { StoreUnavailable } from "../../application/shared/store-unavailable.ts"
import { orStoreUnavailable } from "./store-errors.ts"

export const layer = Layer.effect(
  StoreHealth,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return {
      ping: orStoreUnavailable(sql`SELECT 1`).pipe(
        Effect.timeoutOrElse({
          duration: "2 seconds",
          orElse: () => Effect.fail(new StoreUnavailable({ reason: "ping timed out" }))
        }),
        Effect.asVoid
      )
    }
  })
)
