import { Schema } from "effect"
import { ShippingMethodId } from "../../shared/ids.ts"

/** No such shipping method in the cart's shop (404 `shipping_method_not_found`). */
export class ShippingMethodNotFound extends Schema.TaggedError<ShippingMethodNotFound>()(
  "ShippingMethodNotFound",
  { shippingMethodId: ShippingMethodId }
) {}
