/** Problems of the address book and of the routes that name a saved address (issue 13). */
import { Schema } from "effect"
import { StorefrontProblem } from "./problem-type.ts"

export class AddressNotFoundProblem extends StorefrontProblem<AddressNotFoundProblem>()(
  "AddressNotFoundProblem", { code: "address_not_found", status: 404, title: "Address not found" }) {}

export class AddressLimitReachedProblem extends StorefrontProblem<AddressLimitReachedProblem>()(
  "AddressLimitReachedProblem", { code: "address_limit_reached", status: 422, title: "Address book full" },
  { limit: Schema.Int }) {}
