import { Schema } from "effect"
import { CartId } from "../../shared/ids.ts"

/** No such cart, or it belongs to another customer (404 `cart_not_found`). */
export class CartNotFound extends Schema.TaggedError<CartNotFound>()("CartNotFound", { cartId: CartId }) {}
