/** Problems of the cart routes (docs/contract/errors.md, docs/contract/cart.md), including the Idempotency-Key ones. */
import { Schema } from "effect"
import { CouponInvalidReason } from "../../../domain/cart/errors/coupon-invalid.ts"
import { StorefrontProblem } from "./problem-type.ts"

export class CartNotFoundProblem extends StorefrontProblem<CartNotFoundProblem>()(404, "cart_not_found", "Cart not found") {}
export class CartItemNotFoundProblem extends StorefrontProblem<CartItemNotFoundProblem>()(404, "cart_item_not_found", "Cart item not found") {}
export class VariantNotFoundProblem extends StorefrontProblem<VariantNotFoundProblem>()(
  404, "variant_not_found", "Variant not found", { variantId: Schema.String }
) {}
export class InsufficientStockProblem extends StorefrontProblem<InsufficientStockProblem>()(
  409, "insufficient_stock", "Insufficient stock", { variantId: Schema.String, requested: Schema.Int, available: Schema.Int }
) {}
export class CartCompletedProblem extends StorefrontProblem<CartCompletedProblem>()(409, "cart_completed", "Cart already checked out") {}
export class IdempotencyKeyInProgressProblem extends StorefrontProblem<IdempotencyKeyInProgressProblem>()(
  409, "idempotency_key_in_progress", "Idempotency key in progress"
) {}
export class CartExpiredProblem extends StorefrontProblem<CartExpiredProblem>()(410, "cart_expired", "Cart expired") {}
export class CartVersionMismatchProblem extends StorefrontProblem<CartVersionMismatchProblem>()(
  412, "cart_version_mismatch", "Cart version mismatch", { currentVersion: Schema.Int }
) {}
export class CartEmptyProblem extends StorefrontProblem<CartEmptyProblem>()(422, "cart_empty", "Cart is empty") {}
export class CouponInvalidProblem extends StorefrontProblem<CouponInvalidProblem>()(
  422, "coupon_invalid", "Coupon invalid", { reason: CouponInvalidReason }
) {}
export class IdempotencyKeyReusedProblem extends StorefrontProblem<IdempotencyKeyReusedProblem>()(
  422, "idempotency_key_reused", "Idempotency key reused"
) {}
