/**
 * Production stores (the SQL adapter) over a test engine, seeded with a catalog document
 * through the import use case before anything reads them.
 */
import { Effect, Layer } from "effect"
import type { SqlClient } from "effect/sql"
import type { PgClient } from "@effect/sql-pg"
import * as PostgresCatalogImportWriter from "../../adapters/postgres/postgres-catalog-import-writer.ts"
import * as PostgresCatalogSource from "../../adapters/postgres/postgres-catalog-source.ts"
import * as PostgresStoreHealth from "../../adapters/postgres/postgres-store-health.ts"
import * as CryptoIdGenerator from "../../adapters/security/crypto-id-generator.ts"
import { importCatalog } from "../../application/catalog-import/import-catalog.ts"
import { testEngines } from "./test-database.ts"

export const seededPostgresStores = (
  engine: Layer.Layer<SqlClient.SqlClient | PgClient.PgClient>,
  document: unknown
) => {
  const stores = Layer.mergeAll(PostgresCatalogSource.layer, PostgresCatalogImportWriter.layer, PostgresStoreHealth.layer).pipe(
    Layer.provideMerge(CryptoIdGenerator.layer),
    Layer.provideMerge(engine)
  )
  return Layer.effectDiscard(Effect.orDie(importCatalog(document))).pipe(Layer.provideMerge(stores))
}

/** The seeded stores on every test engine (PGlite; PostgreSQL too when DATABASE_URL is set). */
export const seededTestEngines = (document: unknown) =>
  testEngines().map((engine) => ({ name: engine.name, stores: seededPostgresStores(engine.layer, document) }))
