/**
 * Inventory over the catalog tables: the store is the authority for prices and stock inside cart
 * and checkout transactions (the in-memory read model only follows it). Checkout locks the
 * variants in id order, so concurrent checkouts of overlapping carts queue instead of
 * deadlocking; taking stock is one guarded UPDATE (`stock >= quantity`, backed up by the
 * `stock >= 0` CHECK), so stock never goes below zero, and what a short take did take is put back. Both writes stamp the products
 * for the read model through the change-tracking triggers of migration 0002.
 */
import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import type { CartVariant } from "../../application/cart/cart-variant.ts"
import { Inventory, type ProductSale, type StockTake } from "../../application/cart/inventory.ts"
import { InsufficientStock } from "../../domain/cart/errors/insufficient-stock.ts"
import { ProductId, ShopId, VariantId } from "../../domain/shared/ids.ts"
import { MinorUnits } from "../../domain/shared/money.ts"
import { Grams } from "../../domain/shared/weight.ts"
import { orStoreUnavailable } from "./store-errors.ts"
import { findAll, findOne } from "./store-query.ts"

const VariantRow = Schema.Struct({
  variantId: VariantId,
  productId: ProductId,
  sku: Schema.String,
  originalPrice: MinorUnits,
  salePrice: Schema.NullOr(MinorUnits),
  stock: Schema.Int,
  weightGrams: Grams,
  images: Schema.fromJsonString(Schema.Array(Schema.String)),
  optionValues: Schema.fromJsonString(Schema.Record(Schema.String, Schema.String)),
  visible: Schema.Boolean,
  requiresShipping: Schema.Boolean,
  productName: Schema.String,
  productSlug: Schema.String,
  productSku: Schema.String,
  thumbnail: Schema.NullOr(Schema.String)
})

const CartVariantJson = Schema.Struct({
  ...VariantRow.fields,
  images: Schema.Array(Schema.String),
  optionValues: Schema.Record(Schema.String, Schema.String)
})

const decodeCartVariantsArray = Schema.decodeUnknownSync(Schema.fromJsonString(Schema.Array(CartVariantJson)))

/** Decodes the JSON array `cartVariantsJsonOf` builds. */
export const decodeCartVariantsJson = (json: string): ReadonlyMap<VariantId, CartVariant> =>
  new Map(decodeCartVariantsArray(json).map((variant) => [variant.variantId, variant]))

/**
 * SQL text of a JSON array of the variants whose ids the SQL expression `variantIds` (a text[])
 * holds, visible in the shop of the SQL expression `shopId`: for statements that read a cart and
 * its variants at once (postgres-cart-repository.ts). `= ANY(array)` rather than `IN (set)`:
 * PostgreSQL then keeps one generic plan for the prepared statement instead of planning it
 * again on every execution (a custom plan here costs about three times the execution).
 */
export const cartVariantsJsonOf = (variantIds: string, shopId: string): string => `
  (SELECT coalesce(json_agg(json_build_object(
      'variantId', v.id, 'productId', v.product_id, 'sku', v.sku, 'originalPrice', v.original_price,
      'salePrice', v.sale_price, 'stock', v.stock, 'weightGrams', v.weight_grams, 'images', v.images,
      'optionValues', v.option_values,
      'visible', p.enabled AND EXISTS (SELECT 1 FROM product_shops ps WHERE ps.product_id = p.id AND ps.shop_id = ${shopId}),
      'requiresShipping', p.requires_shipping, 'productName', p.name, 'productSlug', p.slug,
      'productSku', p.sku, 'thumbnail', p.thumbnail) ORDER BY v.id), '[]')::text
   FROM variants v JOIN products p ON p.id = v.product_id
   WHERE v.id = ANY(${variantIds}))`

const byVariantId = (rows: ReadonlyArray<CartVariant>): ReadonlyMap<VariantId, CartVariant> =>
  new Map(rows.map((variant) => [variant.variantId, variant]))

const VariantsInShop = Schema.Struct({ shopId: ShopId, variantIds: Schema.Array(VariantId) })
const StockTakes = Schema.Struct({ ids: Schema.Array(VariantId), quantities: Schema.Array(Schema.Int) })

/** Adds up repeated ids, so one statement handles each id once. */
const summed = <K extends string, E extends { readonly quantity: number } & Record<K, string>>(
  entries: ReadonlyArray<E>,
  key: K
) => {
  const totals = new Map<E[K], number>()
  for (const entry of entries) totals.set(entry[key], (totals.get(entry[key]) ?? 0) + entry.quantity)
  const ids = [...totals.keys()].sort()
  return { ids, quantities: ids.map((id) => totals.get(id) ?? 0) }
}

