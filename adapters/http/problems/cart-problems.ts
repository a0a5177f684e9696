/** Problems of the cart routes (CONTRACT §2, §6), including the Idempotency-Key ones. */
import { Schema } from "effect"
import { HttpApiError } from "effect/http-api"
import { CouponInvalidReason } from "../../../domain/cart/errors/coupon-invalid.ts"
import { problemType } from "./problem-type.ts"

export class CartNotFoundProblem extends HttpApiError.Problem<CartNotFoundProblem>()("CartNotFoundProblem", {
  type: problemType("cart_not_found"),
  status: 404,
  title: "Cart not found"
}, { code: Schema.tag("cart_not_found") }) {}

export class CartItemNotFoundProblem extends HttpApiError.Problem<CartItemNotFoundProblem>()("CartItemNotFoundProblem", {
  type: problemType("cart_item_not_found"),
  status: 404,
  title: "Cart item not found"
}, { code: Schema.tag("cart_item_not_found") }) {}

export class VariantNotFoundProblem extends HttpApiError.Problem<VariantNotFoundProblem>()("VariantNotFoundProblem", {
  type: problemType("variant_not_found"),
  status: 404,
  title: "Variant not found"
}, { code: Schema.tag("variant_not_found"), variantId: Schema.String }) {}

export class InsufficientStockProblem extends HttpApiError.Problem<InsufficientStockProblem>()("InsufficientStockProblem", {
  type: problemType("insufficient_stock"),
  status: 409,
  title: "Insufficient stock"
}, {
  code: Schema.tag("insufficient_stock"),
  variantId: Schema.String,
  requested: Schema.Int,
  available: Schema.Int
}) {}

export class CartCompletedProblem extends HttpApiError.Problem<CartCompletedProblem>()("CartCompletedProblem", {
  type: problemType("cart_completed"),
  status: 409,
  title: "Cart already checked out"
}, { code: Schema.tag("cart_completed") }) {}

export class IdempotencyKeyInProgressProblem extends HttpApiError.Problem<IdempotencyKeyInProgressProblem>()(
  "IdempotencyKeyInProgressProblem",
  { type: problemType("idempotency_key_in_progress"), status: 409, title: "Idempotency key in progress" },
  { code: Schema.tag("idempotency_key_in_progress") }
) {}

export class CartExpiredProblem extends HttpApiError.Problem<CartExpiredProblem>()("CartExpiredProblem", {
  type: problemType("cart_expired"),
  status: 410,
  title: "Cart expired"
}, { code: Schema.tag("cart_expired") }) {}

export class CartVersionMismatchProblem extends HttpApiError.Problem<CartVersionMismatchProblem>()(
  "CartVersionMismatchProblem",
  { type: problemType("cart_version_mismatch"), status: 412, title: "Cart version mismatch" },
  { code: Schema.tag("cart_version_mismatch"), currentVersion: Schema.Int }
) {}

export class CartEmptyProblem extends HttpApiError.Problem<CartEmptyProblem>()("CartEmptyProblem", {
  type: problemType("cart_empty"),
  status: 422,
  title: "Cart is empty"
}, { code: Schema.tag("cart_empty") }) {}

export class CouponInvalidProblem extends HttpApiError.Problem<CouponInvalidProblem>()("CouponInvalidProblem", {
  type: problemType("coupon_invalid"),
  status: 422,
  title: "Coupon invalid"
}, { code: Schema.tag("coupon_invalid"), reason: CouponInvalidReason }) {}

export class IdempotencyKeyReusedProblem extends HttpApiError.Problem<IdempotencyKeyReusedProblem>()(
  "IdempotencyKeyReusedProblem",
  { type: problemType("idempotency_key_reused"), status: 422, title: "Idempotency key reused" },
  { code: Schema.tag("idempotency_key_reused") }
) {}
