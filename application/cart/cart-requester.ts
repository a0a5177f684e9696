/**
 * Who is asking about a cart: the shops of the request's publishable key, and the signed-in
 * customer (`null` for a guest). A cart of another shop, or of another customer, does not exist
 * for them (docs/contract/cart.md ownership).
 */
import { Result } from "effect"
import { type Cart } from "../../domain/cart/cart.ts"
import { assertAccessibleBy } from "../../domain/cart/cart-guards.ts"
import { CartNotFound } from "../../domain/cart/errors/cart-not-found.ts"
import type { CustomerId, ShopId } from "../../domain/shared/ids.ts"

export interface CartRequester {
  readonly shopIds: ReadonlyArray<ShopId>
  readonly customerId: CustomerId | null
}

export const assertVisibleTo = (cart: Cart, requester: CartRequester): Result.Result<Cart, CartNotFound> =>
  requester.shopIds.includes(cart.shopId)
    ? assertAccessibleBy(cart, requester.customerId)
    : Result.fail(new CartNotFound({ cartId: cart.id }))

/** Whether a request by this requester claims the guest cart for the signed-in customer. */
export const claimsCart = (cart: Cart, requester: CartRequester): requester is CartRequester & { readonly customerId: CustomerId } =>
  requester.customerId !== null && cart.customerId === null && cart.status === "active"
