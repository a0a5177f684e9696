import { Schema } from "effect"

/** The cart was not updated within its lifetime (410 `cart_expired`). */
export class CartExpired extends Schema.TaggedError<CartExpired>()("CartExpired", { cartId: Schema.String, expiresAt: Schema.Date }) {}
