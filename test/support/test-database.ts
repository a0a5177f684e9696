/**
 * The SQL engines a contract suite runs against: an embedded PGlite of its own (always), and
 * the real PostgreSQL at DATABASE_URL when it is set, isolated in a fresh schema that is
 * dropped afterwards. Both are migrated. (PGlite serves one session to every connection, so it
 * cannot be isolated by schema: each suite gets its own instance instead.)
 */
import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import { clientOptions } from "../../adapters/postgres/database-layer.ts"
import { acquireEmbeddedPostgres } from "../../adapters/postgres/embedded-postgres.ts"
import { runMigrations } from "../../adapters/postgres/migrations.ts"

export interface TestEngine {
  readonly name: "pglite" | "postgres"
  readonly layer: Layer.Layer<SqlClient.SqlClient | PgClient.PgClient>
}

const clientLayer = (url: string, embedded: boolean, searchPath?: string) =>
  PgClient.layer(clientOptions({
    url: Redacted.make(url),
    embedded,
    maxConnections: 8,
    ...(searchPath === undefined ? {} : { startupParameters: { search_path: searchPath } })
  }))

const migrated = <E, R>(layer: Layer.Layer<SqlClient.SqlClient | PgClient.PgClient, E, R>) =>
  Layer.effectDiscard(Effect.orDie(runMigrations)).pipe(Layer.provideMerge(layer))

// the same client settings as the service's (clientOptions: one connection on PGlite)
export const pgliteLayer = migrated(
  Layer.unwrap(Effect.map(acquireEmbeddedPostgres(undefined), ({ url }) => clientLayer(url, true)))
).pipe(Layer.orDie)

export const postgresLayer = (url: string) => {
  const schema = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const withSchema = Layer.effectDiscard(Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`CREATE SCHEMA ${sql(schema)}`
    yield* Effect.addFinalizer(() => Effect.ignore(sql`DROP SCHEMA ${sql(schema)} CASCADE`))
  })).pipe(Layer.provideMerge(clientLayer(url, false, schema)))
  return migrated(withSchema).pipe(Layer.orDie)
}

/** PostgreSQL may be shared by several instances (session revocations then travel by NOTIFY); PGlite is one process's. */
export const isSharedDatabase = (engine: TestEngine): boolean => engine.name === "postgres"

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI sets it). */
export const testEngines = (): ReadonlyArray<TestEngine> => {
  const url = process.env["DATABASE_URL"]
  return [
    { name: "pglite", layer: pgliteLayer },
    ...(url === undefined || url === "" ? [] : [{ name: "postgres" as const, layer: postgresLayer(url) }])
  ]
}
