/**
 * CatalogSource on PostgreSQL (or PGlite), following changes through `changed_txid`
 * (migration 0002): the cursor is the xmin of the current snapshot, i.e. every transaction with
 * an id below it has finished. Rows with `changed_txid >= cursor` are "changed since": that
 * covers everything committed after the cursor was taken, plus rows of transactions that were
 * still running then (re-read once more next time, which is harmless).
 *
 * A page of products is one statement returning one JSON text: the page's product rows with
 * their category ids (in link order), shop ids (sorted) and variants (by position), gathered by
 * correlated subqueries over the child tables' indexes, already in the record's shape, so the
 * client parses one string per page. JSON always travels as text: the client's result-name
 * transform would otherwise rename user keys such as attribute names (`made_in` → `madeIn`).
 */
import { CourierName } from "../../domain/fulfilment/shipment.ts"
import { Effect, Layer, Schema, Struct } from "effect"
import { SqlClient, type SqlError } from "effect/sql"
import { CatalogSource } from "../../application/catalog/catalog-source.ts"
import type { CatalogReferenceData, ChangeCursor, ProductPage } from "../../application/catalog/catalog-snapshot.ts"
import { ShippingMethodRecord, ShippingZoneRecord } from "../../application/catalog/shipping-method-record.ts"
import { CatalogProduct, ProductTranslations, SizeGuide } from "../../domain/catalog/catalog-product.ts"
import { CategoryRecord } from "../../domain/catalog/category.ts"
import { PublishableKey, ShopZoneRule } from "../../domain/catalog/shop.ts"
import { orStoreUnavailable } from "./store-errors.ts"
import { ShopId } from "../../domain/shared/ids.ts"

/** A page of products as the page query returns it: one JSON array, timestamps as strings. */
const ProductPageJson = Schema.fromJsonString(Schema.Array(
  CatalogProduct.mapFields(Struct.assign({ createdAt: Schema.DateFromString, translations: Schema.NullOr(ProductTranslations) }))
))

/** Rows that do not match the schema mean the database holds something we never write: a defect. */
const decodeProductPage = (json: string) =>
  Effect.orDie(Schema.decodeUnknownEffect(ProductPageJson)(json)).pipe(
    // no translations: no key, as the product was imported
    Effect.map((products): Array<CatalogProduct> =>
      products.map(({ translations, ...product }) => (translations === null ? product : { ...product, translations }))
    )
  )

const ShopRow = Schema.Struct({
  id: ShopId,
  name: Schema.String,
  zoneRulesJson: Schema.fromJsonString(Schema.Array(ShopZoneRule)),
  defaultZoneType: Schema.String,
  courier: Schema.NullOr(CourierName)
})

const { seo: _seo, ...categoryColumns } = CategoryRecord.fields
const CategoryRow = Schema.Struct({
  ...categoryColumns,
  seoMetaTitle: Schema.NullOr(Schema.String),
  seoMetaDescription: Schema.NullOr(Schema.String),
  seoOgImage: Schema.NullOr(Schema.String),
  translations: Schema.NullOr(ProductTranslations)
})

const { zones: _zones, ...shippingMethodColumns } = ShippingMethodRecord.fields
const ShippingMethodRow = Schema.Struct({
  ...shippingMethodColumns,
  zonesJson: Schema.fromJsonString(Schema.Array(ShippingZoneRecord))
})

/** Rows that do not match the schema mean the database holds something we never write: a defect. */
const decodeRows = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S) => {
  const decode = Schema.decodeUnknownEffect(Schema.Array(schema))
  return (rows: ReadonlyArray<object>) => Effect.orDie(decode(rows))
}

/** A snapshot that saw no transaction: every row counts as changed since it. */
const SEES_NOTHING: ChangeCursor = "1:1:"

