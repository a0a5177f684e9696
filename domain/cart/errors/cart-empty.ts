import { Schema } from "effect"
import { CartId } from "../../shared/ids.ts"

/** Checkout of a cart without lines (422 `cart_empty`). */
export class CartEmpty extends Schema.TaggedError<CartEmpty>()("CartEmpty", { cartId: CartId }) {}
