import { Schema } from "effect"

/** The cart has no line with that id (404 `cart_item_not_found`). */
export class CartItemNotFound extends Schema.TaggedError<CartItemNotFound>()("CartItemNotFound", { cartId: Schema.String, itemId: Schema.String }) {}
