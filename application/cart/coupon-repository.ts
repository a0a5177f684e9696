/**
 * Port: the shops' coupons. Codes are matched case-insensitively (trimmed, upper-cased).
 * Adapters: adapters/postgres/postgres-coupon-repository.ts; in memory, the catalog store serves it
 * (adapters/memory/memory-catalog-store.ts), over the coupons it imports.
 */
import { Context, type Effect, type Option } from "effect"
import type { Coupon } from "../../domain/cart/coupon.ts"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"
import type { ShopId } from "../../domain/shared/ids.ts"

export class CouponRepository extends Context.Service<CouponRepository, {
  readonly findByCode: (shopId: ShopId, code: string) => Effect.Effect<Option.Option<Coupon>, StoreUnavailable>
  /**
   * Counts one use of the coupon, unless that would exceed its usage limit (checked and counted
   * atomically, so concurrent checkouts never overshoot it): `false` when the limit was reached.
   */
  readonly recordUse: (shopId: ShopId, code: string) => Effect.Effect<boolean, StoreUnavailable>
  /** Takes one use back (a cancelled order's), never below zero. */
  readonly releaseUse: (shopId: ShopId, code: string) => Effect.Effect<void, StoreUnavailable>
}>()("storefront/CouponRepository") {}
