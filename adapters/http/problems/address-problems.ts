/** Problems of the address book and of the routes that name a saved address (issue 13). */
import { Schema } from "effect"
import { HttpApiError } from "effect/http-api"
import type { AddressIncomplete } from "../../../domain/address-book/errors/address-incomplete.ts"
import type { AddressLimitReached } from "../../../domain/address-book/errors/address-limit-reached.ts"
import type { AddressNotFound } from "../../../domain/address-book/errors/address-not-found.ts"
import { problemType } from "./problem-type.ts"
import { ValidationFailed } from "./request-problems.ts"

export class AddressNotFoundProblem extends HttpApiError.Problem<AddressNotFoundProblem>()("AddressNotFoundProblem", {
  type: problemType("address_not_found"),
  status: 404,
  title: "Address not found"
}, { code: Schema.tag("address_not_found") }) {}

export class AddressLimitReachedProblem extends HttpApiError.Problem<AddressLimitReachedProblem>()(
  "AddressLimitReachedProblem",
  { type: problemType("address_limit_reached"), status: 422, title: "Address book full" },
  { code: Schema.tag("address_limit_reached"), limit: Schema.Int }
) {}

export const addressNotFoundProblem = (error: AddressNotFound) =>
  new AddressNotFoundProblem({ detail: `No address "${error.addressId}" in your address book` })

export const addressLimitReachedProblem = (error: AddressLimitReached) =>
  new AddressLimitReachedProblem({
    limit: error.limit,
    detail: `An address book holds at most ${error.limit} addresses; remove one first`
  })

export const addressIncompleteProblem = (error: AddressIncomplete) =>
  new ValidationFailed({ detail: "Invalid request payload", errors: [{ path: error.path, message: error.message }] })
