import { Schema } from "effect"

/** Checkout of a cart without lines (422 `cart_empty`). */
export class CartEmpty extends Schema.TaggedError<CartEmpty>()("CartEmpty", { cartId: Schema.String }) {}
