/** Problems of shipping on a cart (CONTRACT §2, §5, §6). */
import { Schema } from "effect"
import { HttpApiError } from "effect/http-api"
import { problemType } from "./problem-type.ts"

export class ShippingMethodNotFoundProblem extends HttpApiError.Problem<ShippingMethodNotFoundProblem>()(
  "ShippingMethodNotFoundProblem",
  { type: problemType("shipping_method_not_found"), status: 404, title: "Shipping method not found" },
  { code: Schema.tag("shipping_method_not_found") }
) {}

export class ShippingAddressRequiredProblem extends HttpApiError.Problem<ShippingAddressRequiredProblem>()(
  "ShippingAddressRequiredProblem",
  { type: problemType("shipping_address_required"), status: 422, title: "Shipping address required" },
  { code: Schema.tag("shipping_address_required") }
) {}

export class ShippingMethodRequiredProblem extends HttpApiError.Problem<ShippingMethodRequiredProblem>()(
  "ShippingMethodRequiredProblem",
  { type: problemType("shipping_method_required"), status: 422, title: "Shipping method required" },
  { code: Schema.tag("shipping_method_required") }
) {}

export class ShippingUnavailableForZoneProblem extends HttpApiError.Problem<ShippingUnavailableForZoneProblem>()(
  "ShippingUnavailableForZoneProblem",
  { type: problemType("shipping_unavailable_for_zone"), status: 422, title: "Shipping unavailable for this zone" },
  { code: Schema.tag("shipping_unavailable_for_zone"), zoneType: Schema.String }
) {}
