/** Problems of the cart routes (CONTRACT §2, §6), including the Idempotency-Key ones. */
import { Schema } from "effect"
import { CouponInvalidReason } from "../../../domain/cart/errors/coupon-invalid.ts"
import { StorefrontProblem } from "./problem-type.ts"

export class CartNotFoundProblem extends StorefrontProblem<CartNotFoundProblem>()(
  "CartNotFoundProblem", { code: "cart_not_found", status: 404, title: "Cart not found" }) {}

export class CartItemNotFoundProblem extends StorefrontProblem<CartItemNotFoundProblem>()(
  "CartItemNotFoundProblem", { code: "cart_item_not_found", status: 404, title: "Cart item not found" }) {}

export class VariantNotFoundProblem extends StorefrontProblem<VariantNotFoundProblem>()(
  "VariantNotFoundProblem", { code: "variant_not_found", status: 404, title: "Variant not found" },
  { variantId: Schema.String }) {}

export class InsufficientStockProblem extends StorefrontProblem<InsufficientStockProblem>()(
  "InsufficientStockProblem", { code: "insufficient_stock", status: 409, title: "Insufficient stock" },
  { variantId: Schema.String, requested: Schema.Int, available: Schema.Int }) {}

export class CartCompletedProblem extends StorefrontProblem<CartCompletedProblem>()(
  "CartCompletedProblem", { code: "cart_completed", status: 409, title: "Cart already checked out" }) {}

export class IdempotencyKeyInProgressProblem extends StorefrontProblem<IdempotencyKeyInProgressProblem>()(
  "IdempotencyKeyInProgressProblem", { code: "idempotency_key_in_progress", status: 409, title: "Idempotency key in progress" }) {}

export class CartExpiredProblem extends StorefrontProblem<CartExpiredProblem>()(
  "CartExpiredProblem", { code: "cart_expired", status: 410, title: "Cart expired" }) {}

export class CartVersionMismatchProblem extends StorefrontProblem<CartVersionMismatchProblem>()(
  "CartVersionMismatchProblem", { code: "cart_version_mismatch", status: 412, title: "Cart version mismatch" },
  { currentVersion: Schema.Int }) {}

export class CartEmptyProblem extends StorefrontProblem<CartEmptyProblem>()(
  "CartEmptyProblem", { code: "cart_empty", status: 422, title: "Cart is empty" }) {}

export class CouponInvalidProblem extends StorefrontProblem<CouponInvalidProblem>()(
  "CouponInvalidProblem", { code: "coupon_invalid", status: 422, title: "Coupon invalid" },
  { reason: CouponInvalidReason }) {}

export class IdempotencyKeyReusedProblem extends StorefrontProblem<IdempotencyKeyReusedProblem>()(
  "IdempotencyKeyReusedProblem", { code: "idempotency_key_reused", status: 422, title: "Idempotency key reused" }) {}
