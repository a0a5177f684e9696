/**
 * The cart and checkout use cases' errors as the problems of CONTRACT §2. A line quantity
 * outside 1..999 (after merging) is a validation failure of the request field that asked for it.
 */
import { Effect } from "effect"
import type { ShopIdRequired } from "../../../application/cart/errors/shop-id-required.ts"
import type { IdempotencyKeyInProgress } from "../../../application/idempotency/errors/idempotency-key-in-progress.ts"
import type { IdempotencyKeyReused } from "../../../application/idempotency/errors/idempotency-key-reused.ts"
import type { StoreUnavailable } from "../../../application/shared/store-unavailable.ts"
import type { CartCompleted } from "../../../domain/cart/errors/cart-completed.ts"
import type { CartEmpty } from "../../../domain/cart/errors/cart-empty.ts"
import type { CartExpired } from "../../../domain/cart/errors/cart-expired.ts"
import type { CartItemNotFound } from "../../../domain/cart/errors/cart-item-not-found.ts"
import type { CartNotFound } from "../../../domain/cart/errors/cart-not-found.ts"
import type { CartVersionMismatch } from "../../../domain/cart/errors/cart-version-mismatch.ts"
import type { CouponInvalid } from "../../../domain/cart/errors/coupon-invalid.ts"
import type { InsufficientStock } from "../../../domain/cart/errors/insufficient-stock.ts"
import type { QuantityOutOfRange } from "../../../domain/cart/errors/quantity-out-of-range.ts"
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
} from "../problems/cart-problems.ts"
import { ShopNotFoundProblem } from "../problems/catalog-problems.ts"
import { ValidationFailed } from "../problems/request-problems.ts"
import {
  ShippingAddressRequiredProblem,
  ShippingMethodNotFoundProblem,
  ShippingMethodRequiredProblem,
  ShippingUnavailableForZoneProblem
} from "../problems/shipping-problems.ts"
import { unavailableAsDefect } from "./unavailable-as-defect.ts"

export type CartFailure =
  | CartNotFound
  | CartItemNotFound
  | CartExpired
  | CartCompleted
  | CartVersionMismatch
  | CartEmpty
  | QuantityOutOfRange
  | VariantNotFound
  | InsufficientStock
  | CouponInvalid
  | ShippingAddressRequired
  | ShippingMethodRequired
  | ShippingMethodNotFound
  | ShippingUnavailableForZone
  | ShopNotFound
  | ShopIdRequired
  | IdempotencyKeyInProgress
  | IdempotencyKeyReused

export const COUPON_REASON_DETAIL: Readonly<Record<CouponInvalid["reason"], string>> = {
  not_found: "No such coupon in this shop",
  wrong_shop: "The coupon belongs to another shop",
  not_started: "The coupon is not valid yet",
  expired: "The coupon has expired",
  usage_limit_reached: "The coupon has been used up",
  minimum_not_met: "The cart's subtotal is below the coupon's minimum"
}

export const cartProblemOf = (error: CartFailure, quantityPath: string) => {
  switch (error._tag) {
    case "CartNotFound":
      return new CartNotFoundProblem({ detail: `No cart "${error.cartId}"` })
    case "CartItemNotFound":
      return new CartItemNotFoundProblem({ detail: `The cart has no item "${error.itemId}"` })
    case "CartExpired":
      return new CartExpiredProblem({ detail: `The cart expired at ${error.expiresAt.toISOString()}` })
    case "CartCompleted":
      return new CartCompletedProblem({ detail: "The cart was checked out and can no longer change" })
    case "CartVersionMismatch":
      return new CartVersionMismatchProblem({
        detail: `If-Match does not name the cart's current version "${error.currentVersion}"`,
        currentVersion: error.currentVersion
      })
    case "CartEmpty":
      return new CartEmptyProblem({ detail: "The cart has no items" })
    case "QuantityOutOfRange":
      return new ValidationFailed({
        detail: "Invalid request payload",
        errors: [{
          path: quantityPath,
          message: `Expected a line quantity between ${error.minimum} and ${error.maximum}, got ${error.quantity}`
        }]
      })
    case "VariantNotFound":
      return new VariantNotFoundProblem({ detail: `No variant "${error.variantId}" in this shop`, variantId: error.variantId })
    case "InsufficientStock":
      return new InsufficientStockProblem({
        detail: `Only ${error.available} in stock`,
        variantId: error.variantId,
        requested: error.requested,
        available: error.available
      })
    case "CouponInvalid":
      return new CouponInvalidProblem({ detail: COUPON_REASON_DETAIL[error.reason], reason: error.reason })
    case "ShippingAddressRequired":
      return new ShippingAddressRequiredProblem({ detail: "Set the cart's shipping address first" })
    case "ShippingMethodRequired":
      return new ShippingMethodRequiredProblem({ detail: "Choose a shipping method of the cart's shop" })
    case "ShippingMethodNotFound":
      return new ShippingMethodNotFoundProblem({ detail: `No shipping method "${error.shippingMethodId}" in the cart's shop` })
    case "ShippingUnavailableForZone":
      return new ShippingUnavailableForZoneProblem({
        detail: `The shipping method does not deliver to zone "${error.zoneType}"`,
        zoneType: error.zoneType
      })
    case "ShopNotFound":
      return new ShopNotFoundProblem({ detail: `No shop "${error.shopId}" for this publishable key` })
    case "ShopIdRequired":
      return new ValidationFailed({
        detail: "Invalid request payload",
        errors: [{ path: "shopId", message: `Required: the publishable key scopes ${error.shopCount} shops` }]
      })
    case "IdempotencyKeyInProgress":
      return new IdempotencyKeyInProgressProblem({ detail: "A request with this Idempotency-Key is still being processed" })
    case "IdempotencyKeyReused":
      return new IdempotencyKeyReusedProblem({ detail: "This Idempotency-Key was used with a different request" })
  }
}

/** Store outages escape as defects (503 at the edge); every other failure becomes its problem. */
export const asCartProblems = (quantityPath: string) =>
<A, E extends CartFailure, R>(effect: Effect.Effect<A, E | StoreUnavailable, R>) =>
  Effect.mapError(unavailableAsDefect(effect), (error) => cartProblemOf(error, quantityPath))
