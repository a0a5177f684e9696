/** Problems of the address book and of the routes that name a saved address (issue 13). */
import { Schema } from "effect"
import { StorefrontProblem } from "./problem-type.ts"

export class AddressNotFoundProblem extends StorefrontProblem<AddressNotFoundProblem>()(404, "address_not_found", "Address not found") {}
export class AddressLimitReachedProblem extends StorefrontProblem<AddressLimitReachedProblem>()(
  422, "address_limit_reached", "Address book full", { limit: Schema.Int }
) {}
