import { Schema } from "effect"

/** Why a coupon cannot be applied or used. */
export const CouponInvalidReason = Schema.Literals([
  "not_found",
  "wrong_shop",
  "not_started",
  "expired",
  "usage_limit_reached",
  "minimum_not_met"
])
export type CouponInvalidReason = typeof CouponInvalidReason.Type

/** The coupon cannot be applied (422 `coupon_invalid` with a `reason`). */
export class CouponInvalid extends Schema.TaggedError<CouponInvalid>()("CouponInvalid", {
  code: Schema.String,
  reason: CouponInvalidReason
}) {}