export const makePostgresInventory = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const variantsOf = (lock: boolean) =>
    findAll({
      Request: VariantsInShop,
      Result: VariantRow,
      execute: ({ shopId, variantIds }) =>
        sql`
          SELECT v.id AS variant_id, v.product_id, v.sku, v.original_price, v.sale_price, v.stock, v.weight_grams,
            v.images::text AS images, v.option_values::text AS option_values,
            p.enabled AND EXISTS (SELECT 1 FROM product_shops ps WHERE ps.product_id = p.id AND ps.shop_id = ${shopId}) AS visible,
            p.requires_shipping, p.name AS product_name, p.slug AS product_slug, p.sku AS product_sku, p.thumbnail
          FROM variants v JOIN products p ON p.id = v.product_id
          WHERE v.id = ANY(${[...variantIds]}::text[])
          ORDER BY v.id
          ${sql.literal(lock ? "FOR UPDATE OF v" : "")}`
    })
  const variantsIn = { read: variantsOf(false), locked: variantsOf(true) }
  const variants = (shopId: ShopId, variantIds: ReadonlyArray<VariantId>, lock: boolean) =>
    Effect.map(variantsIn[lock ? "locked" : "read"]({ shopId, variantIds }), byVariantId)

  /** Takes what stock there is for each id: the ids of the variants that had enough. */
  const take = findAll({
    Request: StockTakes,
    Result: Schema.Struct({ id: VariantId }),
    execute: ({ ids, quantities }) =>
      sql`
        UPDATE variants v SET stock = v.stock - t.quantity
        FROM unnest(${[...ids]}::text[], ${[...quantities]}::int[]) AS t(id, quantity)
        WHERE v.id = t.id AND v.stock >= t.quantity
        RETURNING v.id`
  })
  const stockOf = findOne({
    Request: VariantId,
    Result: Schema.Struct({ stock: Schema.Int }),
    execute: (variantId) => sql`SELECT stock FROM variants WHERE id = ${variantId}`
  })

  const takeStock = (takes: ReadonlyArray<StockTake>) =>
    Effect.gen(function*() {
      if (takes.length === 0) return
      const { ids, quantities } = summed(takes, "variantId")
      const taken = yield* take({ ids, quantities })
      if (taken.length === ids.length) return
      // Some variant had too little: put back what was taken (all or nothing even without an
      // enclosing transaction; inside one, the caller rolls back anyway) and report it.
      const takenIds = new Set<string>(taken.map((row) => row.id))
      const returned = ids.flatMap((id, index) => takenIds.has(id) ? [{ id, quantity: quantities[index] ?? 0 }] : [])
      if (returned.length > 0) {
        yield* orStoreUnavailable(sql`
          UPDATE variants v SET stock = v.stock + t.quantity
          FROM unnest(${returned.map((row) => row.id)}::text[], ${returned.map((row) => row.quantity)}::int[]) AS t(id, quantity)
          WHERE v.id = t.id`)
      }
      const shortId = ids.find((id) => !takenIds.has(id))
      if (shortId === undefined) return yield* Effect.die(new Error("takeStock: fewer rows taken, yet every variant was"))
      const found = yield* stockOf(shortId)
      return yield* new InsufficientStock({
        variantId: shortId,
        requested: quantities[ids.indexOf(shortId)] ?? 0,
        available: Option.match(found, { onNone: () => 0, onSome: (row) => row.stock })
      })
    })

  const recordSales = (sales: ReadonlyArray<ProductSale>) =>
    Effect.gen(function*() {
      if (sales.length === 0) return
      const { ids, quantities } = summed(sales, "productId")
      yield* orStoreUnavailable(sql`
        UPDATE products p SET sales_count = p.sales_count + t.quantity
        FROM unnest(${ids}::text[], ${quantities}::int[]) AS t(id, quantity)
        WHERE p.id = t.id`)
    })

  const releaseStock = (takes: ReadonlyArray<StockTake & { readonly productId: ProductId }>) =>
    Effect.gen(function*() {
      if (takes.length === 0) return
      const stock = summed(takes, "variantId")
      yield* orStoreUnavailable(sql`
        UPDATE variants v SET stock = v.stock + t.quantity
        FROM unnest(${stock.ids}::text[], ${stock.quantities}::int[]) AS t(id, quantity)
        WHERE v.id = t.id`)
      const sales = summed(takes, "productId")
      yield* orStoreUnavailable(sql`
        UPDATE products p SET sales_count = greatest(0, p.sales_count - t.quantity)
        FROM unnest(${sales.ids}::text[], ${sales.quantities}::int[]) AS t(id, quantity)
        WHERE p.id = t.id`)
    })

  return Inventory.of({
    variantsForShop: (shopId, variantIds) => variants(shopId, variantIds, false),
    variantsForShopForUpdate: (shopId, variantIds) => variants(shopId, variantIds, true),
    takeStock,
    releaseStock,
    recordSales
  })
})

export const layer = Layer.effect(Inventory, makePostgresInventory)
