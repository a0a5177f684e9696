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
import { makeUpsert, resolvedId, tally, type UpsertTable } from "./upsert-rows.ts"

const tables = {
  shops: {
    table: "shops",
    columns: [["id", "text"], ["name", "text"], ["zone_rules", "jsonb"], ["default_zone_type", "text"]],
    conflict: "(id)",
    updated: ["name", "zone_rules", "default_zone_type"],
    key: "id"
  },
  publishableKeys: {
    table: "publishable_keys",
    columns: [["key", "text"], ["title", "text"], ["shop_ids", "text[]"], ["revoked_at", "timestamptz"]],
    conflict: "(key)",
    updated: ["title", "shop_ids", "revoked_at"],
    key: "key"
  },
  sizeGuides: {
    table: "size_guides",
    columns: [["id", "text"], ["name", "text"], ["content", "text"], ["image_url", "text"]],
    conflict: "(id)",
    updated: ["name", "content", "image_url"],
    key: "id"
  },
  categories: {
    table: "categories",
    columns: [
      ["id", "text"], ["slug", "text"], ["name", "text"], ["description", "text"], ["image", "text"],
      ["parent_id", "text"], ["position", "integer"], ["seo_meta_title", "text"], ["seo_meta_description", "text"],
      ["seo_og_image", "text"]
    ],
    conflict: "(slug)",
    updated: ["name", "description", "image", "parent_id", "position", "seo_meta_title", "seo_meta_description", "seo_og_image"],
    key: "slug"
  },
  shippingMethods: {
    table: "shipping_methods",
    columns: [
      ["id", "text"], ["shop_id", "text"], ["name", "text"], ["description", "text"], ["sla_text", "text"],
      ["sla_min_days", "integer"], ["sla_max_days", "integer"], ["min_order_value_for_free_shipping", "integer"],
      ["cod_surcharge_enabled", "boolean"], ["cod_surcharge_type", "text"], ["cod_surcharge_value", "integer"],
      ["zones", "jsonb"], ["position", "integer"]
    ],
    conflict: "(id)",
    updated: [
      "shop_id", "name", "description", "sla_text", "sla_min_days", "sla_max_days", "min_order_value_for_free_shipping",
      "cod_surcharge_enabled", "cod_surcharge_type", "cod_surcharge_value", "zones", "position"
    ],
    key: "id"
  },
  coupons: {
    table: "coupons",
    columns: [
      ["id", "text"], ["code", "text"], ["shop_id", "text"], ["type", "text"], ["value", "integer"],
      ["min_subtotal", "integer"], ["starts_at", "timestamptz"], ["ends_at", "timestamptz"], ["usage_limit", "integer"]
    ],
    conflict: "(shop_id, upper(code))",
    updated: ["code", "type", "value", "min_subtotal", "starts_at", "ends_at", "usage_limit"],
    key: "id"
  }
} satisfies Record<string, UpsertTable>

export const makeListWriters = (sql: SqlClient.SqlClient, ids: IdGenerator["Service"]) => {
  /** The writer of a table whose natural key is one column (`spec.key`), counting what it held before. */
  const keyedWriter = <A>(span: string, spec: UpsertTable, keyOf: (record: A) => string, rowOf: (record: A) => object) => {
    const upsert = makeUpsert(sql, spec)
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

  const shops = keyedWriter("CatalogImport.writeShops", tables.shops, (shop: Shop) => shop.id, (shop) => ({
    id: shop.id,
    name: shop.name,
    zone_rules: shop.zoneRules,
    default_zone_type: shop.defaultZoneType
  }))

  const publishableKeys = keyedWriter(
    "CatalogImport.writePublishableKeys",
    tables.publishableKeys,
    (key: PublishableKey) => key.key,
    (key) => ({ key: key.key, title: key.title, shop_ids: key.shopIds, revoked_at: key.revokedAt })
  )

  const sizeGuides = keyedWriter("CatalogImport.writeSizeGuides", tables.sizeGuides, (guide: SizeGuide) => guide.id, (guide) => ({
    id: guide.id,
    name: guide.name,
    content: guide.content,
    image_url: guide.imageUrl
  }))

  const shippingMethods = keyedWriter(
    "CatalogImport.writeShippingMethods",
    tables.shippingMethods,
    (method: ShippingMethodRecord) => method.id,
    (method) => ({
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
    })
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
      seo_og_image: category.seo.ogImage
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
