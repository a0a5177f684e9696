/**
 * Writes the staged products (product-staging.ts) into the catalog, one set-based statement per
 * step, every table in product id order (so each index and each product page is visited once,
 * in order, instead of at random: at a million products a random order costs a page read and a
 * page write per row):
 *
 * 1. products, upserted by slug (a row rewritten only when a column differs);
 * 2. shop and category links: those of stored products the document no longer lists dropped,
 *    the missing ones added (category positions updated);
 * 3. variants of stored products deleted when the document does not list their sku in the
 *    product's batch or an earlier one (writing batch by batch, a sku listed under another
 *    product in a later batch was deleted from its old product first and created again);
 * 4. variants upserted by sku (a sku listed under another product moves there, keeping its id).
 *
 * Counts as writing batch by batch gives them: a product is updated when its row, links or
 * variants changed (its `changed_txid` is this transaction's, stamped by the triggers), a variant
 * inserted when its sku is not stored once the removals are done.
 */
import { Effect } from "effect"
import type { SqlClient } from "effect/sql"
import type { ProductBatchCounts } from "../../../application/catalog-import/catalog-import-writer.ts"
import { countsOf } from "../../../application/catalog-import/import-summary.ts"
import { productColumns, type StagedProducts, staging, variantColumns } from "./product-staging.ts"
import { loadIntoEmptyCatalog } from "./empty-catalog-load.ts"
import { insertNewFrom, keyedBy, writeFrom } from "./upsert-rows.ts"

/** Memory for the merge's sorts and hashes (the default 4 MB sorts a million rows on disk). */
const MERGE_WORK_MEM = "128MB"

const products = keyedBy("products", productColumns, "slug")
const variants = keyedBy("variants", variantColumns, "sku")

const count = (rows: ReadonlyArray<{ n: number }>): number => rows[0]?.n ?? 0

/** The staged links of stored (or new) products into a link table (product_id, `other`, ...extra). */
const linksInsert = (table: string, staged: string, other: string, extra: ReadonlyArray<string>, stored: boolean) => {
  const columns = ["product_id", other, ...extra].join(", ")
  return `INSERT INTO ${table} (${columns})
    SELECT ${columns} FROM ${staged} WHERE ${stored ? "" : "NOT "}stored ORDER BY product_id, ${other}`
}

/**
 * A link table (product_id, `other`, ...extra): the links of stored products that the document
 * no longer lists dropped, the listed ones inserted (those of stored products may exist already:
 * `conflict` says what an existing one takes; those of new products cannot).
 */
const mergeLinks = (
  sql: SqlClient.SqlClient,
  table: string,
  staged: string,
  other: string,
  conflict: string,
  extra: ReadonlyArray<string> = []
) => {
  const insert = (stored: boolean) => linksInsert(table, staged, other, extra, stored)
  return Effect.all([
    sql.unsafe(`
      DELETE FROM ${table} t USING ${staging.products} p
      WHERE p.stored AND t.product_id = p.id
        AND NOT EXISTS (SELECT 1 FROM ${staged} l WHERE l.product_id = t.product_id AND l.${other} = t.${other})`),
    sql.unsafe(insert(false)),
    sql.unsafe(`${insert(true)} ${conflict}`)
  ], { discard: true })
}

/**
 * When no staged product or variant was stored, every step above but the inserts has nothing to
 * do: the rows are inserted, in the same order, through the bulk load of an empty catalog
 * (empty-catalog-load.ts) when that applies.
 */
const insertNewProducts = (sql: SqlClient.SqlClient, staged: StagedProducts) =>
  loadIntoEmptyCatalog(
    sql,
    Effect.gen(function*() {
      yield* insertNewFrom(sql, products, staging.products, "id")
      yield* sql.unsafe(linksInsert("product_shops", staging.shopLinks, "shop_id", [], false))
      yield* sql.unsafe(linksInsert("product_categories", staging.categoryLinks, "category_id", ["position"], false))
      yield* insertNewFrom(sql, variants, staging.variants, "product_id, position")
      return {
        products: countsOf(staged.products, staged.products, 0),
        variants: countsOf(staged.variants, staged.variants, 0),
        removedVariants: 0
      } satisfies ProductBatchCounts
    })
  )

export const mergeStagedProducts = Effect.fn("CatalogImport.mergeProducts")(function*(
  sql: SqlClient.SqlClient,
  staged: StagedProducts
) {
  if (staged.products === 0) return { products: countsOf(0, 0, 0), variants: countsOf(0, 0, 0), removedVariants: 0 }
  yield* sql.unsafe(`SET LOCAL work_mem = '${MERGE_WORK_MEM}'`)
  if (staged.newProducts === staged.products && staged.newVariants === staged.variants) {
    return yield* insertNewProducts(sql, staged)
  }
  // statistics of the join keys only (sampling the JSON columns costs more than the joins need)
  yield* sql.unsafe(`ANALYZE ${staging.products} (id, stored, batch), ${staging.variants} (sku, product_id, batch)`)

  // In id order: the links and variants below, written in product id order, then check their
  // foreign key against (and lock) the product rows in the order they lie on disk.
  yield* writeFrom(sql, products, staging.products, "id")

  yield* mergeLinks(sql, "product_shops", staging.shopLinks, "shop_id", "ON CONFLICT DO NOTHING")
  yield* mergeLinks(
    sql,
    "product_categories",
    staging.categoryLinks,
    "category_id",
    `ON CONFLICT (product_id, category_id) DO UPDATE SET position = EXCLUDED.position
    WHERE product_categories.position IS DISTINCT FROM EXCLUDED.position`,
    ["position"]
  )

  const removed = yield* sql.unsafe<{ n: number }>(`
    WITH removed AS (
      DELETE FROM variants v USING ${staging.products} p
      WHERE p.stored AND v.product_id = p.id
        AND NOT EXISTS (SELECT 1 FROM ${staging.variants} s WHERE s.sku = v.sku AND s.batch <= p.batch)
      RETURNING 1)
    SELECT count(*)::int AS n FROM removed`)
  const variantTotal = yield* sql.unsafe<{ total: number; inserted: number }>(`
    SELECT (SELECT count(*) FROM ${staging.variants})::int AS total,
      (SELECT count(*) FROM ${staging.variants} s
        WHERE NOT s.stored OR NOT EXISTS (SELECT 1 FROM variants v WHERE v.sku = s.sku))::int AS inserted`)
  const variantsWritten = yield* writeFrom(sql, variants, staging.variants, "product_id, position")

  // Every stored product this transaction changed (row, links or variants) now carries its txid.
  const touched = yield* sql.unsafe<{ n: number }>(`
    SELECT count(*)::int AS n FROM products
    WHERE changed_txid = pg_current_xact_id() AND id IN (SELECT id FROM ${staging.products} WHERE stored)`)

  const total = variantTotal[0]?.total ?? 0
  const inserted = variantTotal[0]?.inserted ?? 0
  return {
    products: countsOf(staged.products, staged.newProducts, count(touched)),
    variants: countsOf(total, inserted, variantsWritten - inserted),
    removedVariants: count(removed)
  } satisfies ProductBatchCounts
})
