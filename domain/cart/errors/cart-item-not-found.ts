import { Schema } from "effect"
import { CartId, LineId } from "../../shared/ids.ts"

/** The cart has no line with that id (404 `cart_item_not_found`). */
export class CartItemNotFound extends Schema.TaggedError<CartItemNotFound>()("CartItemNotFound", { cartId: CartId, itemId: LineId }) {}
