/**
 * The import's products, a batch at a time: the product rows, their shop and category links
 * (the ones the document no longer lists dropped) and their variants (upserted by sku, so a
 * sku listed under another product moves here; the unlisted ones deleted). Existing products
 * and variants keep their ids; new ones get ids from the IdGenerator.
 */
import { Effect } from "effect"
import type { SqlClient } from "effect/sql"
import type { ImportProductData } from "../../../application/catalog-import/catalog-import-data.ts"
import type { ProductBatchCounts } from "../../../application/catalog-import/catalog-import-writer.ts"
import { countsOf } from "../../../application/catalog-import/import-summary.ts"
import type { IdGenerator, IdPrefix } from "../../../domain/shared/id-generator.ts"
import { asJson, makeUpsert, resolvedId, tally } from "./upsert-rows.ts"

const productColumns = [
  ["id", "text"], ["slug", "text"], ["name", "text"], ["description", "text"], ["sku", "text"],
  ["product_type", "text"], ["unit_name", "text"], ["thumbnail", "text"], ["images", "jsonb"], ["tags", "text[]"],
  ["attributes", "jsonb"], ["seo", "jsonb"], ["size_guide_id", "text"], ["variant_options", "jsonb"],
  ["enabled", "boolean"], ["requires_shipping", "boolean"], ["sales_count", "integer"], ["created_at", "timestamptz"]
] as const

const variantColumns = [
  ["id", "text"], ["product_id", "text"], ["sku", "text"], ["position", "integer"], ["original_price", "integer"],
  ["sale_price", "integer"], ["stock", "integer"], ["weight_grams", "integer"], ["images", "jsonb"],
  ["option_values", "jsonb"]
] as const

