/**
 * The SQL engines a contract suite runs against: an embedded PGlite of its own (always), and
 * the real PostgreSQL at DATABASE_URL when it is set, isolated in a fresh schema that is
 * dropped afterwards. Both are migrated. (PGlite serves one session to every connection, so it
 * cannot be isolated by schema: each suite gets its own instance instead.)
 */
import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Redacted, String as Str } from "effect"
import { SqlClient } from "effect/sql"
import { acquireEmbeddedPostgres } from "../../adapters/postgres/embedded-postgres.ts"
import { runMigrations } from "../../adapters/postgres/migrations.ts"

export interface TestEngine {
  readonly name: "pglite" | "postgres"
  readonly layer: Layer.Layer<SqlClient.SqlClient | PgClient.PgClient>
}

const clientLayer = (url: string, searchPath?: string, maxConnections = 8) =>
  PgClient.layer({
    url: Redacted.make(url),
    maxConnections,
    transformQueryNames: Str.camelToSnake,
    transformResultNames: Str.snakeToCamel,
    ...(searchPath === undefined ? {} : { startupParameters: { search_path: searchPath } })
  })

const migrated = <E, R>(layer: Layer.Layer<SqlClient.SqlClient | PgClient.PgClient, E, R>) =>
  Layer.effectDiscard(Effect.orDie(runMigrations)).pipe(Layer.provideMerge(layer))

// One connection: pglite-socket feeds every connection's protocol messages into one PGlite
// session and only keeps a connection's messages together inside a transaction, so two
// connections querying at once outside transactions interleave (`portal "" does not exist`).
export const pgliteLayer = migrated(
  Layer.unwrap(Effect.map(acquireEmbeddedPostgres(undefined), ({ url }) => clientLayer(url, undefined, 1)))
).pipe(Layer.orDie)

export const postgresLayer = (url: string) => {
  const schema = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const withSchema = Layer.effectDiscard(Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`CREATE SCHEMA ${sql(schema)}`
    yield* Effect.addFinalizer(() => Effect.ignore(sql`DROP SCHEMA ${sql(schema)} CASCADE`))
  })).pipe(Layer.provideMerge(clientLayer(url, schema)))
  return migrated(withSchema).pipe(Layer.orDie)
}

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI sets it). */
/** PostgreSQL may be shared by several instances (session revocations then travel by NOTIFY); PGlite is one process's. */
export const isSharedDatabase = (engine: TestEngine): boolean => engine.name === "postgres"

export const testEngines = (): ReadonlyArray<TestEngine> => {
  const url = process.env["DATABASE_URL"]
  return [
    { name: "pglite", layer: pgliteLayer },
    ...(url === undefined || url === "" ? [] : [{ name: "postgres" as const, layer: postgresLayer(url) }])
  ]
}
