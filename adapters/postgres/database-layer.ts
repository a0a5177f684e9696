/**
 * One SQL client for both engines: real PostgreSQL when a URL is given, else the embedded
 * PGlite in `dataDir`. Column names are snake_case in SQL and camelCase in results.
 */
import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Option, Redacted, String as Str } from "effect"
import { acquireEmbeddedPostgres } from "./embedded-postgres.ts"

export interface DatabaseOptions {
  /** None: the embedded database. */
  readonly databaseUrl: Option.Option<Redacted.Redacted>
  /** Where the embedded database keeps its files; undefined keeps it in memory. */
  readonly dataDir: string | undefined
  readonly maxConnections: number
}

const EMBEDDED_MAX_CONNECTIONS = 1

export const databaseLayer = (options: DatabaseOptions) =>
  Layer.unwrap(Effect.gen(function*() {
    const url = Option.isSome(options.databaseUrl)
      ? options.databaseUrl.value
      : Redacted.make((yield* acquireEmbeddedPostgres(options.dataDir)).url)
    return PgClient.layer({
      url,
      // Embedded: ONE connection. pglite-socket feeds every connection's protocol messages into
      // one PGlite session and keeps a connection's messages together only inside a transaction,
      // so concurrent queries on several connections interleave (`portal "" does not exist`).
      maxConnections: Option.isSome(options.databaseUrl) ? options.maxConnections : EMBEDDED_MAX_CONNECTIONS,
      connectTimeout: "5 seconds",
      idleTimeout: "60 seconds",
      transformQueryNames: Str.camelToSnake,
      transformResultNames: Str.snakeToCamel
    })
  }))
