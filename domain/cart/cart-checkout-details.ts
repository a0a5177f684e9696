/**
 * What a cart records for its checkout (docs/contract/cart.md): the addresses, the shipping and payment
 * methods, the note and the coupon; the checkout preconditions and the completion. Each is a
 * change of the cart aggregate (cart.ts): version + 1 and a new lifetime.
 */
import { Result } from "effect"
import type { Address } from "../shipping/address.ts"
import type { PaymentMethod } from "../shipping/cod-fee.ts"
import { ShippingMethodNotFound } from "../shipping/errors/shipping-method-not-found.ts"
import type { ShippingUnavailableForZone } from "../shipping/errors/shipping-unavailable-for-zone.ts"
import { zoneForType } from "../shipping/shipping-fee.ts"
import type { ShippingMethod } from "../shipping/shipping-method.ts"
import { resolveZoneType } from "../shipping/zone-rules.ts"
import type { ShopZoneRules } from "../shipping/zone-rules.ts"
import { assertMutable, type Cart, type CartChange, type CartNotMutable, changed, changedIfMutable, changedWith } from "./cart.ts"
import { checkCouponEligibility } from "./coupon.ts"
import type { Coupon } from "./coupon.ts"
import { CartEmpty } from "./errors/cart-empty.ts"
import type { CouponInvalid } from "./errors/coupon-invalid.ts"
import { ShippingAddressRequired } from "./errors/shipping-address-required.ts"
import { ShippingMethodRequired } from "./errors/shipping-method-required.ts"
import type { MinorUnits } from "../shared/money.ts"

/** Sets or replaces the shipping address and clears the shipping method (the zone may change). */
export const setShippingAddress = (
  cart: Cart,
  address: Address,
  change: CartChange
): Result.Result<Cart, CartNotMutable> =>
  changedIfMutable(cart, change, { shippingAddress: address, shippingMethodId: "" })

export const setBillingAddress = (
  cart: Cart,
  address: Address,
  change: CartChange
): Result.Result<Cart, CartNotMutable> =>
  changedIfMutable(cart, change, { billingAddress: address })

export interface ShippingMethodChoice {
  readonly method: ShippingMethod
  /** The zone rules of the cart's shop. */
  readonly zoneRules: ShopZoneRules
}

/**
 * Records the shipping method: it must belong to the cart's shop, the cart needs a shipping
 * address, and the method must have a zone for the type that address resolves to.
 */
export const setShippingMethod = (
  cart: Cart,
  choice: ShippingMethodChoice,
  change: CartChange
): Result.Result<
  Cart,
  CartNotMutable | ShippingMethodNotFound | ShippingAddressRequired | ShippingUnavailableForZone
> =>
  Result.gen(function*() {
    yield* assertMutable(cart, change.now)
    const { method, zoneRules } = choice
    if (method.shopId !== cart.shopId) return yield* Result.fail(new ShippingMethodNotFound({ shippingMethodId: method.id }))
    if (cart.shippingAddress === null) return yield* Result.fail(new ShippingAddressRequired({ cartId: cart.id }))
    const zoneType = resolveZoneType(cart.shippingAddress, zoneRules.rules, zoneRules.defaultZoneType)
    yield* zoneForType(method, zoneType)
    return changed(cart, change, { shippingMethodId: method.id })
  })

export const setPaymentMethod = (
  cart: Cart,
  paymentMethod: PaymentMethod,
  change: CartChange
): Result.Result<Cart, CartNotMutable> =>
  changedIfMutable(cart, change, { paymentMethod })

/** Stores the customer's note (carried over to the order as `customerNotes`). */
export const setNote = (cart: Cart, note: string, change: CartChange): Result.Result<Cart, CartNotMutable> =>
  changedIfMutable(cart, change, { customerNote: note })

export interface CouponApplication {
  /** The code as the customer typed it. */
  readonly requestedCode: string
  /** The coupon found for that code (case-insensitively), `null` when none. */
  readonly coupon: Coupon | null
  /** The cart's current subtotal. */
  readonly subtotal: MinorUnits
}

/** Applies an eligible coupon (replacing any previous one); the cart keeps the coupon's stored code. */
export const applyCoupon = (
  cart: Cart,
  application: CouponApplication,
  change: CartChange
): Result.Result<Cart, CartNotMutable | CouponInvalid> =>
  changedWith(cart, change, () =>
    Result.map(
      checkCouponEligibility(application.coupon, {
        requestedCode: application.requestedCode,
        shopId: cart.shopId,
        subtotal: application.subtotal,
        now: change.now
      }),
      (coupon) => ({ couponCode: coupon.code })
    ))

export const removeCoupon = (cart: Cart, change: CartChange): Result.Result<Cart, CartNotMutable> =>
  changedIfMutable(cart, change, { couponCode: "" })

/**
 * Checkout preconditions besides stock and coupon: lines, a shipping address, and a shipping
 * method when any line requires shipping.
 */
export const assertReadyForCheckout = (
  cart: Cart,
  shipping: { readonly anyLineRequiresShipping: boolean },
  now: Date
): Result.Result<Cart, CartNotMutable | CartEmpty | ShippingAddressRequired | ShippingMethodRequired> =>
  Result.gen(function*() {
    yield* assertMutable(cart, now)
    if (cart.lines.length === 0) return yield* Result.fail(new CartEmpty({ cartId: cart.id }))
    if (cart.shippingAddress === null) return yield* Result.fail(new ShippingAddressRequired({ cartId: cart.id }))
    if (shipping.anyLineRequiresShipping && cart.shippingMethodId === "") {
      return yield* Result.fail(new ShippingMethodRequired({ cartId: cart.id }))
    }
    return cart
  })

/** Marks the cart checked out; it accepts no more changes. */
export const completeCart = (cart: Cart, change: CartChange): Result.Result<Cart, CartNotMutable> =>
  changedIfMutable(cart, change, { status: "completed" })
