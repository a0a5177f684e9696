import { Schema } from "effect"
import { CartId } from "../../shared/ids.ts"

/** The cart was not updated within its lifetime (410 `cart_expired`). */
export class CartExpired extends Schema.TaggedError<CartExpired>()("CartExpired", { cartId: CartId, expiresAt: Schema.Date }) {}
