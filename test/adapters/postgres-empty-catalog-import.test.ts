/**
 * An import into an empty catalog (adapters/postgres/catalog-import/empty-catalog-load.ts) sets
 * the random-order unique constraints and the foreign keys to products aside while it writes:
 * whatever happens, the product tables end with the constraints, indexes and triggers the
 * migrations made; a failing one writes nothing; a reader holding the tables keeps it on the
 * ordinary path (it waits for no one, and no one waits for it).
 */
import { expect, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { importCatalog } from "../../application/catalog-import/import-catalog.ts"
import { isUnchanged } from "../../application/catalog-import/import-summary.ts"
import * as PostgresCatalogImportWriter from "../../adapters/postgres/postgres-catalog-import-writer.ts"
import * as CryptoIdGenerator from "../../adapters/security/crypto-id-generator.ts"
import { generatedCatalog } from "../support/catalog-documents.ts"
import { openTransactionElsewhere } from "../support/open-transaction.ts"
import { testEngines } from "../support/test-database.ts"

const PRODUCTS = 40

const writerLayer = <E, R>(database: Layer.Layer<SqlClient.SqlClient, E, R>) =>
  PostgresCatalogImportWriter.layer.pipe(Layer.provide(CryptoIdGenerator.layer), Layer.provideMerge(database))

const productTables = `('products'::regclass, 'variants'::regclass, 'product_shops'::regclass, 'product_categories'::regclass)`

/** Every constraint, index and trigger of the product tables, as text. */
const tableShape = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ item: string }>`${sql.literal(`
    SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS item
    FROM pg_constraint WHERE conrelid IN ${productTables}
    UNION ALL SELECT pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid IN ${productTables}
    UNION ALL SELECT tgname || ' ' || tgenabled::text FROM pg_trigger WHERE tgrelid IN ${productTables} AND NOT tgisinternal
    ORDER BY 1`)}`
  return rows.map((row) => row.item)
})

/** The variant sku index's oid: a new one once the import built it again. */
const skuIndex = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ oid: string }>`SELECT 'variants_sku_key'::regclass::oid::text AS oid`
  return rows[0]?.oid
})

const count = (table: "products" | "variants") =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql(table)}`
    return rows[0]?.n
  })

for (const engine of testEngines()) {
  layer(writerLayer(engine.layer), { excludeTestServices: true })(`first import on ${engine.name}`, (it) => {
    it.effect("a failing one writes nothing; the next builds the indexes again and leaves the tables as migrated", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const migrated = yield* tableShape
        const index = yield* skuIndex

        // the variants statement fails, after products and links were written
        yield* sql`CREATE FUNCTION fail_variants() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'variants are read-only'; END $$`
        yield* sql`CREATE TRIGGER variants_read_only BEFORE INSERT ON variants FOR EACH ROW EXECUTE FUNCTION fail_variants()`
        const failed = yield* Effect.exit(importCatalog(generatedCatalog(PRODUCTS)))
        yield* sql`DROP TRIGGER variants_read_only ON variants`
        yield* sql`DROP FUNCTION fail_variants()`
        expect(failed._tag).toBe("Failure")
        expect(yield* count("products")).toBe(0)
        expect(yield* tableShape).toEqual(migrated)
        expect(yield* skuIndex).toBe(index)

        const summary = yield* importCatalog(generatedCatalog(PRODUCTS))
        expect(summary.products.inserted).toBe(PRODUCTS)
        expect(yield* count("variants")).toBe(summary.variants.inserted)
        expect(yield* tableShape).toEqual(migrated)
        expect(yield* skuIndex).not.toBe(index)
        // the constraints hold again: a sku is unique
        const duplicate = yield* Effect.exit(sql`INSERT INTO variants (id, product_id, sku, original_price, stock)
          SELECT 'var_duplicate', product_id, sku, 1, 1 FROM variants LIMIT 1`)
        expect(duplicate._tag).toBe("Failure")
        expect(isUnchanged(yield* importCatalog(generatedCatalog(PRODUCTS)))).toBe(true)
      }))
  })

  // PGlite has one connection: no reader can hold the tables beside the import there
  if (engine.name === "postgres") {
    layer(writerLayer(engine.layer), { excludeTestServices: true })(`first import beside a reader on ${engine.name}`, (it) => {
      it.effect("a reader holding the product tables keeps it on the ordinary path", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          const index = yield* skuIndex
          const schema = (yield* sql<{ schema: string }>`SELECT current_schema() AS schema`)[0]!.schema
          const reader = yield* openTransactionElsewhere(schema, "SELECT count(*) FROM products;")
          const summary = yield* importCatalog(generatedCatalog(PRODUCTS))
          yield* reader.commitWith("SELECT 1")
          expect(summary.products.inserted).toBe(PRODUCTS)
          expect(yield* skuIndex).toBe(index)
          expect(yield* count("products")).toBe(PRODUCTS)
        }))
    })
  }
}
