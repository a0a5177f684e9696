/** Problems of the address book and of the routes that name a saved address (issue 13). */
import { Schema } from "effect"
import type { AddressIncomplete } from "../../../domain/address-book/errors/address-incomplete.ts"
import type { AddressLimitReached } from "../../../domain/address-book/errors/address-limit-reached.ts"
import type { AddressNotFound } from "../../../domain/address-book/errors/address-not-found.ts"
import { StorefrontProblem } from "./problem-type.ts"
import { ValidationFailed } from "./request-problems.ts"

export class AddressNotFoundProblem extends StorefrontProblem<AddressNotFoundProblem>()("AddressNotFoundProblem", { code: "address_not_found", status: 404, title: "Address not found" }) {}

export class AddressLimitReachedProblem extends StorefrontProblem<AddressLimitReachedProblem>()("AddressLimitReachedProblem", { code: "address_limit_reached", status: 422, title: "Address book full" }, { limit: Schema.Int }) {}

export const addressNotFoundProblem = (error: AddressNotFound) =>
  new AddressNotFoundProblem({ detail: `No address "${error.addressId}" in your address book` })

export const addressLimitReachedProblem = (error: AddressLimitReached) =>
  new AddressLimitReachedProblem({
    limit: error.limit,
    detail: `An address book holds at most ${error.limit} addresses; remove one first`
  })

export const addressIncompleteProblem = (error: AddressIncomplete) =>
  new ValidationFailed({ detail: "Invalid request payload", errors: [{ path: error.path, message: error.message }] })
