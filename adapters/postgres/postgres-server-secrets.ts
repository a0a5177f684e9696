/**
 * ServerSecrets in the `server_secrets` table. The first instance to need a secret inserts it;
 * `ON CONFLICT DO NOTHING` plus a re-read makes every instance end up with the same value.
 */
import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { ServerSecrets } from "../../application/auth/server-secrets.ts"
import { orStoreUnavailable } from "./store-errors.ts"
import { findOne } from "./store-query.ts"

export const layer = Layer.effect(
  ServerSecrets,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const secret = findOne({
      Request: Schema.String,
      Result: Schema.Struct({ value: Schema.String }),
      execute: (name) => sql`SELECT value FROM server_secrets WHERE name = ${name}`
    })
    const read = (name: string) => Effect.map(secret(name), Option.match({ onNone: () => undefined, onSome: (row) => row.value }))
    return ServerSecrets.of({
      getOrCreate: (name, create) =>
        Effect.gen(function*() {
          const existing = yield* read(name)
          if (existing !== undefined) return existing
          const created = yield* create
          yield* orStoreUnavailable(
            sql`INSERT INTO server_secrets (name, value) VALUES (${name}, ${created}) ON CONFLICT (name) DO NOTHING`
          )
          const stored = yield* read(name)
          return stored ?? (yield* Effect.die(new Error(`server secret ${name} vanished`)))
        })
    })
  })
)
