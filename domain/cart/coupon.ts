/**
 * Coupons (docs/contract/cart.md): eligibility and the discount they give, in integer minor units.
 */
import { Result, Schema } from "effect"
import { ShopId } from "../shared/ids.ts"
import { AmountOrRate, asMinorUnits, BasisPoints, fixedOrPercentageOf, MinorUnits } from "../shared/money.ts"
import { CouponInvalid } from "./errors/coupon-invalid.ts"

export const CouponType = Schema.Literals(["percentage", "fixed"])
export type CouponType = typeof CouponType.Type

const Count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

export const Coupon = Schema.Struct({
  code: Schema.String,
  shopId: ShopId,
  type: CouponType,
  /** `percentage`: basis points (0..10,000; 1250 is 12.5 %); `fixed`: minor units. */
  value: AmountOrRate,
  /** The subtotal (minor units) the cart must reach. */
  minSubtotal: MinorUnits,
  /** Start of the validity window (inclusive); `null` = no start. */
  startsAt: Schema.NullOr(Schema.Date),
  /** End of the validity window (exclusive); `null` = never ends. */
  endsAt: Schema.NullOr(Schema.Date),
  /** `null` = unlimited. */
  usageLimit: Schema.NullOr(Count),
  usageCount: Count
}).check(
  Schema.makeFilter((coupon: { readonly type: CouponType; readonly value: number }) => {
    if (coupon.type === "percentage" && !Schema.is(BasisPoints)(coupon.value)) {
      return { path: ["value"], issue: "Expected a percentage of at most 100 % (10,000 basis points)" }
    }
    return undefined
  })
)
export type Coupon = typeof Coupon.Type

/** Codes are case-insensitive: compare (and look up) by this form. */
export const normalizeCouponCode = (code: string): string => code.trim().toUpperCase()

export const couponCodesMatch = (left: string, right: string): boolean =>
  normalizeCouponCode(left) === normalizeCouponCode(right)

export interface CouponCheckContext {
  /** The code the customer typed (reported back in `CouponInvalid`). */
  readonly requestedCode: string
  /** The cart's shop. */
  readonly shopId: ShopId
  readonly subtotal: MinorUnits
  readonly now: Date
}

/**
 * Succeeds with the coupon when it can be used on this cart right now. Checks, in order:
 * exists, same shop, started, not ended, under its usage limit, minimum subtotal reached.
 */
export const checkCouponEligibility = (
  coupon: Coupon | null,
  context: CouponCheckContext
): Result.Result<Coupon, CouponInvalid> => {
  const reject = (reason: CouponInvalid["reason"]) =>
    Result.fail(new CouponInvalid({ code: context.requestedCode, reason }))
  if (coupon === null) return reject("not_found")
  if (coupon.shopId !== context.shopId) return reject("wrong_shop")
  const now = context.now.getTime()
  if (coupon.startsAt !== null && now < coupon.startsAt.getTime()) return reject("not_started")
  if (coupon.endsAt !== null && now >= coupon.endsAt.getTime()) return reject("expired")
  if (coupon.usageLimit !== null && coupon.usageCount >= coupon.usageLimit) return reject("usage_limit_reached")
  if (context.subtotal < coupon.minSubtotal) return reject("minimum_not_met")
  return Result.succeed(coupon)
}

/**
 * `percentage` → value basis points of the subtotal, rounded half-up; `fixed` → min(value, subtotal).
 * Never more than the subtotal.
 */
export const couponDiscount = (coupon: Pick<Coupon, "type" | "value">, subtotal: MinorUnits): MinorUnits =>
  asMinorUnits(Math.min(fixedOrPercentageOf(coupon.type, coupon.value, subtotal), subtotal))

/**
 * The discount a coupon on the cart gives now: 0 without a coupon or when the subtotal fell
 * below its minimum (the coupon stays on the cart; checkout re-validates it).
 */
export const appliedCouponDiscount = (
  coupon: Pick<Coupon, "type" | "value" | "minSubtotal"> | null,
  subtotal: MinorUnits
): MinorUnits => coupon === null || subtotal < coupon.minSubtotal ? asMinorUnits(0) : couponDiscount(coupon, subtotal)
