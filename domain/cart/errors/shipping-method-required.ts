import { Schema } from "effect"
import { CartId } from "../../shared/ids.ts"

/** Checkout of a cart that ships items but has no shipping method (422 `shipping_method_required`). */
export class ShippingMethodRequired extends Schema.TaggedError<ShippingMethodRequired>()("ShippingMethodRequired", { cartId: CartId }) {}
