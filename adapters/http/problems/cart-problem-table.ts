/**
 * The cart and checkout routes' errors (docs/contract/errors.md, docs/contract/cart.md), declared once: the cart group's
 * endpoint error lists and its handlers' mapping both come from these tables.
 */
import type { IdempotencyKeyInProgress } from "../../../application/idempotency/errors/idempotency-key-in-progress.ts"
import type { IdempotencyKeyReused } from "../../../application/idempotency/errors/idempotency-key-reused.ts"
import type { Unauthorized } from "../../../domain/auth/errors/unauthorized.ts"
import type { ShopIdRequired } from "../../../application/cart/errors/shop-id-required.ts"
import type { QuantityOutOfRange } from "../../../domain/cart/errors/quantity-out-of-range.ts"
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
import { addressNotFound } from "./account-problem-table.ts"
import { shopNotFound } from "./catalog-problem-table.ts"
import { answer, answerApiWide, answerDetail, problemsOf, problemTable } from "./problem-table.ts"
import { invalidField, UnauthorizedProblem, ValidationFailed } from "./request-problems.ts"
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

/**
 * The problems every cart route declares (the ones that cannot happen on a route are never sent);
 * a cart created without `shopId` through a key of several shops is a 400 on that field.
 */
export const cartProblems = problemTable({
  CartNotFound: answerDetail(CartNotFoundProblem, (error: CartNotFound) => `No cart "${error.cartId}"`),
  CartItemNotFound: answerDetail(CartItemNotFoundProblem, (error: CartItemNotFound) => `The cart has no item "${error.itemId}"`),
  VariantNotFound: answer(VariantNotFoundProblem, (error: VariantNotFound) =>
    new VariantNotFoundProblem({ detail: `No variant "${error.variantId}" in this shop`, variantId: error.variantId })),
  ShippingMethodNotFound: answerDetail(ShippingMethodNotFoundProblem, (error: ShippingMethodNotFound) =>
    `No shipping method "${error.shippingMethodId}" in the cart's shop`),
  ShopNotFound: shopNotFound,
  InsufficientStock: answer(InsufficientStockProblem, (error: InsufficientStock) =>
    new InsufficientStockProblem({
      detail: `Only ${error.available} in stock`,
      variantId: error.variantId,
      requested: error.requested,
      available: error.available
    })),
  CartCompleted: answerDetail(CartCompletedProblem, (_: CartCompleted) => "The cart was checked out and can no longer change"),
  IdempotencyKeyInProgress: answerDetail(IdempotencyKeyInProgressProblem, (_: IdempotencyKeyInProgress) =>
    "A request with this Idempotency-Key is still being processed"),
  CartExpired: answerDetail(CartExpiredProblem, (error: CartExpired) => `The cart expired at ${error.expiresAt.toISOString()}`),
  CartVersionMismatch: answer(CartVersionMismatchProblem, (error: CartVersionMismatch) =>
    new CartVersionMismatchProblem({
      detail: `If-Match does not name the cart's current version "${error.currentVersion}"`,
      currentVersion: error.currentVersion
    })),
  ShippingAddressRequired: answerDetail(ShippingAddressRequiredProblem, (_: ShippingAddressRequired) =>
    "Set the cart's shipping address first"),
  ShippingMethodRequired: answerDetail(ShippingMethodRequiredProblem, (_: ShippingMethodRequired) =>
    "Choose a shipping method of the cart's shop"),
  ShippingUnavailableForZone: answer(ShippingUnavailableForZoneProblem, (error: ShippingUnavailableForZone) =>
    new ShippingUnavailableForZoneProblem({
      detail: `The shipping method does not deliver to zone "${error.zoneType}"`,
      zoneType: error.zoneType
    })),
  CouponInvalid: answer(CouponInvalidProblem, (error: CouponInvalid) =>
    new CouponInvalidProblem({ detail: COUPON_REASON_DETAIL[error.reason], reason: error.reason })),
  CartEmpty: answerDetail(CartEmptyProblem, (_: CartEmpty) => "The cart has no items"),
  IdempotencyKeyReused: answerDetail(IdempotencyKeyReusedProblem, (_: IdempotencyKeyReused) =>
    "This Idempotency-Key was used with a different request"),
  ShopIdRequired: answerApiWide(ValidationFailed, (error: ShopIdRequired) =>
    invalidField("shopId", `Required: the publishable key scopes ${error.shopCount} shops`))
})

/**
 * The same on a route whose body has line quantities: a line quantity outside 1..999 (after
 * merging) names the field that asked for it, `quantityPath`.
 */
export const cartProblemsWithQuantity = (quantityPath: string) =>
  problemTable({
    ...cartProblems,
    QuantityOutOfRange: answerApiWide(ValidationFailed, (error: QuantityOutOfRange) =>
      invalidField(
        quantityPath,
        `Expected a line quantity between ${error.minimum} and ${error.maximum}, got ${error.quantity}`
      ))
  })

/** The cart group's endpoint error list. */
export const cartErrors = problemsOf(cartProblems)

/** Setting an address may also name a saved address: signed in (401) and one's own (404). */
export const cartAddressProblems = problemTable({
  AddressNotFound: addressNotFound,
  Unauthorized: answerDetail(UnauthorizedProblem, (_: Unauthorized) => "Sign in to use a saved address")
})

/** The error list of the routes that set an address. */
export const cartAddressErrors = [...cartErrors, ...problemsOf(cartAddressProblems)]
