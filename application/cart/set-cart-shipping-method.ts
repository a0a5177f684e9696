/**
 * Use case: PUT /cart/{id}/shipping-method. The method must be one of the cart's shop
 * (else ShippingMethodNotFound), the cart needs a shipping address, and the method must have a
 * zone for the zone type that address resolves to.
 */
import { Effect } from "effect"
import { setShippingMethod } from "../../domain/cart/cart-checkout-details.ts"
import { ShippingMethodNotFound } from "../../domain/shipping/errors/shipping-method-not-found.ts"
import type { ShippingMethodId } from "../../domain/shared/ids.ts"
import type { CartPorts } from "./cart-ports.ts"
import { type CartChangeRequest, changeCart } from "./change-cart.ts"
import { currentShippingOptions } from "./shipping-options.ts"

export const setCartShippingMethod = (ports: CartPorts, request: CartChangeRequest & { readonly shippingMethodId: ShippingMethodId }) =>
  changeCart(ports, request, {
    apply: (cart, { change }) =>
      Effect.gen(function*() {
        const options = currentShippingOptions(ports.readModel)
        const method = options.methodOfShop(cart.shopId, request.shippingMethodId)
        const zoneRules = options.zoneRulesOf(cart.shopId)
        if (method === undefined || zoneRules === undefined) {
          return yield* new ShippingMethodNotFound({ shippingMethodId: request.shippingMethodId })
        }
        return yield* Effect.fromResult(setShippingMethod(cart, { method, zoneRules }, change))
      })
  })
