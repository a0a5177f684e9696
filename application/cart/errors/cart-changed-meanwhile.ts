import { Schema } from "effect"
import { CartId } from "../../../domain/shared/ids.ts"

/**
 * An optimistic cart change lost the race: another change wrote the cart between this one's read
 * and its write. Internal to change-cart.ts, which then makes the change again under the lock;
 * it never leaves the use case.
 */
export class CartChangedMeanwhile extends Schema.TaggedError<CartChangedMeanwhile>()("CartChangedMeanwhile", {
  cartId: CartId
}) {}