export const makePostgresCatalogSource = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  /**
   * The cursor is a whole snapshot (`xmin:xmax:in-progress ids`): a row changed since it is one
   * whose writing transaction the snapshot did not see (committed later, or in progress then).
   * Its xmin alone would do as a bound, but a transaction anywhere in the cluster that stays
   * open holds the xmin back, and every refresh would read again (and rebuild the reference
   * data from) every change made since that transaction began.
   */
  const currentCursor = Effect.gen(function*() {
    const rows = yield* sql<{ cursor: string }>`SELECT pg_current_snapshot()::text AS cursor`
    const cursor: ChangeCursor = rows[0]?.cursor ?? SEES_NOTHING
    return cursor
  })

  /** Rows of `table` (alias or name) written by a transaction the cursor's snapshot did not see; the xmin bound uses the index. */
  const changedSince = (table: string, cursor: ChangeCursor) =>
    sql`${sql(table)}.changed_txid >= pg_snapshot_xmin(${cursor}::pg_snapshot)
      AND NOT pg_visible_in_snapshot(${sql(table)}.changed_txid, ${cursor}::pg_snapshot)`

  const loadReferenceData: Effect.Effect<CatalogReferenceData, SqlError.SqlError> = Effect.gen(function*() {
    const shops = yield* sql`
      SELECT id, name, zone_rules::text AS zone_rules_json, default_zone_type, courier FROM shops ORDER BY id`.pipe(
      Effect.flatMap(decodeRows(ShopRow))
    )
    const publishableKeys = yield* sql`
      SELECT key, title, shop_ids, revoked_at FROM publishable_keys ORDER BY key`.pipe(
      Effect.flatMap(decodeRows(PublishableKey))
    )
    const categories = yield* sql`
      SELECT id, slug, name, description, image, parent_id, position, seo_meta_title, seo_meta_description, seo_og_image,
        NULLIF(translations, '{}'::jsonb) AS translations
      FROM categories ORDER BY id`.pipe(Effect.flatMap(decodeRows(CategoryRow)))
    const sizeGuides = yield* sql`SELECT id, name, content, image_url FROM size_guides ORDER BY id`.pipe(
      Effect.flatMap(decodeRows(SizeGuide))
    )
    const shippingMethods = yield* sql`
      SELECT id, shop_id, name, description, sla_text, sla_min_days, sla_max_days, min_order_value_for_free_shipping,
        cod_surcharge_enabled, cod_surcharge_type, cod_surcharge_value, zones::text AS zones_json, position
      FROM shipping_methods ORDER BY shop_id, position, id`.pipe(Effect.flatMap(decodeRows(ShippingMethodRow)))
    return {
      shops: shops.map(({ zoneRulesJson, ...shop }) => ({ ...shop, zoneRules: zoneRulesJson })),
      publishableKeys,
      categories: categories.map(({ seoMetaTitle, seoMetaDescription, seoOgImage, translations, ...category }) => ({
        ...category,
        seo: { metaTitle: seoMetaTitle, metaDescription: seoMetaDescription, ogImage: seoOgImage },
        // no translations: no key, as the category was imported
        ...(translations === null ? {} : { translations })
      })),
      sizeGuides,
      shippingMethods: shippingMethods.map(({ zonesJson, ...method }) => ({ ...method, zones: zonesJson }))
    }
  })

  const referenceChangedSince = (cursor: ChangeCursor) =>
    sql<{ changed: boolean }>`
      SELECT EXISTS (SELECT 1 FROM shops WHERE ${changedSince("shops", cursor)})
        OR EXISTS (SELECT 1 FROM publishable_keys WHERE ${changedSince("publishable_keys", cursor)})
        OR EXISTS (SELECT 1 FROM categories WHERE ${changedSince("categories", cursor)})
        OR EXISTS (SELECT 1 FROM size_guides WHERE ${changedSince("size_guides", cursor)})
        OR EXISTS (SELECT 1 FROM shipping_methods WHERE ${changedSince("shipping_methods", cursor)}) AS changed`.pipe(
      Effect.map((rows) => rows[0]?.changed === true)
    )

  const loadProducts = (options: {
    readonly since: ChangeCursor | null
    readonly afterId: string | null
    readonly limit: number
  }) =>
    Effect.gen(function*() {
      const changed = options.since === null ? sql`TRUE` : changedSince("p", options.since)
      const afterId = options.afterId === null ? sql`TRUE` : sql`p.id > ${options.afterId}`
      const rows = yield* sql<{ page: string }>`
        SELECT coalesce(json_agg(json_build_object(
          'id', p.id, 'slug', p.slug, 'name', p.name, 'description', p.description, 'sku', p.sku,
          'productType', p.product_type, 'unitName', p.unit_name, 'thumbnail', p.thumbnail, 'images', p.images,
          'tags', p.tags, 'attributes', p.attributes, 'seo', p.seo, 'sizeGuideId', p.size_guide_id,
          'translations', NULLIF(p.translations, '{}'::jsonb),
          'categoryIds', ARRAY(
            SELECT pc.category_id FROM product_categories pc WHERE pc.product_id = p.id
            ORDER BY pc.position, pc.category_id COLLATE "C"),
          'shopIds', ARRAY(
            SELECT ps.shop_id FROM product_shops ps WHERE ps.product_id = p.id ORDER BY ps.shop_id COLLATE "C"),
          'enabled', p.enabled, 'requiresShipping', p.requires_shipping, 'salesCount', p.sales_count,
          'createdAt', p.created_at, 'variantOptions', p.variant_options,
          'variants', (
            SELECT coalesce(json_agg(json_build_object(
              'id', v.id, 'sku', v.sku, 'originalPrice', v.original_price, 'salePrice', v.sale_price,
              'stock', v.stock, 'weightGrams', v.weight_grams, 'images', v.images, 'optionValues', v.option_values
            ) ORDER BY v.position, v.sku COLLATE "C"), '[]')
            FROM variants v WHERE v.product_id = p.id)
        ) ORDER BY p.id), '[]')::text AS page
        FROM (
          SELECT * FROM products p
          WHERE ${changed} AND ${afterId}
          ORDER BY p.id
          LIMIT ${options.limit}
        ) p`
      const products = yield* decodeProductPage(rows[0]?.page ?? "[]")
      const last = products[products.length - 1]
      const page: ProductPage = {
        products,
        nextAfterId: products.length === options.limit && last !== undefined ? last.id : null
      }
      return page
    })

  return CatalogSource.of({
    currentCursor: orStoreUnavailable(currentCursor),
    loadReferenceData: orStoreUnavailable(loadReferenceData),
    referenceChangedSince: (cursor) => orStoreUnavailable(referenceChangedSince(cursor)),
    loadProducts: (options) => orStoreUnavailable(loadProducts(options))
  })
})

export const layer = Layer.effect(CatalogSource, makePostgresCatalogSource)
