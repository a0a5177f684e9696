import { Schema } from "effect"
import { CartId } from "../../shared/ids.ts"

/** The cart needs a shipping address first (422 `shipping_address_required`). */
export class ShippingAddressRequired extends Schema.TaggedError<ShippingAddressRequired>()("ShippingAddressRequired", { cartId: CartId }) {}
