/** How long a cart lives after its last change (`CART_TTL_DAYS`, docs/contract/cart.md); 30 days unless configured. */
import { Context } from "effect"

export const DEFAULT_CART_TTL_DAYS = 30

export interface CartSettingsShape {
  readonly ttlDays: number
}

export const CartSettings = Context.Reference<CartSettingsShape>("storefront/CartSettings", {
  defaultValue: () => ({ ttlDays: DEFAULT_CART_TTL_DAYS })
})
