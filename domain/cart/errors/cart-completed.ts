import { Schema } from "effect"
import { CartId } from "../../shared/ids.ts"

/** The cart was checked out and accepts no more changes (409 `cart_completed`). */
export class CartCompleted extends Schema.TaggedError<CartCompleted>()("CartCompleted", { cartId: CartId }) {}
