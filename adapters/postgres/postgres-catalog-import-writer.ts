/**
 * CatalogImportWriter on PostgreSQL (or PGlite): the whole import in one transaction, serialised
 * with other imports by an advisory lock, every entity written with set-based upserts.
 *
 * Rows travel as one JSON parameter per statement, unpacked by `json_to_recordset`, so a batch
 * of 1,000 products is a single INSERT ... ON CONFLICT whatever its size. Each upsert only
 * rewrites a row when a column actually differs (`WHERE (...) IS DISTINCT FROM (EXCLUDED...)`),
 * so importing the same document again writes nothing and bumps no `changed_txid`.
 * Natural keys: shop id, publishable key, category slug, size guide id, product slug, variant
 * sku, shipping method id, coupon (shop, upper(code)), customer email else phone. Existing
 * rows keep their ids; new rows get ids from the IdGenerator.
 *
 * JSON columns are written from JSON text (never through `sql.json`, whose key transform would
 * rename user keys such as attribute names).
 */
import { Effect, Layer } from "effect"
import { SqlClient, type SqlError } from "effect/sql"
import type {
  CatalogImportData,
  ImportCategoryData,
  ImportCouponData,
  ImportCustomerData,
  ImportProductData
} from "../../application/catalog-import/catalog-import-data.ts"
import { CatalogImportWriter, type ImportProgress } from "../../application/catalog-import/catalog-import-writer.ts"
import type { ExistingReferences } from "../../application/catalog-import/existing-references.ts"
import { countsOf, type EntityCounts, type ImportSummary } from "../../application/catalog-import/import-summary.ts"
import type { SizeGuide } from "../../domain/catalog/catalog-product.ts"
import type { PublishableKey, Shop } from "../../domain/catalog/shop.ts"
import { IdGenerator } from "../../domain/shared/id-generator.ts"
import type { ShippingMethodRecord } from "../../application/catalog/shipping-method-record.ts"
import { orStoreUnavailable } from "./store-errors.ts"

/** Products per statement. */
export const PRODUCT_BATCH_SIZE = 1_000

/** Arbitrary constant naming the import's advisory lock. */
const IMPORT_LOCK_KEY = 7_310_415

const asJson = (rows: ReadonlyArray<object>): string => JSON.stringify(rows)

/** An id the import resolved or generated earlier; missing means a bug, so it is a defect. */
const resolvedId = (ids: ReadonlyMap<string, string>, key: string): string => {
  const id = ids.get(key)
  if (id === undefined) throw new Error(`catalog import: no id resolved for "${key}"`)
  return id
}

interface ProductBatchResult {
  readonly products: EntityCounts
  readonly variants: EntityCounts
  readonly removedVariants: number
}

const addCounts = (left: EntityCounts, right: EntityCounts): EntityCounts => ({
  inserted: left.inserted + right.inserted,
  updated: left.updated + right.updated,
  unchanged: left.unchanged + right.unchanged
})

const changedProducts = (summary: ImportSummary): boolean =>
  summary.products.inserted + summary.products.updated + summary.removedVariants > 0

