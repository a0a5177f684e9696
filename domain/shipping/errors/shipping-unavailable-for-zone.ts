import { Schema } from "effect"
import { ShippingMethodId } from "../../shared/ids.ts"

/** The shipping method has no zone of the type the address resolves to (422 `shipping_unavailable_for_zone`). */
export class ShippingUnavailableForZone extends Schema.TaggedError<ShippingUnavailableForZone>()(
  "ShippingUnavailableForZone",
  { shippingMethodId: ShippingMethodId, zoneType: Schema.String }
) {}
