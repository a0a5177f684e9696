/** Loads what pricing a cart needs: its variants (and any it is about to add), its coupon and the shipping options. */
import { Effect, Option } from "effect"
import type { Cart } from "../../domain/cart/cart.ts"
import type { VariantId } from "../../domain/shared/ids.ts"
import type { CartPorts } from "./cart-ports.ts"
import type { CouponRepository } from "./coupon-repository.ts"
import type { PricingInputs } from "./priced-cart.ts"
import { currentShippingOptions } from "./shipping-options.ts"

export const couponOf = (coupons: CouponRepository["Service"], cart: Cart) =>
  cart.couponCode === ""
    ? Effect.succeed(null)
    : Effect.map(coupons.findByCode(cart.shopId, cart.couponCode), Option.getOrNull)

export const loadPricingInputs = (ports: CartPorts, cart: Cart, addedVariantIds: ReadonlyArray<VariantId> = []) =>
  Effect.gen(function*() {
    const { inventory } = ports
    const variantIds = [...new Set([...cart.lines.map((line) => line.variantId), ...addedVariantIds])]
    const variants = variantIds.length === 0 ? new Map() : yield* inventory.variantsForShop(cart.shopId, variantIds)
    const coupon = yield* couponOf(ports.coupons, cart)
    const shippingOptions = currentShippingOptions(ports.readModel)
    return { variants, coupon, shippingOptions } satisfies PricingInputs
  })
