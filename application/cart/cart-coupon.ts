/**
 * Use cases: PUT /cart/{id}/coupon and DELETE /cart/{id}/coupon. A code is matched
 * case-insensitively among the coupons of the cart's shop and must be usable now with the cart's
 * current subtotal (else CouponInvalid with the reason); the cart keeps the coupon's own code.
 */
import { Effect, Option } from "effect"
import { applyCoupon, removeCoupon } from "../../domain/cart/cart.ts"
import { type CartChangeRequest, changeCart } from "./change-cart.ts"
import { CouponRepository } from "./coupon-repository.ts"
import { priceLines, subtotalOf } from "./priced-cart.ts"

export const applyCartCoupon = (request: CartChangeRequest & { readonly code: string }) =>
  changeCart(request, {
    apply: (cart, { change, variants }) =>
      Effect.gen(function*() {
        const coupon = yield* (yield* CouponRepository).findByCode(cart.shopId, request.code)
        return yield* Effect.fromResult(applyCoupon(cart, {
          requestedCode: request.code,
          coupon: Option.getOrNull(coupon),
          subtotal: subtotalOf(priceLines(cart, variants))
        }, change))
      })
  })

export const removeCartCoupon = (request: CartChangeRequest) =>
  changeCart(request, {
    apply: (cart, { change }) => Effect.fromResult(removeCoupon(cart, change))
  })
