/**
 * The import's writers of the lists other than products, one per entity, each over the shared
 * upsert (upsert-rows.ts). Natural keys: shop id, publishable key, size guide id, category slug,
 * shipping method id, coupon (shop, upper(code)). Existing rows keep their ids; new categories
 * and coupons get ids from the IdGenerator.
 */
import { Effect } from "effect"
import type { SqlClient } from "effect/sql"
import type { ImportCategoryData, ImportCouponData } from "../../../application/catalog-import/catalog-import-data.ts"
import { countsOf } from "../../../application/catalog-import/import-summary.ts"
import type { ShippingMethodRecord } from "../../../application/catalog/shipping-method-record.ts"
import type { SizeGuide } from "../../../domain/catalog/catalog-product.ts"
import type { PublishableKey, Shop } from "../../../domain/catalog/shop.ts"
import type { IdGenerator } from "../../../domain/shared/id-generator.ts"
import { keyedBy, makeUpsert, resolvedId, rowOfFields, tally, type UpsertTable } from "./upsert-rows.ts"

const tables = {
  shops: keyedBy(
    "shops",
    [["id", "text"], ["name", "text"], ["zone_rules", "jsonb"], ["default_zone_type", "text"], ["courier", "text"]],
    "id"
  ),
  publishableKeys: keyedBy(
    "publishable_keys",
    [["key", "text"], ["title", "text"], ["shop_ids", "text[]"], ["revoked_at", "timestamptz"]],
    "key"
  ),
  sizeGuides: keyedBy("size_guides", [["id", "text"], ["name", "text"], ["content", "text"], ["image_url", "text"]], "id"),
  categories: keyedBy("categories", [
    ["id", "text"], ["slug", "text"], ["name", "text"], ["description", "text"], ["image", "text"],
    ["parent_id", "text"], ["position", "integer"], ["seo_meta_title", "text"], ["seo_meta_description", "text"],
    ["seo_og_image", "text"], ["translations", "jsonb"]
  ], "slug"),
  shippingMethods: keyedBy("shipping_methods", [
    ["id", "text"], ["shop_id", "text"], ["name", "text"], ["description", "text"], ["sla_text", "text"],
    ["sla_min_days", "integer"], ["sla_max_days", "integer"], ["min_order_value_for_free_shipping", "integer"],
    ["cod_surcharge_enabled", "boolean"], ["cod_surcharge_type", "text"], ["cod_surcharge_value", "integer"],
    ["zones", "jsonb"], ["position", "integer"]
  ], "id"),
  /** A coupon's natural key is (shop, upper(code)); its shop stays, the code's spelling follows the document. */
  coupons: keyedBy("coupons", [
    ["id", "text"], ["code", "text"], ["shop_id", "text"], ["type", "text"], ["value", "integer"],
    ["min_subtotal", "integer"], ["starts_at", "timestamptz"], ["ends_at", "timestamptz"], ["usage_limit", "integer"]
  ], "id", { conflict: "(shop_id, upper(code))", kept: ["shop_id"] })
}

export const makeListWriters = (sql: SqlClient.SqlClient, ids: IdGenerator["Service"]) => {
  /**
   * The writer of a table whose natural key is one column (`spec.key`), counting what it held
   * before; a record's fields are the table's columns, in camelCase.
   */
  const keyedWriter = <A extends object>(span: string, spec: UpsertTable, keyOf: (record: A) => string) => {
    const upsert = makeUpsert(sql, spec)
    const rowOf = rowOfFields(spec.columns)
    return Effect.fn(span)(function*(records: ReadonlyArray<A>) {
      if (records.length === 0) return countsOf(0, 0, 0)
      const stored = yield* sql<{ key: string }>`
        SELECT ${sql(spec.key)} AS key FROM ${sql(spec.table)} WHERE ${sql(spec.key)} = ANY(${records.map(keyOf)}::text[])`
      return tally(records.length, new Set(stored.map((row) => row.key)), yield* upsert(records.map(rowOf)))
    })
  }
  const upsert = {
    categories: makeUpsert(sql, tables.categories),
    coupons: makeUpsert(sql, tables.coupons)
  }

  const shopWriter = keyedWriter("CatalogImport.writeShops", tables.shops, (shop: Shop) => shop.id)
  // a shop without a courier: NULL (DEFAULT_COURIER)
  const shops = (records: ReadonlyArray<Shop>) => shopWriter(records.map((shop) => ({ ...shop, courier: shop.courier ?? null })))
  const publishableKeys = keyedWriter("CatalogImport.writePublishableKeys", tables.publishableKeys, (key: PublishableKey) => key.key)
  const sizeGuides = keyedWriter("CatalogImport.writeSizeGuides", tables.sizeGuides, (guide: SizeGuide) => guide.id)
  const shippingMethods = keyedWriter(
    "CatalogImport.writeShippingMethods",
    tables.shippingMethods,
    (method: ShippingMethodRecord) => method.id
  )

  /** Writes the categories into `idBySlug` (every stored category's id by slug, for product links). */
  const categories = Effect.fn("CatalogImport.writeCategories")(function*(
    categories: ReadonlyArray<ImportCategoryData>,
    idBySlug: Map<string, string>
  ) {
    if (categories.length === 0) return countsOf(0, 0, 0)
    const before = new Set(categories.filter((category) => idBySlug.has(category.slug)).map((category) => category.slug))
    for (const category of categories) {
      if (!idBySlug.has(category.slug)) idBySlug.set(category.slug, yield* ids.next("cat"))
    }
    const written = yield* upsert.categories(categories.map((category) => ({
      id: resolvedId(idBySlug, category.slug),
      slug: category.slug,
      name: category.name,
      description: category.description,
      image: category.image,
      parent_id: category.parentSlug === null ? null : resolvedId(idBySlug, category.parentSlug),
      position: category.position,
      seo_meta_title: category.seo.metaTitle,
      seo_meta_description: category.seo.metaDescription,
      seo_og_image: category.seo.ogImage,
      translations: category.translations ?? {}
    })))
    return tally(categories.length, before, written)
  })

  /** Coupons keep their id and usage count; the code's spelling follows the document. */
  const coupons = Effect.fn("CatalogImport.writeCoupons")(function*(coupons: ReadonlyArray<ImportCouponData>) {
    if (coupons.length === 0) return countsOf(0, 0, 0)
    const couponKey = (shopId: string, upperCode: string) => JSON.stringify([shopId, upperCode])
    const storedCoupons = yield* sql<{ id: string; shopId: string; upperCode: string }>`
      SELECT id, shop_id, upper(code) AS upper_code FROM coupons
      WHERE shop_id = ANY(${[...new Set(coupons.map((coupon) => coupon.shopId))]}::text[])`
    const idByKey = new Map(storedCoupons.map((row) => [couponKey(row.shopId, row.upperCode), row.id]))
    const before = new Set<string>()
    const rows: Array<object> = []
    for (const coupon of coupons) {
      const storedId = idByKey.get(couponKey(coupon.shopId, coupon.code.toUpperCase()))
      if (storedId !== undefined) before.add(storedId)
      rows.push({
        id: storedId ?? (yield* ids.next("cpn")),
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
    return tally(coupons.length, before, yield* upsert.coupons(rows))
  })

  return { shops, publishableKeys, sizeGuides, categories, shippingMethods, coupons }
}
