/**
 * CouponRepository over the `coupons` table (migration 0001: `value` in basis points for
 * `percentage`, minor units for `fixed`; unique per shop and upper-cased code). Using a coupon
 * is one guarded UPDATE, so concurrent checkouts never push `usage_count` past `usage_limit`.
 */
import { Effect, Layer, type Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import type { StoreUnavailable } from "../../application/shared/store-unavailable.ts"
import { CouponRepository } from "../../application/cart/coupon-repository.ts"
import { Coupon, normalizeCouponCode } from "../../domain/cart/coupon.ts"
import { orStoreUnavailable } from "./store-errors.ts"
import { findOne } from "./store-query.ts"
import { ShopId } from "../../domain/shared/ids.ts"

const CouponOfShop = Schema.Struct({ shopId: ShopId, code: Schema.String })

export const makePostgresCouponRepository = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const findByCode = findOne({
    Request: CouponOfShop,
    Result: Coupon,
    execute: ({ code, shopId }) =>
      sql`
        SELECT code, shop_id, type, value, min_subtotal, starts_at, ends_at, usage_limit, usage_count
        FROM coupons WHERE shop_id = ${shopId} AND upper(code) = ${normalizeCouponCode(code)}`
  })
  return CouponRepository.of({
    findByCode: (shopId, code): Effect.Effect<Option.Option<Coupon>, StoreUnavailable> => findByCode({ shopId, code }),
    recordUse: (shopId, code) =>
      orStoreUnavailable(sql`
        UPDATE coupons SET usage_count = usage_count + 1
        WHERE shop_id = ${shopId} AND upper(code) = ${normalizeCouponCode(code)}
          AND (usage_limit IS NULL OR usage_count < usage_limit)
        RETURNING id`).pipe(Effect.map((rows) => rows.length === 1)),
    releaseUse: (shopId, code) =>
      orStoreUnavailable(sql`
        UPDATE coupons SET usage_count = usage_count - 1
        WHERE shop_id = ${shopId} AND upper(code) = ${normalizeCouponCode(code)} AND usage_count > 0`).pipe(Effect.asVoid)
  })
})

export const layer = Layer.effect(CouponRepository, makePostgresCouponRepository)
