/** Handlers of /customers/me/addresses (the customer comes from the bearer middleware). */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { CustomerService } from "../../../application/customer/customer-service.ts"
import type { SavedAddress } from "../../../domain/address-book/saved-address.ts"
import type { SavedAddressView } from "../api/address-book-views.ts"
import { StorefrontApi } from "../api/storefront-api.ts"
import { addressBookProblems } from "../problems/account-problem-table.ts"
import { answerWith } from "./answer-with.ts"
import { addressView } from "./cart-rendering.ts"
import { asSignedIn } from "./signed-in.ts"

export const savedAddressView = (saved: SavedAddress): SavedAddressView => ({
  id: saved.id,
  ...addressView(saved.address),
  createdAt: saved.createdAt.toISOString(),
  updatedAt: saved.updatedAt.toISOString()
})

export const layer = HttpApiBuilder.group(StorefrontApi, "addresses", (handlers) =>
  Effect.map(CustomerService, (customer) =>
    handlers
      .handle("listAddresses", () =>
        asSignedIn(customer.listAddresses).pipe(Effect.map((book) => ({ data: book.map(savedAddressView) }))))
      .handle("createAddress", ({ payload }) =>
        asSignedIn((customerId) => customer.saveAddress(customerId, payload)).pipe(
          answerWith(addressBookProblems.createAddress),
          Effect.map(savedAddressView)
        ))
      .handle("updateAddress", ({ params, payload }) =>
        asSignedIn((customerId) => customer.editAddress(customerId, params.addressId, payload)).pipe(
          answerWith(addressBookProblems.updateAddress),
          Effect.map(savedAddressView)
        ))
      .handle("deleteAddress", ({ params }) =>
        asSignedIn((customerId) => customer.removeAddress(customerId, params.addressId)).pipe(
          answerWith(addressBookProblems.deleteAddress)
        ))))
