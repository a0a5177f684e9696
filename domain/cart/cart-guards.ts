/**
 * Who may see a cart and which version a change may apply to: a customer's cart exists only for
 * that customer, a guest cart for whoever knows its id, and `If-Match` names the version a change
 * was made against.
 */
import { Result } from "effect"
import { assertMutable, type Cart, type CartChange, changed } from "./cart.ts"
import type { CustomerId } from "../shared/ids.ts"
import { CartNotFound } from "./errors/cart-not-found.ts"
import { CartVersionMismatch } from "./errors/cart-version-mismatch.ts"

/**
 * A customer's cart is visible only with that customer's token: to anyone else it does not
 * exist. A guest cart is visible to whoever knows its id. `customerId` is `null` without a token.
 */
export const assertAccessibleBy = (cart: Cart, customerId: CustomerId | null): Result.Result<Cart, CartNotFound> =>
  cart.customerId === null || cart.customerId === customerId
    ? Result.succeed(cart)
    : Result.fail(new CartNotFound({ cartId: cart.id }))

/**
 * The first signed-in request claims a guest cart (a change). The owner's own cart is returned
 * unchanged; another customer's cart → `CartNotFound`. A completed or expired guest cart is
 * returned unchanged (it can no longer change owner).
 */
export const claimByCustomer = (
  cart: Cart,
  customerId: CustomerId,
  change: CartChange
): Result.Result<Cart, CartNotFound> => {
  if (cart.customerId === customerId) return Result.succeed(cart)
  if (cart.customerId !== null) return Result.fail(new CartNotFound({ cartId: cart.id }))
  if (Result.isFailure(assertMutable(cart, change.now))) return Result.succeed(cart)
  return Result.succeed(changed(cart, change, { customerId }))
}

/** `If-Match` support: the client's version must be the current one. */
export const assertVersion = (cart: Cart, expectedVersion: number): Result.Result<Cart, CartVersionMismatch> =>
  cart.version === expectedVersion
    ? Result.succeed(cart)
    : Result.fail(new CartVersionMismatch({ cartId: cart.id, expectedVersion, currentVersion: cart.version }))

/**
 * `If-Match` with one or more entity tags: the cart's version must be one of `expectedVersions`
 * (an empty list, from tags that are not versions, never matches).
 */
export const assertVersionIn = (
  cart: Cart,
  expectedVersions: ReadonlyArray<number>
): Result.Result<Cart, CartVersionMismatch> =>
  expectedVersions.includes(cart.version)
    ? Result.succeed(cart)
    : Result.fail(new CartVersionMismatch({ cartId: cart.id, expectedVersion: expectedVersions[0] ?? 0, currentVersion: cart.version }))
