/**
 * /customers/me/addresses: the signed-in customer's address book (issue 13); the bearer token is
 * required. At most 20 addresses (422 address_limit_reached); an id that is not one of the
 * account's own addresses is 404 address_not_found.
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { AddressPatch } from "../../../domain/address-book/saved-address.ts"
import { AddressInput } from "../../../domain/shipping/address.ts"
import { AddressLimitReachedProblem, AddressNotFoundProblem } from "../problems/address-problems.ts"
import { SavedAddressListView, SavedAddressView } from "./address-book-views.ts"
import { CustomerAuthMiddleware } from "./customer-auth.ts"

const addressParams = { addressId: Schema.String }

export class AddressBookApiGroup extends HttpApiGroup.make("addresses").add(
  HttpApiEndpoint.get("listAddresses", "/customers/me/addresses", { success: SavedAddressListView }),
  HttpApiEndpoint.post("createAddress", "/customers/me/addresses", {
    payload: AddressInput,
    success: SavedAddressView.pipe(HttpApiSchema.status(201)),
    error: AddressLimitReachedProblem
  }),
  HttpApiEndpoint.patch("updateAddress", "/customers/me/addresses/:addressId", {
    params: addressParams,
    payload: AddressPatch,
    success: SavedAddressView,
    error: AddressNotFoundProblem
  }),
  HttpApiEndpoint.delete("deleteAddress", "/customers/me/addresses/:addressId", {
    params: addressParams,
    success: HttpApiSchema.NoContent,
    error: AddressNotFoundProblem
  })
).middleware(CustomerAuthMiddleware) {}
