import { Schema } from "effect"
import { CartId } from "../../shared/ids.ts"

/** `If-Match` named a version other than the cart's current one (412 `cart_version_mismatch`). */
export class CartVersionMismatch extends Schema.TaggedError<CartVersionMismatch>()("CartVersionMismatch", {
  cartId: CartId,
  expectedVersion: Schema.Number,
  currentVersion: Schema.Number
}) {}
