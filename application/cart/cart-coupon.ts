/**
 * Use cases: PUT /cart/{id}/coupon and DELETE /cart/{id}/coupon. A code is matched
 * case-insensitively among the coupons of the cart's shop and must be usable now with the cart's
 * current subtotal (else CouponInvalid with the reason); the cart keeps the coupon's own code.
 */
import { Effect, Option } from "effect"
import { applyCoupon, removeCoupon } from "../../domain/cart/cart-checkout-details.ts"
import type { CartPorts } from "./cart-ports.ts"
import { type CartChangeRequest, changeCart } from "./change-cart.ts"
import { priceLines, subtotalOf } from "./priced-cart.ts"

export const applyCartCoupon = (ports: CartPorts, request: CartChangeRequest & { readonly code: string }) =>
  changeCart(ports, request, {
    apply: (cart, { change, variants }) =>
      Effect.gen(function*() {
        const coupon = yield* ports.coupons.findByCode(cart.shopId, request.code)
        return yield* Effect.fromResult(applyCoupon(cart, {
          requestedCode: request.code,
          coupon: Option.getOrNull(coupon),
          subtotal: subtotalOf(priceLines(cart, variants))
        }, change))
      })
  })

export const removeCartCoupon = (ports: CartPorts, request: CartChangeRequest) =>
  changeCart(ports, request, {
    apply: (cart, { change }) => Effect.fromResult(removeCoupon(cart, change))
  })
