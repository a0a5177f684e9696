/**
 * The import's products, staged: each batch is resolved to ids (stored products and variants
 * keep theirs, new ones get ids from the IdGenerator) and appended to temporary tables of the
 * import's transaction (no index, no trigger, no WAL), and the catalog tables are written from
 * them once, when the last batch is in (product-merge.ts). Appending costs little per product;
 * writing everything at once, each table in the order of its indexes, touches each index page
 * once instead of once per batch (a batch of random ids lands on random pages of every index).
 *
 * Each staged row carries its batch number, so that the merge reproduces what writing batch by
 * batch would have done (see product-merge.ts). The tables are dropped at commit or rollback.
 */
import { Effect } from "effect"
import type { SqlClient } from "effect/sql"
import type { ImportProductData } from "../../../application/catalog-import/catalog-import-data.ts"
import type { IdGenerator, IdPrefix } from "../../../domain/shared/id-generator.ts"
import { type Columns, makeColumnInsert } from "./column-insert.ts"
import { columnDefinitions, resolvedId } from "./upsert-rows.ts"

export const productColumns = [
  ["id", "text"], ["slug", "text"], ["name", "text"], ["description", "text"], ["sku", "text"],
  ["product_type", "text"], ["unit_name", "text"], ["thumbnail", "text"], ["images", "jsonb"], ["tags", "text[]"],
  ["attributes", "jsonb"], ["seo", "jsonb"], ["size_guide_id", "text"], ["translations", "jsonb"], ["variant_options", "jsonb"],
  ["enabled", "boolean"], ["requires_shipping", "boolean"], ["sales_count", "integer"], ["created_at", "timestamptz"]
] as const

export const variantColumns = [
  ["id", "text"], ["product_id", "text"], ["sku", "text"], ["position", "integer"], ["original_price", "integer"],
  ["sale_price", "integer"], ["stock", "integer"], ["weight_grams", "integer"], ["images", "jsonb"],
  ["option_values", "jsonb"]
] as const

/**
 * Every staged row says whether its key was stored when it was staged (`stored`: the product's
 * slug, the variant's sku, the linked product's slug), and products and variants the number of
 * the batch they came in.
 */
const shopLinkColumns = [["stored", "boolean"], ["product_id", "text"], ["shop_id", "text"]] as const
const categoryLinkColumns = [["stored", "boolean"], ["product_id", "text"], ["category_id", "text"], ["position", "integer"]] as const
const stagedProductColumns = [["batch", "integer"], ["stored", "boolean"], ...productColumns] as const
const stagedVariantColumns = [["batch", "integer"], ["stored", "boolean"], ...variantColumns] as const

export const staging = {
  products: "import_products",
  variants: "import_variants",
  shopLinks: "import_product_shops",
  categoryLinks: "import_product_categories"
} as const

const tables: ReadonlyArray<readonly [string, Columns]> = [
  [staging.products, stagedProductColumns],
  [staging.variants, stagedVariantColumns],
  [staging.shopLinks, shopLinkColumns],
  [staging.categoryLinks, categoryLinkColumns]
]

/** What was staged: how many products and variants, and how many of them are new. */
export interface StagedProducts {
  readonly products: number
  readonly newProducts: number
  readonly variants: number
  readonly newVariants: number
}

export const makeProductStaging = (sql: SqlClient.SqlClient, ids: IdGenerator["Service"]) => {
  const insertProducts = makeColumnInsert(sql, staging.products, stagedProductColumns)
  const insertVariants = makeColumnInsert(sql, staging.variants, stagedVariantColumns)
  const insertShopLinks = makeColumnInsert(sql, staging.shopLinks, shopLinkColumns)
  const insertCategoryLinks = makeColumnInsert(sql, staging.categoryLinks, categoryLinkColumns)
  let batches = 0
  let products = 0
  let newProducts = 0
  let variants = 0
  let newVariants = 0

  /** Creates the (empty) staging tables in the open transaction. */
  const create = Effect.forEach(tables, ([table, columns]) =>
    sql.unsafe(`CREATE TEMPORARY TABLE ${table} (${columnDefinitions(columns)}) ON COMMIT DROP`), { discard: true })

  /** Ids by natural key: the stored ones, and new ones for the rest. */
  const idsFor = Effect.fnUntraced(function*(stored: ReadonlyArray<{ key: string; id: string }>, keys: ReadonlyArray<string>, prefix: IdPrefix) {
    const idByKey = new Map(stored.map((row) => [row.key, row.id]))
    for (const key of keys) {
      if (!idByKey.has(key)) idByKey.set(key, yield* ids.next(prefix))
    }
    return idByKey
  })

  const stage = Effect.fn("CatalogImport.stageProducts")(function*(
    batch: ReadonlyArray<ImportProductData>,
    categoryIdBySlug: ReadonlyMap<string, string>
  ) {
    const number = batches++
    const slugs = batch.map((product) => product.slug)
    const storedProducts = yield* sql<{ id: string; key: string }>`
      SELECT id, slug AS key FROM products WHERE slug = ANY(${slugs}::text[])`
    const storedSlugs = new Set(storedProducts.map((row) => row.key))
    const productIdBySlug = yield* idsFor(storedProducts, slugs, "prod")
    const productIdOf = (product: ImportProductData): string => resolvedId(productIdBySlug, product.slug)
    const skus = batch.flatMap((product) => product.variants.map((variant) => variant.sku))
    const storedVariants = yield* sql<{ id: string; key: string }>`
      SELECT id, sku AS key FROM variants WHERE sku = ANY(${skus}::text[])`
    const variantIdBySku = yield* idsFor(storedVariants, skus, "var")
    const storedSkus = new Set(storedVariants.map((row) => row.key))

    yield* insertProducts(batch.map((product) => ({
      batch: number,
      stored: storedSlugs.has(product.slug),
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
      translations: product.translations ?? {},
      variant_options: product.variantOptions,
      enabled: product.enabled,
      requires_shipping: product.requiresShipping,
      sales_count: product.salesCount,
      created_at: product.createdAt
    })))
    yield* insertShopLinks(batch.flatMap((product) =>
      product.shopIds.map((shopId) => ({ stored: storedSlugs.has(product.slug), product_id: productIdOf(product), shop_id: shopId }))
    ))
    yield* insertCategoryLinks(batch.flatMap((product) =>
      product.categorySlugs.map((slug, position) => ({
        stored: storedSlugs.has(product.slug),
        product_id: productIdOf(product),
        category_id: resolvedId(categoryIdBySlug, slug),
        position
      }))
    ))
    yield* insertVariants(batch.flatMap((product) =>
      product.variants.map((variant) => ({
        batch: number,
        stored: storedSkus.has(variant.sku),
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
    products += batch.length
    newProducts += batch.length - storedProducts.length
    variants += skus.length
    newVariants += skus.length - storedVariants.length
  })

  return { create, stage, staged: (): StagedProducts => ({ products, newProducts, variants, newVariants }) }
}
