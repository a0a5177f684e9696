/**
 * Cash-on-delivery surcharge (CONTRACT §5), in integer minor units.
 */
import { Schema } from "effect"
import { basisPointsOf } from "../shared/money.ts"
import type { ShippingMethod } from "./shipping-method.ts"

export const PaymentMethod = Schema.Literals(["cod", "prepaid"])
export type PaymentMethod = typeof PaymentMethod.Type

export interface CodFeeInput {
  readonly paymentMethod: PaymentMethod
  /** The cart's shipping method; `null` when none is selected (no surcharge then). */
  readonly method: Pick<ShippingMethod, "codSurchargeEnabled" | "codSurchargeType" | "codSurchargeValue"> | null
  readonly subtotal: number
  readonly discountTotal: number
  readonly shippingFee: number
}

/**
 * `fixed` → the value; `percentage` → value basis points of (subtotal − discountTotal + shippingFee),
 * rounded half-up; 0 unless paying cash on delivery with a surcharge-enabled method.
 */
export const codFee = (input: CodFeeInput): number => {
  const { method } = input
  if (input.paymentMethod !== "cod" || method === null || !method.codSurchargeEnabled) return 0
  if (method.codSurchargeValue === null) return 0
  switch (method.codSurchargeType) {
    case "fixed":
      return method.codSurchargeValue
    case "percentage":
      return basisPointsOf(Math.max(0, input.subtotal - input.discountTotal + input.shippingFee), method.codSurchargeValue)
    case null:
      return 0
  }
}