export const makeProductBatchWriter = (sql: SqlClient.SqlClient, ids: IdGenerator["Service"]) => {
  const upsertProducts = makeUpsert(sql, {
    table: "products",
    columns: productColumns,
    conflict: "(slug)",
    updated: productColumns.map(([name]) => name).filter((name) => name !== "id" && name !== "slug"),
    key: "slug"
  })
  const upsertVariants = makeUpsert(sql, {
    table: "variants",
    columns: variantColumns,
    conflict: "(sku)",
    updated: variantColumns.map(([name]) => name).filter((name) => name !== "id" && name !== "sku"),
    key: "sku"
  })

  /** Drops the links of stored products the document no longer lists, adds the missing ones. */
  const writeShopLinks = (links: string, storedProductIds: ReadonlyArray<string>) =>
    sql`
      WITH listed AS MATERIALIZED (
        SELECT product_id, shop_id FROM jsonb_to_recordset(${links}::jsonb) AS t(product_id text, shop_id text)),
      unlisted AS (
        DELETE FROM product_shops ps
        WHERE ps.product_id = ANY(${storedProductIds}::text[])
          AND NOT EXISTS (SELECT 1 FROM listed WHERE listed.product_id = ps.product_id AND listed.shop_id = ps.shop_id))
      INSERT INTO product_shops (product_id, shop_id)
      SELECT product_id, shop_id FROM listed
      ON CONFLICT DO NOTHING`

  const writeCategoryLinks = (links: string, storedProductIds: ReadonlyArray<string>) =>
    sql`
      WITH listed AS MATERIALIZED (
        SELECT product_id, category_id, position
        FROM jsonb_to_recordset(${links}::jsonb) AS t(product_id text, category_id text, position integer)),
      unlisted AS (
        DELETE FROM product_categories pc
        WHERE pc.product_id = ANY(${storedProductIds}::text[])
          AND NOT EXISTS (
            SELECT 1 FROM listed WHERE listed.product_id = pc.product_id AND listed.category_id = pc.category_id))
      INSERT INTO product_categories (product_id, category_id, position)
      SELECT product_id, category_id, position FROM listed
      ON CONFLICT (product_id, category_id) DO UPDATE SET position = EXCLUDED.position
      WHERE product_categories.position IS DISTINCT FROM EXCLUDED.position`

  /** Ids by natural key: the stored ones, and new ones for the rest. */
  const idsFor = Effect.fnUntraced(function*(stored: ReadonlyArray<{ key: string; id: string }>, keys: ReadonlyArray<string>, prefix: IdPrefix) {
    const idByKey = new Map(stored.map((row) => [row.key, row.id]))
    for (const key of keys) {
      if (!idByKey.has(key)) idByKey.set(key, yield* ids.next(prefix))
    }
    return idByKey
  })

  return Effect.fn("CatalogImport.writeProducts")(function*(
    products: ReadonlyArray<ImportProductData>,
    categoryIdBySlug: ReadonlyMap<string, string>
  ) {
    const slugs = products.map((product) => product.slug)
    const storedProducts = yield* sql<{ id: string; key: string }>`
      SELECT id, slug AS key FROM products WHERE slug = ANY(${slugs}::text[])`
    const storedProductIds = storedProducts.map((row) => row.id)
    const productIdBySlug = yield* idsFor(storedProducts, slugs, "prod")
    const productIdOf = (product: ImportProductData): string => resolvedId(productIdBySlug, product.slug)

    yield* upsertProducts(products.map((product) => ({
      id: productIdOf(product),
      slug: product.slug,
      name: product.name,
      description: product.description,
      sku: product.sku,
      product_type: product.productType,
      unit_name: product.unitName,
      thumbnail: product.thumbnail,
      images: product.images,
      tags: product.tags,
      attributes: product.attributes,
      seo: product.seo,
      size_guide_id: product.sizeGuideId,
      variant_options: product.variantOptions,
      enabled: product.enabled,
      requires_shipping: product.requiresShipping,
      sales_count: product.salesCount,
      created_at: product.createdAt
    })))
    yield* writeShopLinks(
      asJson(products.flatMap((product) => product.shopIds.map((shopId) => ({ product_id: productIdOf(product), shop_id: shopId })))),
      storedProductIds
    )
    yield* writeCategoryLinks(
      asJson(products.flatMap((product) =>
        product.categorySlugs.map((slug, position) => ({
          product_id: productIdOf(product),
          category_id: resolvedId(categoryIdBySlug, slug),
          position
        }))
      )),
      storedProductIds
    )

    const skus = products.flatMap((product) => product.variants.map((variant) => variant.sku))
    const storedVariants = yield* sql<{ id: string; key: string }>`
      SELECT id, sku AS key FROM variants WHERE sku = ANY(${skus}::text[])`
    const variantsBefore = new Set(storedVariants.map((row) => row.key))
    const variantIdBySku = yield* idsFor(storedVariants, skus, "var")
    const rewrittenVariants = yield* upsertVariants(products.flatMap((product) =>
      product.variants.map((variant) => ({
        id: resolvedId(variantIdBySku, variant.sku),
        product_id: productIdOf(product),
        sku: variant.sku,
        position: variant.position,
        original_price: variant.originalPrice,
        sale_price: variant.salePrice,
        stock: variant.stock,
        weight_grams: variant.weightGrams,
        images: variant.images,
        option_values: variant.optionValues
      }))
    ))
    const removed = storedProductIds.length === 0 ? [] : yield* sql<{ n: number }>`
      WITH removed AS (
        DELETE FROM variants v
        WHERE v.product_id = ANY(${storedProductIds}::text[])
          AND NOT EXISTS (SELECT 1 FROM unnest(${skus}::text[]) AS listed(sku) WHERE listed.sku = v.sku)
        RETURNING 1)
      SELECT count(*)::int AS n FROM removed`

    // Every stored product this transaction changed (row, links or variants) now carries its txid.
    const touched = storedProductIds.length === 0 ? [] : yield* sql<{ n: number }>`
      SELECT count(*)::int AS n FROM products
      WHERE id = ANY(${storedProductIds}::text[]) AND changed_txid = pg_current_xact_id()`

    return {
      products: countsOf(products.length, products.length - storedProducts.length, touched[0]?.n ?? 0),
      variants: tally(skus.length, variantsBefore, rewrittenVariants),
      removedVariants: removed[0]?.n ?? 0
    } satisfies ProductBatchCounts
  })
}
