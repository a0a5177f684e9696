/**
 * /customers/me/addresses: the signed-in customer's address book (issue 13); the bearer token is
 * required. At most 20 addresses (422 address_limit_reached); an id that is not one of the
 * account's own addresses is 404 address_not_found.
 */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { AddressPatch } from "../../../domain/address-book/saved-address.ts"
import { AddressIdInput } from "../../../domain/shared/ids.ts"
import { AddressInput } from "../../../domain/shipping/address.ts"
import { addressBookProblems } from "../problems/account-problem-table.ts"
import { SavedAddressListView, SavedAddressView } from "./address-book-views.ts"
import { CustomerAuthMiddleware } from "./customer-auth.ts"
import { EXAMPLE_ADDRESS } from "./address-example.ts"
import { endpointsOf } from "./documented-endpoint.ts"

const addressParams = { addressId: AddressIdInput }

const EXAMPLE_BOOK_ADDRESS = { ...EXAMPLE_ADDRESS, note: "" }
const EXAMPLE_ID = { addressId: "addr_9k2m5q8w1e4r7t0y3u6i" }

const endpoint = endpointsOf(addressBookProblems)

export class AddressBookApiGroup extends HttpApiGroup.make("addresses").add(
  endpoint.get("listAddresses", "/customers/me/addresses", { success: SavedAddressListView }, {
    summary: "List my addresses",
    description: "The signed-in customer's saved addresses (at most 20).",
    examples: {
      response: {
        data: [{
          id: EXAMPLE_ID.addressId,
          ...EXAMPLE_BOOK_ADDRESS,
          createdAt: "2026-11-20T09:30:00.000Z",
          updatedAt: "2026-11-20T09:30:00.000Z"
        }]
      }
    }
  }),
  endpoint.post("createAddress", "/customers/me/addresses", { payload: AddressInput, success: SavedAddressView.pipe(HttpApiSchema.status(201)) }, {
    summary: "Save an address",
    description: "Adds an address to the book; 422 `address_limit_reached` at 20.",
    examples: { request: EXAMPLE_BOOK_ADDRESS }
  }),
  endpoint.patch("updateAddress", "/customers/me/addresses/:addressId", { params: addressParams, payload: AddressPatch, success: SavedAddressView }, {
    summary: "Change a saved address",
    description: "Changes the given fields; the result must still have a city or a district (400).",
    examples: { params: EXAMPLE_ID, request: { road: "Road 9", postcode: "1213" } }
  }),
  endpoint.delete("deleteAddress", "/customers/me/addresses/:addressId", { params: addressParams, success: HttpApiSchema.NoContent }, {
    summary: "Delete a saved address",
    description: "Removes the address; when it was the default shipping address, the default is cleared.",
    examples: { params: EXAMPLE_ID }
  })
).middleware(CustomerAuthMiddleware)
  .annotate(OpenApi.Description, "The signed-in customer's address book (bearer token required)")
{}
