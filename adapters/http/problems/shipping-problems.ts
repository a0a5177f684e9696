/** Problems of shipping on a cart (docs/contract/errors.md, docs/contract/shipping.md, docs/contract/cart.md). */
import { Schema } from "effect"
import { StorefrontProblem } from "./problem-type.ts"

export class ShippingMethodNotFoundProblem extends StorefrontProblem<ShippingMethodNotFoundProblem>()(
  404, "shipping_method_not_found", "Shipping method not found"
) {}
export class ShippingAddressRequiredProblem extends StorefrontProblem<ShippingAddressRequiredProblem>()(
  422, "shipping_address_required", "Shipping address required"
) {}
export class ShippingMethodRequiredProblem extends StorefrontProblem<ShippingMethodRequiredProblem>()(
  422, "shipping_method_required", "Shipping method required"
) {}
export class ShippingUnavailableForZoneProblem extends StorefrontProblem<ShippingUnavailableForZoneProblem>()(
  422, "shipping_unavailable_for_zone", "Shipping unavailable for this zone", { zoneType: Schema.String }
) {}
