/**
 * The contract of every CouponRepository: codes match case-insensitively within a shop, values
 * come back in the domain's units (basis points, minor units), and usage is counted within the limit, also under concurrency.
 */
import { describe, expect } from "@effect/vitest"
import type { Vitest } from "@effect/vitest"
import { Effect, Option } from "effect"
import { CouponRepository } from "../../application/cart/coupon-repository.ts"
import type { BuyingStoresServices } from "../support/buying-stores-services.ts"
import { ShopId } from "../../domain/shared/ids.ts"

export const couponRepositoryContract = (it: Vitest.MethodsNonLive<BuyingStoresServices>) =>
  describe("CouponRepository", () => {
    it.effect("codes are found case-insensitively within their shop only", () =>
      Effect.gen(function*() {
        const coupons = yield* CouponRepository
        const save10 = Option.getOrThrow(yield* coupons.findByCode(ShopId.make("shop_a"), " save10 "))
        expect(save10).toEqual({
          code: "SAVE10",
          shopId: "shop_a",
          type: "percentage",
          value: 1_000,
          minSubtotal: 100_000,
          startsAt: new Date("2025-01-01T00:00:00.000Z"),
          endsAt: new Date("2030-01-01T00:00:00.000Z"),
          usageLimit: null,
          usageCount: 0
        })
        expect(Option.getOrThrow(yield* coupons.findByCode(ShopId.make("shop_a"), "FLAT50"))).toMatchObject({
          code: "Flat50", type: "fixed", value: 5_000, startsAt: null, endsAt: null
        })
        expect(Option.isNone(yield* coupons.findByCode(ShopId.make("shop_b"), "SAVE10"))).toBe(true)
        expect(Option.isNone(yield* coupons.findByCode(ShopId.make("shop_a"), "NOPE"))).toBe(true)
      }))

    it.effect("uses are counted up to the limit, never past it under concurrency", () =>
      Effect.gen(function*() {
        const coupons = yield* CouponRepository
        const results = yield* Effect.all(Array.from({ length: 10 }, () => coupons.recordUse(ShopId.make("shop_a"), "twice")), {
          concurrency: "unbounded"
        })
        expect(results.filter((used) => used)).toHaveLength(2)
        expect(Option.getOrThrow(yield* coupons.findByCode(ShopId.make("shop_a"), "TWICE")).usageCount).toBe(2)
        expect(yield* coupons.recordUse(ShopId.make("shop_a"), "SAVE10")).toBe(true)
        expect(Option.getOrThrow(yield* coupons.findByCode(ShopId.make("shop_a"), "SAVE10")).usageCount).toBe(1)
        expect(yield* coupons.recordUse(ShopId.make("shop_a"), "NOPE")).toBe(false)
      }))
  })
