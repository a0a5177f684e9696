/**
 * Cash-on-delivery surcharge (docs/contract/shipping.md), in integer minor units.
 */
import { Schema } from "effect"
import { asMinorUnits, fixedOrPercentageOf, type MinorUnits } from "../shared/money.ts"
import type { ShippingMethod } from "./shipping-method.ts"

export const PaymentMethod = Schema.Literals(["cod", "prepaid"])
export type PaymentMethod = typeof PaymentMethod.Type

export interface CodFeeInput {
  readonly paymentMethod: PaymentMethod
  /** The cart's shipping method; `null` when none is selected (no surcharge then). */
  readonly method: Pick<ShippingMethod, "codSurchargeEnabled" | "codSurchargeType" | "codSurchargeValue"> | null
  readonly subtotal: MinorUnits
  readonly discountTotal: MinorUnits
  readonly shippingFee: MinorUnits
}

/**
 * `fixed` → the value; `percentage` → value basis points of (subtotal − discountTotal + shippingFee),
 * rounded half-up; 0 unless paying cash on delivery with a surcharge-enabled method.
 */
export const codFee = (input: CodFeeInput): MinorUnits => {
  const { method } = input
  if (input.paymentMethod !== "cod" || method === null || !method.codSurchargeEnabled) return asMinorUnits(0)
  if (method.codSurchargeValue === null || method.codSurchargeType === null) return asMinorUnits(0)
  const base = asMinorUnits(Math.max(0, input.subtotal - input.discountTotal + input.shippingFee))
  return fixedOrPercentageOf(method.codSurchargeType, method.codSurchargeValue, base)
}
