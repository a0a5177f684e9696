/**
 * A cart with its lines priced from the store's current prices and its totals (docs/contract/shipping.md, docs/contract/cart.md):
 * what every cart response shows. Pricing never fails: a shipping method that no longer exists
 * or no longer serves the address is shown with no fee (checkout then rejects it), and a line
 * whose variant no longer exists is left out.
 */
import { Result } from "effect"
import type { Cart, CartLine } from "../../domain/cart/cart.ts"
import {
  computeCartTotals,
  computeTotalsWithoutShipping,
  type CartTotals,
  lineTotal,
  type PricedLine
} from "../../domain/cart/cart-totals.ts"
import type { Coupon } from "../../domain/cart/coupon.ts"
import { effectivePrice } from "../../domain/catalog/catalog-product.ts"
import type { VariantId } from "../../domain/shared/ids.ts"
import { asMinorUnits, type MinorUnits } from "../../domain/shared/money.ts"
import type { ShippingMethod } from "../../domain/shipping/shipping-method.ts"
import { resolveZoneType } from "../../domain/shipping/zone-rules.ts"
import type { CartVariant } from "./cart-variant.ts"
import type { ShippingOptions } from "./shipping-options.ts"

export interface PricedCartLine {
  readonly line: CartLine
  readonly variant: CartVariant
  /** Effective price (sale price when there is one). */
  readonly unitPrice: MinorUnits
  /** Original price. */
  readonly compareAtPrice: MinorUnits
  readonly lineTotal: MinorUnits
}

export interface PricedCart {
  readonly cart: Cart
  readonly lines: ReadonlyArray<PricedCartLine>
  readonly totals: CartTotals
  /** `""` when no method is selected (or it no longer exists). */
  readonly shippingMethodName: string
}

export interface PricingInputs {
  /** At least the variants of the cart's lines, by id. */
  readonly variants: ReadonlyMap<VariantId, CartVariant>
  /** The coupon stored under the cart's code, `null` when none. */
  readonly coupon: Coupon | null
  readonly shippingOptions: ShippingOptions
}

export interface ShippingSelection {
  readonly method: ShippingMethod
  /** Resolved from the cart's shipping address with the shop's zone rules. */
  readonly zoneType: string
}

/** The lines whose variant still exists, with their prices. */
export const priceLines = (
  cart: Cart,
  variants: ReadonlyMap<VariantId, CartVariant>
): ReadonlyArray<PricedCartLine> =>
  cart.lines.flatMap((line) => {
    const variant = variants.get(line.variantId)
    if (variant === undefined) return []
    const unitPrice = effectivePrice(variant)
    return [{ line, variant, unitPrice, compareAtPrice: variant.originalPrice, lineTotal: lineTotal({ unitPrice, quantity: line.quantity }) }]
  })

export const totalsLines = (lines: ReadonlyArray<PricedCartLine>): ReadonlyArray<PricedLine> =>
  lines.map(({ line, unitPrice, variant }) => ({
    unitPrice,
    quantity: line.quantity,
    weightGrams: variant.weightGrams,
    requiresShipping: variant.requiresShipping
  }))

export const subtotalOf = (lines: ReadonlyArray<PricedCartLine>): MinorUnits =>
  asMinorUnits(lines.reduce((sum, line) => sum + line.lineTotal, 0))

/** The selected method of the cart's shop and the zone type of the address; undefined when either is missing. */
export const selectedShipping = (cart: Cart, options: ShippingOptions): ShippingSelection | undefined => {
  if (cart.shippingMethodId === "" || cart.shippingAddress === null) return undefined
  const method = options.methodOfShop(cart.shopId, cart.shippingMethodId)
  const zoneRules = options.zoneRulesOf(cart.shopId)
  if (method === undefined || zoneRules === undefined) return undefined
  return { method, zoneType: resolveZoneType(cart.shippingAddress, zoneRules.rules, zoneRules.defaultZoneType) }
}

export const priceCart = (cart: Cart, inputs: PricingInputs): PricedCart => {
  const lines = priceLines(cart, inputs.variants)
  const anyLineShips = lines.some((line) => line.variant.requiresShipping)
  const selection = selectedShipping(cart, inputs.shippingOptions)
  const totalsInput = {
    lines: totalsLines(lines),
    coupon: inputs.coupon,
    paymentMethod: cart.paymentMethod
  }
  const totals = anyLineShips && selection !== undefined
    ? Result.getOrElse(computeCartTotals({ ...totalsInput, shipping: selection }), () => computeTotalsWithoutShipping(totalsInput))
    : computeTotalsWithoutShipping(totalsInput)
  return { cart, lines, totals, shippingMethodName: selection?.method.name ?? "" }
}
