/**
 * One SQL client for both engines: real PostgreSQL when a URL is given, else the embedded
 * PGlite in `dataDir`. Column names are snake_case in SQL and camelCase in results.
 *
 * On PostgreSQL the pool multiplexes: statements of concurrent requests that run outside a
 * transaction (catalog reads, optimistic cart changes, the bearer check) are pipelined on the
 * pooled connections instead of each waiting for a connection of its own, which cuts the
 * client's work per statement (docs/decisions/pipelined-statements.md). Transactions still
 * reserve a connection.
 */
import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Option, Redacted, String as Str } from "effect"
import { acquireEmbeddedPostgres } from "./embedded-postgres.ts"
import { ListenClient } from "./listen-client.ts"

export interface DatabaseOptions {
  /** None: the embedded database. */
  readonly databaseUrl: Option.Option<Redacted.Redacted>
  /** Where the embedded database keeps its files; undefined keeps it in memory. */
  readonly dataDir: string | undefined
  readonly maxConnections: number
}

const EMBEDDED_MAX_CONNECTIONS = 1

export interface ClientOptions {
  readonly url: Redacted.Redacted
  readonly embedded: boolean
  readonly maxConnections: number
  readonly startupParameters?: Readonly<Record<string, string>>
}

/** The client settings of both engines (the tests build their clients with them too). */
export const clientOptions = (options: ClientOptions): PgClient.PgPoolConfig => ({
  url: options.url,
  // Embedded: ONE connection. pglite-socket feeds every connection's protocol messages into
  // one PGlite session and keeps a connection's messages together only inside a transaction,
  // so concurrent queries on several connections interleave (`portal "" does not exist`).
  maxConnections: options.embedded ? EMBEDDED_MAX_CONNECTIONS : options.maxConnections,
  multiplex: !options.embedded,
  connectTimeout: "5 seconds",
  idleTimeout: "60 seconds",
  transformQueryNames: Str.camelToSnake,
  transformResultNames: Str.snakeToCamel,
  ...(options.startupParameters === undefined ? {} : { startupParameters: options.startupParameters })
})

export const layer = (options: DatabaseOptions) =>
  Layer.unwrap(Effect.gen(function*() {
    const url = Option.isSome(options.databaseUrl)
      ? options.databaseUrl.value
      : Redacted.make((yield* acquireEmbeddedPostgres(options.dataDir)).url)
    const embedded = Option.isNone(options.databaseUrl)
    const settings = clientOptions({ url, embedded, maxConnections: options.maxConnections })
    // listeners get sessions of their own on PostgreSQL (listen-client.ts); the embedded
    // database has one connection, which its listeners share as before
    return embedded ? PgClient.layer(settings) : Layer.merge(PgClient.layer(settings), ListenClient.layer(settings))
  }))
