/** Problems of shipping on a cart (CONTRACT §2, §5, §6). */
import { Schema } from "effect"
import { StorefrontProblem } from "./problem-type.ts"

export class ShippingMethodNotFoundProblem extends StorefrontProblem<ShippingMethodNotFoundProblem>()(
  "ShippingMethodNotFoundProblem", { code: "shipping_method_not_found", status: 404, title: "Shipping method not found" }) {}

export class ShippingAddressRequiredProblem extends StorefrontProblem<ShippingAddressRequiredProblem>()(
  "ShippingAddressRequiredProblem", { code: "shipping_address_required", status: 422, title: "Shipping address required" }) {}

export class ShippingMethodRequiredProblem extends StorefrontProblem<ShippingMethodRequiredProblem>()(
  "ShippingMethodRequiredProblem", { code: "shipping_method_required", status: 422, title: "Shipping method required" }) {}

export class ShippingUnavailableForZoneProblem extends StorefrontProblem<ShippingUnavailableForZoneProblem>()(
  "ShippingUnavailableForZoneProblem", { code: "shipping_unavailable_for_zone", status: 422, title: "Shipping unavailable for this zone" },
  { zoneType: Schema.String }) {}
