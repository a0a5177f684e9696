/**
 * CatalogImportWriter on PostgreSQL (or PGlite): the whole import in one transaction, serialised
 * with other imports by an advisory lock, every entity written by its own writer over one
 * set-based upsert (catalog-import/). Products are staged batch by batch in temporary tables
 * and written together after the last batch, one statement per table (product-staging.ts,
 * product-merge.ts). Writing the same document again writes nothing and bumps no
 * `changed_txid`. Natural keys: shop id, publishable key, category slug, size guide id,
 * product slug, variant sku, shipping method id, coupon (shop, upper(code)), customer email
 * else phone. Existing rows keep their ids; new rows get ids from the IdGenerator.
 */
import { Effect, Layer } from "effect"
import { SqlClient, type SqlError } from "effect/sql"
import type { CatalogImportLists } from "../../application/catalog-import/catalog-import-data.ts"
import {
  type CatalogImportSession,
  CatalogImportWriter,
  noProductChanges
} from "../../application/catalog-import/catalog-import-writer.ts"
import type { ExistingReferences } from "../../application/catalog-import/existing-references.ts"
import type { ListCounts } from "../../application/catalog-import/import-summary.ts"
import { IdGenerator } from "../../domain/shared/id-generator.ts"
import { makeCustomerWriter } from "./catalog-import/customer-writer.ts"
import { makeListWriters } from "./catalog-import/list-writers.ts"
import { mergeStagedProducts } from "./catalog-import/product-merge.ts"
import { makeProductStaging } from "./catalog-import/product-staging.ts"
import { orStoreUnavailable } from "./store-errors.ts"

/** Arbitrary constant naming the import's advisory lock. */
const IMPORT_LOCK_KEY = 7_310_415

export const makePostgresCatalogImportWriter = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const ids = yield* IdGenerator
  const lists = makeListWriters(sql, ids)
  const writeCustomers = makeCustomerWriter(sql, ids)

  const existingReferences: Effect.Effect<ExistingReferences, SqlError.SqlError> = Effect.gen(function*() {
    const shops = yield* sql<{ id: string }>`SELECT id FROM shops`
    const sizeGuides = yield* sql<{ id: string }>`SELECT id FROM size_guides`
    const categories = yield* sql<{ slug: string; parentSlug: string | null }>`
      SELECT c.slug, p.slug AS parent_slug FROM categories c LEFT JOIN categories p ON p.id = c.parent_id`
    return {
      shopIds: shops.map((row) => row.id),
      sizeGuideIds: sizeGuides.map((row) => row.id),
      categories: categories.map((row) => ({ slug: row.slug, parentSlug: row.parentSlug }))
    }
  })

  /** A session over the open transaction; `productsChanged` says whether ANALYZE is due after commit. */
  const openSession = Effect.gen(function*() {
    yield* sql`SELECT pg_advisory_xact_lock(${sql.literal(String(IMPORT_LOCK_KEY))})`
    const stored = yield* sql<{ id: string; slug: string }>`SELECT id, slug FROM categories`
    const categoryIdBySlug = new Map(stored.map((row) => [row.slug, row.id]))
    const staging = makeProductStaging(sql, ids)
    yield* staging.create
    let productsChanged = false
    const writeLists = (data: CatalogImportLists) =>
      Effect.gen(function*() {
        const counts: ListCounts = {
          shops: yield* lists.shops(data.shops),
          publishableKeys: yield* lists.publishableKeys(data.publishableKeys),
          sizeGuides: yield* lists.sizeGuides(data.sizeGuides),
          categories: yield* lists.categories(data.categories, categoryIdBySlug),
          shippingMethods: yield* lists.shippingMethods(data.shippingMethods),
          coupons: yield* lists.coupons(data.coupons),
          customers: yield* writeCustomers(data.customers)
        }
        return counts
      })
    const session: CatalogImportSession = {
      writeLists: (data) => orStoreUnavailable(writeLists(data)),
      // staged: written together by completeProducts
      writeProducts: (batch) => orStoreUnavailable(Effect.as(staging.stage(batch, categoryIdBySlug), noProductChanges)),
      completeProducts: orStoreUnavailable(Effect.map(Effect.suspend(() => mergeStagedProducts(sql, staging.staged())), (counts) => {
        if (counts.products.inserted + counts.products.updated + counts.removedVariants > 0) productsChanged = true
        return counts
      }))
    }
    return { session, productsChanged: () => productsChanged }
  })

  /**
   * Fresh planner statistics after a bulk change: without them the product page query is
   * estimated thousands of times too expensive and every page pays for JIT compilation.
   */
  const refreshStatistics = sql`ANALYZE products, variants, product_shops, product_categories`

  return CatalogImportWriter.of({
    existingReferences: orStoreUnavailable(existingReferences),
    transaction: (use) =>
      orStoreUnavailable(Effect.gen(function*() {
        const { result, analyze } = yield* sql.withTransaction(Effect.gen(function*() {
          const opened = yield* openSession
          const result = yield* use(opened.session)
          return { result, analyze: opened.productsChanged() }
        }))
        if (analyze) yield* refreshStatistics
        return result
      }))
  })
})

export const layer = Layer.effect(CatalogImportWriter, makePostgresCatalogImportWriter)
