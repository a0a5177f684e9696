/**
 * Cart totals (docs/contract/cart.md), all in integer minor units:
 * total = subtotal − discountTotal + shippingFee + codFee.
 */
import { Result, Schema } from "effect"
import { asMinorUnits, MinorUnits } from "../shared/money.ts"
import { Grams } from "../shared/weight.ts"
import { codFee } from "../shipping/cod-fee.ts"
import type { PaymentMethod } from "../shipping/cod-fee.ts"
import type { ShippingUnavailableForZone } from "../shipping/errors/shipping-unavailable-for-zone.ts"
import { shippingFee } from "../shipping/shipping-fee.ts"
import type { ShippingMethod } from "../shipping/shipping-method.ts"
import { appliedCouponDiscount } from "./coupon.ts"
import type { Coupon } from "./coupon.ts"

/** A cart line with the catalog data read for this computation. */
export const PricedLine = Schema.Struct({
  /** Effective unit price. */
  unitPrice: MinorUnits,
  quantity: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  /** Weight of one unit (0 when unknown). */
  weightGrams: Grams,
  requiresShipping: Schema.Boolean
})
export type PricedLine = typeof PricedLine.Type

export interface CartTotals {
  readonly subtotal: MinorUnits
  readonly couponDiscount: MinorUnits
  readonly discountTotal: MinorUnits
  readonly shippingFee: MinorUnits
  readonly codFee: MinorUnits
  readonly total: MinorUnits
  readonly itemCount: number
}

export interface CartTotalsInput {
  readonly lines: ReadonlyArray<PricedLine>
  /** The coupon on the cart, `null` when none (or it no longer exists). */
  readonly coupon: Pick<Coupon, "type" | "value" | "minSubtotal"> | null
  /** The selected method and the zone type resolved from the shipping address; `null` = none selected. */
  readonly shipping: { readonly method: ShippingMethod; readonly zoneType: string } | null
  readonly paymentMethod: PaymentMethod
}

export const lineTotal = (line: Pick<PricedLine, "unitPrice" | "quantity">): MinorUnits =>
  asMinorUnits(line.unitPrice * line.quantity)

const subtotalOf = (lines: ReadonlyArray<PricedLine>): MinorUnits =>
  asMinorUnits(lines.reduce((sum, line) => sum + lineTotal(line), 0))

/**
 * Totals with no shipping charged: nothing ships, no method is selected, or the selected one no
 * longer serves the address (checkout rejects that case). No shipping fee and no COD fee.
 */
export const computeTotalsWithoutShipping = (input: Omit<CartTotalsInput, "shipping">): CartTotals => {
  const subtotal = subtotalOf(input.lines)
  const couponDiscount = appliedCouponDiscount(input.coupon, subtotal)
  return {
    subtotal,
    couponDiscount,
    discountTotal: couponDiscount,
    shippingFee: asMinorUnits(0),
    codFee: asMinorUnits(0),
    total: asMinorUnits(subtotal - couponDiscount),
    itemCount: input.lines.reduce((sum, line) => sum + line.quantity, 0)
  }
}

export const computeCartTotals = (
  input: CartTotalsInput
): Result.Result<CartTotals, ShippingUnavailableForZone> => {
  const subtotal = subtotalOf(input.lines)
  const itemCount = input.lines.reduce((sum, line) => sum + line.quantity, 0)
  const couponDiscount = appliedCouponDiscount(input.coupon, subtotal)
  const discountTotal = couponDiscount
  const fee = input.shipping === null
    ? Result.succeed(asMinorUnits(0))
    : shippingFee({
      method: input.shipping.method,
      zoneType: input.shipping.zoneType,
      items: input.lines,
      subtotal,
      discountTotal
    })
  return Result.map(fee, (shipping) => {
    const cod = codFee({
      paymentMethod: input.paymentMethod,
      method: input.shipping?.method ?? null,
      subtotal,
      discountTotal,
      shippingFee: shipping
    })
    return {
      subtotal,
      couponDiscount,
      discountTotal,
      shippingFee: shipping,
      codFee: cod,
      total: asMinorUnits(subtotal - discountTotal + shipping + cod),
      itemCount
    }
  })
}
