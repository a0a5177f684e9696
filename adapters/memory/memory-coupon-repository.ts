/**
 * CouponRepository in a map, seeded with the coupons it starts with (the in-memory catalog store
 * keeps imported coupons to itself; `couponsOfImport` converts an import's coupons for seeding).
 */
import { Effect, Layer, Option } from "effect"
import type { CatalogImportData } from "../../application/catalog-import/catalog-import-data.ts"
import { CouponRepository } from "../../application/cart/coupon-repository.ts"
import { type Coupon, normalizeCouponCode } from "../../domain/cart/coupon.ts"

const BASIS_POINTS_PER_PERCENT = 100

const keyOf = (shopId: string, code: string): string => JSON.stringify([shopId, normalizeCouponCode(code)])

/** An import's coupons as the domain holds them (percentages in percent, never used yet). */
export const couponsOfImport = (data: Pick<CatalogImportData, "coupons">): ReadonlyArray<Coupon> =>
  data.coupons.map((coupon) => ({
    ...coupon,
    value: coupon.type === "percentage" ? coupon.value / BASIS_POINTS_PER_PERCENT : coupon.value,
    usageCount: 0
  }))

export const makeMemoryCouponRepository = (initial: ReadonlyArray<Coupon>) => {
  const coupons = new Map(initial.map((coupon) => [keyOf(coupon.shopId, coupon.code), coupon]))
  return CouponRepository.of({
    findByCode: (shopId, code) => Effect.sync(() => Option.fromNullishOr(coupons.get(keyOf(shopId, code)))),
    recordUse: (shopId, code) =>
      Effect.sync(() => {
        const key = keyOf(shopId, code)
        const coupon = coupons.get(key)
        if (coupon === undefined) return false
        if (coupon.usageLimit !== null && coupon.usageCount >= coupon.usageLimit) return false
        coupons.set(key, { ...coupon, usageCount: coupon.usageCount + 1 })
        return true
      })
  })
}

export const memoryCouponRepositoryLayer = (initial: ReadonlyArray<Coupon>) =>
  Layer.sync(CouponRepository, () => makeMemoryCouponRepository(initial))