export const makePostgresCatalogImportWriter = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const ids = yield* IdGenerator

  /** inserted = keys not there before; updated = keys there before that the upsert rewrote. */
  const tally = (total: number, before: ReadonlySet<string>, rewritten: ReadonlyArray<string>): EntityCounts => {
    const updated = rewritten.filter((key) => before.has(key)).length
    return countsOf(total, total - before.size, updated)
  }

  const keysOf = <K extends string>(rows: ReadonlyArray<Readonly<Record<K, string>>>, key: K): Set<string> =>
    new Set(rows.map((row) => row[key]))

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

  const writeShops = Effect.fn("writeShops")(function*(shops: ReadonlyArray<Shop>) {
    if (shops.length === 0) return countsOf(0, 0, 0)
    const before = yield* sql<{ id: string }>`SELECT id FROM shops WHERE id = ANY(${shops.map((shop) => shop.id)}::text[])`
    const rewritten = yield* sql<{ id: string }>`
      INSERT INTO shops (id, name, zone_rules, default_zone_type)
      SELECT id, name, zone_rules, default_zone_type
      FROM json_to_recordset(${asJson(shops.map((shop) => ({
      id: shop.id,
      name: shop.name,
      zone_rules: shop.zoneRules,
      default_zone_type: shop.defaultZoneType
    })))}::json) AS t(id text, name text, zone_rules jsonb, default_zone_type text)
      ON CONFLICT (id) DO UPDATE SET
        name = EXCLUDED.name, zone_rules = EXCLUDED.zone_rules, default_zone_type = EXCLUDED.default_zone_type
      WHERE (shops.name, shops.zone_rules, shops.default_zone_type)
        IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.zone_rules, EXCLUDED.default_zone_type)
      RETURNING id`
    return tally(shops.length, keysOf(before, "id"), rewritten.map((row) => row.id))
  })

  const writePublishableKeys = Effect.fn("writePublishableKeys")(function*(keys: ReadonlyArray<PublishableKey>) {
    if (keys.length === 0) return countsOf(0, 0, 0)
    const before = yield* sql<{ key: string }>`
      SELECT key FROM publishable_keys WHERE key = ANY(${keys.map((key) => key.key)}::text[])`
    const rewritten = yield* sql<{ key: string }>`
      INSERT INTO publishable_keys (key, title, shop_ids, revoked_at)
      SELECT key, title, shop_ids, revoked_at
      FROM json_to_recordset(${asJson(keys.map((key) => ({
      key: key.key,
      title: key.title,
      shop_ids: key.shopIds,
      revoked_at: key.revokedAt
    })))}::json) AS t(key text, title text, shop_ids text[], revoked_at timestamptz)
      ON CONFLICT (key) DO UPDATE SET
        title = EXCLUDED.title, shop_ids = EXCLUDED.shop_ids, revoked_at = EXCLUDED.revoked_at
      WHERE (publishable_keys.title, publishable_keys.shop_ids, publishable_keys.revoked_at)
        IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.shop_ids, EXCLUDED.revoked_at)
      RETURNING key`
    return tally(keys.length, keysOf(before, "key"), rewritten.map((row) => row.key))
  })

  const writeSizeGuides = Effect.fn("writeSizeGuides")(function*(guides: ReadonlyArray<SizeGuide>) {
    if (guides.length === 0) return countsOf(0, 0, 0)
    const before = yield* sql<{ id: string }>`
      SELECT id FROM size_guides WHERE id = ANY(${guides.map((guide) => guide.id)}::text[])`
    const rewritten = yield* sql<{ id: string }>`
      INSERT INTO size_guides (id, name, content, image_url)
      SELECT id, name, content, image_url
      FROM json_to_recordset(${asJson(guides.map((guide) => ({
      id: guide.id,
      name: guide.name,
      content: guide.content,
      image_url: guide.imageUrl
    })))}::json) AS t(id text, name text, content text, image_url text)
      ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, content = EXCLUDED.content, image_url = EXCLUDED.image_url
      WHERE (size_guides.name, size_guides.content, size_guides.image_url)
        IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.content, EXCLUDED.image_url)
      RETURNING id`
    return tally(guides.length, keysOf(before, "id"), rewritten.map((row) => row.id))
  })

  /** Writes the categories and returns every stored category's id by slug (for product links). */
  const writeCategories = Effect.fn("writeCategories")(function*(categories: ReadonlyArray<ImportCategoryData>) {
    const stored = yield* sql<{ id: string; slug: string }>`SELECT id, slug FROM categories`
    const idBySlug = new Map(stored.map((row) => [row.slug, row.id]))
    const before = new Set(categories.filter((category) => idBySlug.has(category.slug)).map((category) => category.slug))
    for (const category of categories) {
      if (!idBySlug.has(category.slug)) idBySlug.set(category.slug, yield* ids.next("cat"))
    }
    if (categories.length === 0) return { counts: countsOf(0, 0, 0), idBySlug }
    const rows = categories.map((category) => ({
      id: resolvedId(idBySlug, category.slug),
      slug: category.slug,
      name: category.name,
      description: category.description,
      image: category.image,
      parent_id: category.parentSlug === null ? null : resolvedId(idBySlug, category.parentSlug),
      position: category.position,
      seo_meta_title: category.seo.metaTitle,
      seo_meta_description: category.seo.metaDescription,
      seo_og_image: category.seo.ogImage
    }))
    const rewritten = yield* sql<{ slug: string }>`
      INSERT INTO categories (id, slug, name, description, image, parent_id, position, seo_meta_title, seo_meta_description, seo_og_image)
      SELECT id, slug, name, description, image, parent_id, position, seo_meta_title, seo_meta_description, seo_og_image
      FROM json_to_recordset(${asJson(rows)}::json) AS t(
        id text, slug text, name text, description text, image text, parent_id text, position integer,
        seo_meta_title text, seo_meta_description text, seo_og_image text)
      ON CONFLICT (slug) DO UPDATE SET
        name = EXCLUDED.name, description = EXCLUDED.description, image = EXCLUDED.image,
        parent_id = EXCLUDED.parent_id, position = EXCLUDED.position, seo_meta_title = EXCLUDED.seo_meta_title,
        seo_meta_description = EXCLUDED.seo_meta_description, seo_og_image = EXCLUDED.seo_og_image
      WHERE (categories.name, categories.description, categories.image, categories.parent_id, categories.position,
             categories.seo_meta_title, categories.seo_meta_description, categories.seo_og_image)
        IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.description, EXCLUDED.image, EXCLUDED.parent_id, EXCLUDED.position,
             EXCLUDED.seo_meta_title, EXCLUDED.seo_meta_description, EXCLUDED.seo_og_image)
      RETURNING slug`
    return { counts: tally(categories.length, before, rewritten.map((row) => row.slug)), idBySlug }
  })

  const writeShippingMethods = Effect.fn("writeShippingMethods")(function*(methods: ReadonlyArray<ShippingMethodRecord>) {
    if (methods.length === 0) return countsOf(0, 0, 0)
    const before = yield* sql<{ id: string }>`
      SELECT id FROM shipping_methods WHERE id = ANY(${methods.map((method) => method.id)}::text[])`
    const rows = methods.map((method) => ({
      id: method.id,
      shop_id: method.shopId,
      name: method.name,
      description: method.description,
      sla_text: method.slaText,
      sla_min_days: method.slaMinDays,
      sla_max_days: method.slaMaxDays,
      min_order_value_for_free_shipping: method.minOrderValueForFreeShipping,
      cod_surcharge_enabled: method.codSurchargeEnabled,
      cod_surcharge_type: method.codSurchargeType,
      cod_surcharge_value: method.codSurchargeValue,
      zones: method.zones,
      position: method.position
    }))
    const rewritten = yield* sql<{ id: string }>`
      INSERT INTO shipping_methods (id, shop_id, name, description, sla_text, sla_min_days, sla_max_days,
        min_order_value_for_free_shipping, cod_surcharge_enabled, cod_surcharge_type, cod_surcharge_value, zones, position)
      SELECT id, shop_id, name, description, sla_text, sla_min_days, sla_max_days,
        min_order_value_for_free_shipping, cod_surcharge_enabled, cod_surcharge_type, cod_surcharge_value, zones, position
      FROM json_to_recordset(${asJson(rows)}::json) AS t(
        id text, shop_id text, name text, description text, sla_text text, sla_min_days integer, sla_max_days integer,
        min_order_value_for_free_shipping integer, cod_surcharge_enabled boolean, cod_surcharge_type text,
        cod_surcharge_value integer, zones jsonb, position integer)
      ON CONFLICT (id) DO UPDATE SET
        shop_id = EXCLUDED.shop_id, name = EXCLUDED.name, description = EXCLUDED.description,
        sla_text = EXCLUDED.sla_text, sla_min_days = EXCLUDED.sla_min_days, sla_max_days = EXCLUDED.sla_max_days,
        min_order_value_for_free_shipping = EXCLUDED.min_order_value_for_free_shipping,
        cod_surcharge_enabled = EXCLUDED.cod_surcharge_enabled, cod_surcharge_type = EXCLUDED.cod_surcharge_type,
        cod_surcharge_value = EXCLUDED.cod_surcharge_value, zones = EXCLUDED.zones, position = EXCLUDED.position
      WHERE (shipping_methods.shop_id, shipping_methods.name, shipping_methods.description, shipping_methods.sla_text,
             shipping_methods.sla_min_days, shipping_methods.sla_max_days,
             shipping_methods.min_order_value_for_free_shipping, shipping_methods.cod_surcharge_enabled,
             shipping_methods.cod_surcharge_type, shipping_methods.cod_surcharge_value, shipping_methods.zones,
             shipping_methods.position)
        IS DISTINCT FROM (EXCLUDED.shop_id, EXCLUDED.name, EXCLUDED.description, EXCLUDED.sla_text,
             EXCLUDED.sla_min_days, EXCLUDED.sla_max_days, EXCLUDED.min_order_value_for_free_shipping,
             EXCLUDED.cod_surcharge_enabled, EXCLUDED.cod_surcharge_type, EXCLUDED.cod_surcharge_value,
             EXCLUDED.zones, EXCLUDED.position)
      RETURNING id`
    return tally(methods.length, keysOf(before, "id"), rewritten.map((row) => row.id))
  })

  /** Coupons keep their id and usage count; the code's spelling follows the document. */
  const writeCoupons = Effect.fn("writeCoupons")(function*(coupons: ReadonlyArray<ImportCouponData>) {
    if (coupons.length === 0) return countsOf(0, 0, 0)
    const couponKey = (shopId: string, upperCode: string) => JSON.stringify([shopId, upperCode])
    const stored = yield* sql<{ shopId: string; upperCode: string }>`
      SELECT shop_id, upper(code) AS upper_code FROM coupons
      WHERE shop_id = ANY(${[...new Set(coupons.map((coupon) => coupon.shopId))]}::text[])`
    const storedKeys = new Set(stored.map((row) => couponKey(row.shopId, row.upperCode)))
    const keyOf = (coupon: ImportCouponData) => couponKey(coupon.shopId, coupon.code.toUpperCase())
    const before = new Set(coupons.map(keyOf).filter((key) => storedKeys.has(key)))
    const rows: Array<object> = []
    for (const coupon of coupons) {
      rows.push({
        id: yield* ids.next("cpn"),
        code: coupon.code,
        shop_id: coupon.shopId,
        type: coupon.type,
        value: coupon.value,
        min_subtotal: coupon.minSubtotal,
        starts_at: coupon.startsAt,
        ends_at: coupon.endsAt,
        usage_limit: coupon.usageLimit
      })
    }
    const rewritten = yield* sql<{ shopId: string; upperCode: string }>`
      INSERT INTO coupons (id, code, shop_id, type, value, min_subtotal, starts_at, ends_at, usage_limit)
      SELECT id, code, shop_id, type, value, min_subtotal, starts_at, ends_at, usage_limit
      FROM json_to_recordset(${asJson(rows)}::json) AS t(
        id text, code text, shop_id text, type text, value integer, min_subtotal integer,
        starts_at timestamptz, ends_at timestamptz, usage_limit integer)
      ON CONFLICT (shop_id, upper(code)) DO UPDATE SET
        code = EXCLUDED.code, type = EXCLUDED.type, value = EXCLUDED.value, min_subtotal = EXCLUDED.min_subtotal,
        starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at, usage_limit = EXCLUDED.usage_limit
      WHERE (coupons.code, coupons.type, coupons.value, coupons.min_subtotal, coupons.starts_at, coupons.ends_at,
             coupons.usage_limit)
        IS DISTINCT FROM (EXCLUDED.code, EXCLUDED.type, EXCLUDED.value, EXCLUDED.min_subtotal, EXCLUDED.starts_at,
             EXCLUDED.ends_at, EXCLUDED.usage_limit)
      RETURNING shop_id, upper(code) AS upper_code`
    return tally(coupons.length, before, rewritten.map((row) => couponKey(row.shopId, row.upperCode)))
  })

  /**
   * A document customer is the stored customer with the same (normalised) email, else the same
   * phone. New ones are inserted password-less. A matched customer without a password takes the
   * document's name; identifiers (email, phone) and customers who registered are never changed.
   */
  const writeCustomers = Effect.fn("writeCustomers")(function*(customers: ReadonlyArray<ImportCustomerData>) {
    if (customers.length === 0) return countsOf(0, 0, 0)
    const emails = customers.flatMap((customer) => customer.email === null ? [] : [customer.email])
    const phones = customers.flatMap((customer) => customer.phone === null ? [] : [customer.phone])
    const stored = yield* sql<{ id: string; name: string; email: string | null; phone: string | null; passwordless: boolean }>`
      SELECT id, name, email, phone, password_hash IS NULL AS passwordless FROM customers
      WHERE email = ANY(${emails}::text[]) OR phone = ANY(${phones}::text[])`
    const byEmail = new Map(stored.flatMap((row) => row.email === null ? [] : [[row.email, row] as const]))
    const byPhone = new Map(stored.flatMap((row) => row.phone === null ? [] : [[row.phone, row] as const]))
    const claimed = new Set<string>()
    const inserts: Array<object> = []
    const renames: Array<{ id: string; name: string }> = []
    for (const customer of customers) {
      const match = (customer.email === null ? undefined : byEmail.get(customer.email)) ??
        (customer.phone === null ? undefined : byPhone.get(customer.phone))
      if (match === undefined) {
        inserts.push({
          id: yield* ids.next("cus"),
          name: customer.name,
          email: customer.email,
          phone: customer.phone,
          source: customer.source
        })
        continue
      }
      if (claimed.has(match.id)) continue
      claimed.add(match.id)
      if (match.passwordless && match.name !== customer.name) renames.push({ id: match.id, name: customer.name })
    }
    if (inserts.length > 0) {
      yield* sql`
        INSERT INTO customers (id, name, email, phone, source)
        SELECT id, name, email, phone, source
        FROM json_to_recordset(${asJson(inserts)}::json) AS t(id text, name text, email text, phone text, source text)`
    }
    if (renames.length > 0) {
      yield* sql`
        UPDATE customers c SET name = t.name, updated_at = now()
        FROM json_to_recordset(${asJson(renames)}::json) AS t(id text, name text)
        WHERE c.id = t.id`
    }
    return countsOf(customers.length, inserts.length, renames.length)
  })

  const writeProductBatch = Effect.fn("writeProductBatch")(function*(
    products: ReadonlyArray<ImportProductData>,
    categoryIdBySlug: ReadonlyMap<string, string>
  ) {
    const slugs = products.map((product) => product.slug)
    const storedProducts = yield* sql<{ id: string; slug: string }>`
      SELECT id, slug FROM products WHERE slug = ANY(${slugs}::text[])`
    const productIdBySlug = new Map(storedProducts.map((row) => [row.slug, row.id]))
    const storedProductIds = storedProducts.map((row) => row.id)
    const insertedProducts = products.length - productIdBySlug.size
    for (const product of products) {
      if (!productIdBySlug.has(product.slug)) productIdBySlug.set(product.slug, yield* ids.next("prod"))
    }
    const productIdOf = (product: ImportProductData): string => resolvedId(productIdBySlug, product.slug)

    yield* sql`
      INSERT INTO products (id, slug, name, description, sku, product_type, unit_name, thumbnail, images, tags,
        attributes, seo, size_guide_id, variant_options, enabled, requires_shipping, sales_count, created_at)
      SELECT id, slug, name, description, sku, product_type, unit_name, thumbnail, images, tags,
        attributes, seo, size_guide_id, variant_options, enabled, requires_shipping, sales_count, created_at
      FROM json_to_recordset(${asJson(products.map((product) => ({
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
    })))}::json) AS t(
        id text, slug text, name text, description text, sku text, product_type text, unit_name text,
        thumbnail text, images jsonb, tags text[], attributes jsonb, seo jsonb, size_guide_id text,
        variant_options jsonb, enabled boolean, requires_shipping boolean, sales_count integer, created_at timestamptz)
      ON CONFLICT (slug) DO UPDATE SET
        name = EXCLUDED.name, description = EXCLUDED.description, sku = EXCLUDED.sku,
        product_type = EXCLUDED.product_type, unit_name = EXCLUDED.unit_name, thumbnail = EXCLUDED.thumbnail,
        images = EXCLUDED.images, tags = EXCLUDED.tags, attributes = EXCLUDED.attributes, seo = EXCLUDED.seo,
        size_guide_id = EXCLUDED.size_guide_id, variant_options = EXCLUDED.variant_options,
        enabled = EXCLUDED.enabled, requires_shipping = EXCLUDED.requires_shipping,
        sales_count = EXCLUDED.sales_count, created_at = EXCLUDED.created_at
      WHERE (products.name, products.description, products.sku, products.product_type, products.unit_name,
             products.thumbnail, products.images, products.tags, products.attributes, products.seo,
             products.size_guide_id, products.variant_options, products.enabled, products.requires_shipping,
             products.sales_count, products.created_at)
        IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.description, EXCLUDED.sku, EXCLUDED.product_type,
             EXCLUDED.unit_name, EXCLUDED.thumbnail, EXCLUDED.images, EXCLUDED.tags, EXCLUDED.attributes,
             EXCLUDED.seo, EXCLUDED.size_guide_id, EXCLUDED.variant_options, EXCLUDED.enabled,
             EXCLUDED.requires_shipping, EXCLUDED.sales_count, EXCLUDED.created_at)`

    // Links: drop the ones the document no longer lists (only stored products can have any), add the missing ones.
    const shopLinks = asJson(products.flatMap((product) =>
      product.shopIds.map((shopId) => ({ product_id: productIdOf(product), shop_id: shopId }))
    ))
    yield* sql`
      WITH listed AS MATERIALIZED (
        SELECT product_id, shop_id FROM json_to_recordset(${shopLinks}::json) AS t(product_id text, shop_id text)),
      unlisted AS (
        DELETE FROM product_shops ps
        WHERE ps.product_id = ANY(${storedProductIds}::text[])
          AND NOT EXISTS (SELECT 1 FROM listed WHERE listed.product_id = ps.product_id AND listed.shop_id = ps.shop_id))
      INSERT INTO product_shops (product_id, shop_id)
      SELECT product_id, shop_id FROM listed
      ON CONFLICT DO NOTHING`

    const categoryLinks = asJson(products.flatMap((product) =>
      product.categorySlugs.map((slug, position) => ({
        product_id: productIdOf(product),
        category_id: resolvedId(categoryIdBySlug, slug),
        position
      }))
    ))
    yield* sql`
      WITH listed AS MATERIALIZED (
        SELECT product_id, category_id, position
        FROM json_to_recordset(${categoryLinks}::json) AS t(product_id text, category_id text, position integer)),
      unlisted AS (
        DELETE FROM product_categories pc
        WHERE pc.product_id = ANY(${storedProductIds}::text[])
          AND NOT EXISTS (
            SELECT 1 FROM listed WHERE listed.product_id = pc.product_id AND listed.category_id = pc.category_id))
      INSERT INTO product_categories (product_id, category_id, position)
      SELECT product_id, category_id, position FROM listed
      ON CONFLICT (product_id, category_id) DO UPDATE SET position = EXCLUDED.position
      WHERE product_categories.position IS DISTINCT FROM EXCLUDED.position`

    // Variants: upsert by sku (a sku listed under another product moves here), then drop the unlisted ones.
    const skus = products.flatMap((product) => product.variants.map((variant) => variant.sku))
    const storedVariants = yield* sql<{ id: string; sku: string }>`
      SELECT id, sku FROM variants WHERE sku = ANY(${skus}::text[])`
    const variantIdBySku = new Map(storedVariants.map((row) => [row.sku, row.id]))
    const variantsBefore = new Set(variantIdBySku.keys())
    for (const sku of skus) {
      if (!variantIdBySku.has(sku)) variantIdBySku.set(sku, yield* ids.next("var"))
    }
    const rewrittenVariants = yield* sql<{ sku: string }>`
      INSERT INTO variants (id, product_id, sku, position, original_price, sale_price, stock, weight_grams, images, option_values)
      SELECT id, product_id, sku, position, original_price, sale_price, stock, weight_grams, images, option_values
      FROM json_to_recordset(${asJson(products.flatMap((product) =>
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
    ))}::json) AS t(
        id text, product_id text, sku text, position integer, original_price integer, sale_price integer,
        stock integer, weight_grams integer, images jsonb, option_values jsonb)
      ON CONFLICT (sku) DO UPDATE SET
        product_id = EXCLUDED.product_id, position = EXCLUDED.position, original_price = EXCLUDED.original_price,
        sale_price = EXCLUDED.sale_price, stock = EXCLUDED.stock, weight_grams = EXCLUDED.weight_grams,
        images = EXCLUDED.images, option_values = EXCLUDED.option_values
      WHERE (variants.product_id, variants.position, variants.original_price, variants.sale_price, variants.stock,
             variants.weight_grams, variants.images, variants.option_values)
        IS DISTINCT FROM (EXCLUDED.product_id, EXCLUDED.position, EXCLUDED.original_price, EXCLUDED.sale_price,
             EXCLUDED.stock, EXCLUDED.weight_grams, EXCLUDED.images, EXCLUDED.option_values)
      RETURNING sku`
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
    const updatedProducts = touched[0]?.n ?? 0

    return {
      products: countsOf(products.length, insertedProducts, updatedProducts),
      variants: tally(skus.length, variantsBefore, rewrittenVariants.map((row) => row.sku)),
      removedVariants: removed[0]?.n ?? 0
    } satisfies ProductBatchResult
  })

  /**
   * Fresh planner statistics after a bulk change: without them the product page query is
   * estimated thousands of times too expensive and every page pays for JIT compilation.
   */
  const refreshStatistics = sql`ANALYZE products, variants, product_shops, product_categories`

  const writeAll = (data: CatalogImportData, onProgress: (progress: ImportProgress) => Effect.Effect<void>) =>
    Effect.gen(function*() {
      yield* sql`SELECT pg_advisory_xact_lock(${sql.literal(String(IMPORT_LOCK_KEY))})`
      const shops = yield* writeShops(data.shops)
      const publishableKeys = yield* writePublishableKeys(data.publishableKeys)
      const sizeGuides = yield* writeSizeGuides(data.sizeGuides)
      const categories = yield* writeCategories(data.categories)
      const shippingMethods = yield* writeShippingMethods(data.shippingMethods)
      const coupons = yield* writeCoupons(data.coupons)
      const customers = yield* writeCustomers(data.customers)
      let products = countsOf(0, 0, 0)
      let variants = countsOf(0, 0, 0)
      let removedVariants = 0
      for (let start = 0; start < data.products.length; start += PRODUCT_BATCH_SIZE) {
        const batch = yield* writeProductBatch(data.products.slice(start, start + PRODUCT_BATCH_SIZE), categories.idBySlug)
        products = addCounts(products, batch.products)
        variants = addCounts(variants, batch.variants)
        removedVariants += batch.removedVariants
        yield* onProgress({
          productsWritten: Math.min(start + PRODUCT_BATCH_SIZE, data.products.length),
          productsTotal: data.products.length
        })
      }
      const summary: ImportSummary = {
        shops,
        publishableKeys,
        categories: categories.counts,
        sizeGuides,
        products,
        variants,
        removedVariants,
        shippingMethods,
        coupons,
        customers
      }
      return summary
    })

  return CatalogImportWriter.of({
    existingReferences: orStoreUnavailable(existingReferences),
    write: (data, onProgress) =>
      orStoreUnavailable(Effect.gen(function*() {
        const summary = yield* sql.withTransaction(writeAll(data, onProgress))
        if (changedProducts(summary)) yield* refreshStatistics
        return summary
      }))
  })
})

export const PostgresCatalogImportWriterLayer = Layer.effect(CatalogImportWriter, makePostgresCatalogImportWriter)
