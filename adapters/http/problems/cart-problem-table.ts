/**
 * The cart and checkout routes' errors (CONTRACT §2, §6), declared once: the cart group's
 * endpoint error lists and its handlers' mapping both come from these tables.
 */
import type { IdempotencyKeyInProgress } from "../../../application/idempotency/errors/idempotency-key-in-progress.ts"
import type { IdempotencyKeyReused } from "../../../application/idempotency/errors/idempotency-key-reused.ts"
import type { CartCompleted } from "../../../domain/cart/errors/cart-completed.ts"
import type { CartEmpty } from "../../../domain/cart/errors/cart-empty.ts"
import type { CartExpired } from "../../../domain/cart/errors/cart-expired.ts"
import type { CartItemNotFound } from "../../../domain/cart/errors/cart-item-not-found.ts"
import type { CartNotFound } from "../../../domain/cart/errors/cart-not-found.ts"
import type { CartVersionMismatch } from "../../../domain/cart/errors/cart-version-mismatch.ts"
import type { CouponInvalid } from "../../../domain/cart/errors/coupon-invalid.ts"
import type { InsufficientStock } from "../../../domain/cart/errors/insufficient-stock.ts"
import type { ShippingAddressRequired } from "../../../domain/cart/errors/shipping-address-required.ts"
import type { ShippingMethodRequired } from "../../../domain/cart/errors/shipping-method-required.ts"
import type { VariantNotFound } from "../../../domain/cart/errors/variant-not-found.ts"
import type { ShopNotFound } from "../../../domain/catalog/errors/shop-not-found.ts"
import type { ShippingMethodNotFound } from "../../../domain/shipping/errors/shipping-method-not-found.ts"
import type { ShippingUnavailableForZone } from "../../../domain/shipping/errors/shipping-unavailable-for-zone.ts"
import {
  CartCompletedProblem,
  CartEmptyProblem,
  CartExpiredProblem,
  CartItemNotFoundProblem,
  CartNotFoundProblem,
  CartVersionMismatchProblem,
  CouponInvalidProblem,
  IdempotencyKeyInProgressProblem,
  IdempotencyKeyReusedProblem,
  InsufficientStockProblem,
  VariantNotFoundProblem
} from "./cart-problems.ts"
import { ShopNotFoundProblem } from "./catalog-problems.ts"
import { answer, problemsOf, problemTable } from "./problem-table.ts"
import {
  ShippingAddressRequiredProblem,
  ShippingMethodNotFoundProblem,
  ShippingMethodRequiredProblem,
  ShippingUnavailableForZoneProblem
} from "./shipping-problems.ts"

export const COUPON_REASON_DETAIL: Readonly<Record<CouponInvalid["reason"], string>> = {
  not_found: "No such coupon in this shop",
  wrong_shop: "The coupon belongs to another shop",
  not_started: "The coupon is not valid yet",
  expired: "The coupon has expired",
  usage_limit_reached: "The coupon has been used up",
  minimum_not_met: "The cart's subtotal is below the coupon's minimum"
}

/** The problems every cart route declares (the ones that cannot happen on a route are never sent). */
export const cartProblems = problemTable({
  CartNotFound: answer(CartNotFoundProblem, (error: CartNotFound) =>
    new CartNotFoundProblem({ detail: `No cart "${error.cartId}"` })),
  CartItemNotFound: answer(CartItemNotFoundProblem, (error: CartItemNotFound) =>
    new CartItemNotFoundProblem({ detail: `The cart has no item "${error.itemId}"` })),
  VariantNotFound: answer(VariantNotFoundProblem, (error: VariantNotFound) =>
    new VariantNotFoundProblem({ detail: `No variant "${error.variantId}" in this shop`, variantId: error.variantId })),
  ShippingMethodNotFound: answer(ShippingMethodNotFoundProblem, (error: ShippingMethodNotFound) =>
    new ShippingMethodNotFoundProblem({ detail: `No shipping method "${error.shippingMethodId}" in the cart's shop` })),
  ShopNotFound: answer(ShopNotFoundProblem, (error: ShopNotFound) =>
    new ShopNotFoundProblem({ detail: `No shop "${error.shopId}" for this publishable key` })),
  InsufficientStock: answer(InsufficientStockProblem, (error: InsufficientStock) =>
    new InsufficientStockProblem({
      detail: `Only ${error.available} in stock`,
      variantId: error.variantId,
      requested: error.requested,
      available: error.available
    })),
  CartCompleted: answer(CartCompletedProblem, (_: CartCompleted) =>
    new CartCompletedProblem({ detail: "The cart was checked out and can no longer change" })),
  IdempotencyKeyInProgress: answer(IdempotencyKeyInProgressProblem, (_: IdempotencyKeyInProgress) =>
    new IdempotencyKeyInProgressProblem({ detail: "A request with this Idempotency-Key is still being processed" })),
  CartExpired: answer(CartExpiredProblem, (error: CartExpired) =>
    new CartExpiredProblem({ detail: `The cart expired at ${error.expiresAt.toISOString()}` })),
  CartVersionMismatch: answer(CartVersionMismatchProblem, (error: CartVersionMismatch) =>
    new CartVersionMismatchProblem({
      detail: `If-Match does not name the cart's current version "${error.currentVersion}"`,
      currentVersion: error.currentVersion
    })),
  ShippingAddressRequired: answer(ShippingAddressRequiredProblem, (_: ShippingAddressRequired) =>
    new ShippingAddressRequiredProblem({ detail: "Set the cart's shipping address first" })),
  ShippingMethodRequired: answer(ShippingMethodRequiredProblem, (_: ShippingMethodRequired) =>
    new ShippingMethodRequiredProblem({ detail: "Choose a shipping method of the cart's shop" })),
  ShippingUnavailableForZone: answer(ShippingUnavailableForZoneProblem, (error: ShippingUnavailableForZone) =>
    new ShippingUnavailableForZoneProblem({
      detail: `The shipping method does not deliver to zone "${error.zoneType}"`,
      zoneType: error.zoneType
    })),
  CouponInvalid: answer(CouponInvalidProblem, (error: CouponInvalid) =>
    new CouponInvalidProblem({ detail: COUPON_REASON_DETAIL[error.reason], reason: error.reason })),
  CartEmpty: answer(CartEmptyProblem, (_: CartEmpty) => new CartEmptyProblem({ detail: "The cart has no items" })),
  IdempotencyKeyReused: answer(IdempotencyKeyReusedProblem, (_: IdempotencyKeyReused) =>
    new IdempotencyKeyReusedProblem({ detail: "This Idempotency-Key was used with a different request" }))
})

/** The cart group's endpoint error list. */
export const cartErrors = problemsOf(cartProblems)
