/** CouponRepository over the coupons the memory catalog imported, with their uses counted apart. */
import { Effect, Option } from "effect"
import { CouponRepository } from "../../application/cart/coupon-repository.ts"
import { type Coupon, normalizeCouponCode } from "../../domain/cart/coupon.ts"
import { couponKey, type MemoryCatalog, type StoredCoupon } from "./memory-catalog-state.ts"

export const makeMemoryCouponRepository = (catalog: MemoryCatalog) => {
  /** As the SQL adapter reads it, with its uses. */
  const couponOf = (key: string, stored: StoredCoupon): Coupon => ({
    code: stored.code,
    shopId: stored.shopId,
    type: stored.type,
    value: stored.value,
    minSubtotal: stored.minSubtotal,
    startsAt: stored.startsAt,
    endsAt: stored.endsAt,
    usageLimit: stored.usageLimit,
    usageCount: catalog.couponUses.get(key) ?? 0
  })
  return CouponRepository.of({
    findByCode: (shopId, code) =>
      Effect.sync(() => {
        const key = couponKey(shopId, normalizeCouponCode(code))
        const stored = catalog.state.coupons.get(key)
        return stored === undefined ? Option.none() : Option.some(couponOf(key, stored))
      }),
    // one synchronous step, so checked and counted atomically
    recordUse: (shopId, code) =>
      Effect.sync(() => {
        const key = couponKey(shopId, normalizeCouponCode(code))
        const stored = catalog.state.coupons.get(key)
        if (stored === undefined) return false
        const uses = catalog.couponUses.get(key) ?? 0
        if (stored.usageLimit !== null && uses >= stored.usageLimit) return false
        catalog.couponUses.set(key, uses + 1)
        return true
      }),
    releaseUse: (shopId, code) =>
      Effect.sync(() => {
        const key = couponKey(shopId, normalizeCouponCode(code))
        const uses = catalog.couponUses.get(key) ?? 0
        if (uses > 0) catalog.couponUses.set(key, uses - 1)
      })
  })
}
