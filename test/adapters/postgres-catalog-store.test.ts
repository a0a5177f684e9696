import { expect, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { CatalogSource } from "../../application/catalog/catalog-source.ts"
import { importCatalog } from "../../application/catalog-import/import-catalog.ts"
import * as PostgresCatalogImportWriter from "../../adapters/postgres/postgres-catalog-import-writer.ts"
import * as PostgresCatalogSource from "../../adapters/postgres/postgres-catalog-source.ts"
import * as PostgresCouponRepository from "../../adapters/postgres/postgres-coupon-repository.ts"
import * as PostgresCustomerRepository from "../../adapters/postgres/postgres-customer-repository.ts"
import * as CryptoIdGenerator from "../../adapters/security/crypto-id-generator.ts"
import { generatedCatalog } from "../support/catalog-documents.ts"
import { openTransactionElsewhere } from "../support/open-transaction.ts"
import { testEngines } from "../support/test-database.ts"
import { catalogStoreContract } from "./catalog-store-contract.ts"

const storeLayer = <E, R>(database: Layer.Layer<SqlClient.SqlClient, E, R>) =>
  Layer.mergeAll(
    PostgresCatalogSource.layer,
    PostgresCatalogImportWriter.layer,
    PostgresCustomerRepository.layer,
    PostgresCouponRepository.layer
  ).pipe(
    Layer.provide(CryptoIdGenerator.layer),
    Layer.provideMerge(database)
  )

for (const engine of testEngines()) {
  catalogStoreContract(engine.name, storeLayer(engine.layer))

  layer(storeLayer(engine.layer), { excludeTestServices: true })(`change tracking triggers on ${engine.name}`, (it) => {
    /** Whether the product is among those changed since the cursor. */
    const changedSince = (cursor: string, productId: string) =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ changed: boolean }>`
          SELECT changed_txid >= ${cursor}::xid8 AS changed FROM products WHERE id = ${productId}`
        return rows[0]?.changed === true
      })

    const cursorAfterOwnWrites = Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const rows = yield* sql<{ cursor: string }>`SELECT pg_current_xact_id()::text AS cursor`
      // the next transaction id: everything written so far by this session has a smaller one
      return String(BigInt(rows[0]?.cursor ?? "0") + 1n)
    })

    it.effect("writes to variants and links stamp the owning product; other products are left alone", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* importCatalog(generatedCatalog(5))
        const [first, second] = (yield* (yield* CatalogSource).loadProducts({ since: null, afterId: null, limit: 2 })).products
        if (first === undefined || second === undefined) return yield* Effect.die(new Error("no products"))

        const stockCursor = yield* cursorAfterOwnWrites
        yield* sql`UPDATE variants SET stock = stock + 1 WHERE product_id = ${first.id}`
        expect(yield* changedSince(stockCursor, first.id)).toBe(true)
        expect(yield* changedSince(stockCursor, second.id)).toBe(false)

        const linkCursor = yield* cursorAfterOwnWrites
        yield* sql`DELETE FROM product_shops WHERE product_id = ${second.id}`
        expect(yield* changedSince(linkCursor, second.id)).toBe(true)

        const categoryCursor = yield* cursorAfterOwnWrites
        yield* sql`UPDATE product_categories SET position = position + 1 WHERE product_id = ${first.id}`
        expect(yield* changedSince(categoryCursor, first.id)).toBe(true)

        const referenceCursor = yield* (yield* CatalogSource).currentCursor
        expect(yield* (yield* CatalogSource).referenceChangedSince(referenceCursor)).toBe(false)
        yield* sql`UPDATE shops SET name = name WHERE id = 'shop_main'`
        expect(yield* (yield* CatalogSource).referenceChangedSince(referenceCursor)).toBe(true)
      }))

    // PGlite has one connection, so no transaction can stay open beside the reader's there
    if (engine.name === "postgres") {
      it.effect("a transaction left open elsewhere does not make changes seen before count as new", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          const source = yield* CatalogSource
          yield* importCatalog(generatedCatalog(5))
          const [first, second] = (yield* source.loadProducts({ since: null, afterId: null, limit: 2 })).products
          if (first === undefined || second === undefined) return yield* Effect.die(new Error("no products"))
          // an open transaction with an id, in another session (psql): it holds the xmin back
          const schema = (yield* sql<{ schema: string }>`SELECT current_schema() AS schema`)[0]!.schema
          const other = yield* openTransactionElsewhere(schema)
          yield* sql`UPDATE products SET name = name || ' (seen)' WHERE id = ${first.id}`
          yield* sql`UPDATE shops SET name = name WHERE id = 'shop_main'`
          const cursor = yield* source.currentCursor
          // both changes committed before the cursor was taken: not changed since it
          expect((yield* source.loadProducts({ since: cursor, afterId: null, limit: 10 })).products).toEqual([])
          expect(yield* source.referenceChangedSince(cursor)).toBe(false)
          // the open transaction's change, committed after the cursor, is
          yield* other.commitWith(`UPDATE products SET name = name || ' (open)' WHERE id = '${second.id}'`)
          const changed = (yield* source.loadProducts({ since: cursor, afterId: null, limit: 10 })).products
          expect(changed.map((product) => product.id)).toEqual([second.id])
        }))
    }

    it.effect("a failing import writes nothing (one transaction)", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const document = generatedCatalog(5)
        yield* importCatalog(document)
        const countBefore = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM products`
        // a trigger that makes the variants statement fail, after products were already upserted
        yield* sql`CREATE FUNCTION fail_variants() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'variants are read-only'; END $$`
        yield* sql`CREATE TRIGGER variants_read_only BEFORE INSERT OR UPDATE ON variants
          FOR EACH ROW EXECUTE FUNCTION fail_variants()`
        const renamed = {
          ...document,
          products: document.products.map((product) => ({ ...product, name: `${product.name} v2`, slug: `${product.slug}-v2` }))
            .map((product) => ({ ...product, variants: product.variants.map((variant) => ({ ...variant, sku: `${variant.sku}-v2` })) }))
        }
        const exit = yield* Effect.exit(importCatalog(renamed))
        yield* sql`DROP TRIGGER variants_read_only ON variants`
        yield* sql`DROP FUNCTION fail_variants()`
        expect(exit._tag).toBe("Failure")
        const countAfter = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM products`
        expect(countAfter).toEqual(countBefore)
      }))
  })
}
