/**
 * AddressBook in a plain map, for tests and library users. Every operation is one synchronous
 * step, so each is atomic; the use cases serialise a customer's changes through Transactions.
 */
import { Effect, Layer, Option } from "effect"
import { AddressBook } from "../../application/customer/address-book.ts"
import { byCreation, type SavedAddress } from "../../domain/address-book/saved-address.ts"
import { insertNew } from "./memory-records.ts"
import type { AddressId, CustomerId } from "../../domain/shared/ids.ts"

export const makeMemoryAddressBook = () => {
  const addresses = new Map<string, SavedAddress>()
  const own = (customerId: CustomerId, addressId: AddressId): SavedAddress | undefined => {
    const saved = addresses.get(addressId)
    return saved !== undefined && saved.customerId === customerId ? saved : undefined
  }
  return AddressBook.of({
    list: (customerId) =>
      Effect.sync(() => [...addresses.values()].filter((saved) => saved.customerId === customerId).sort(byCreation)),
    find: (customerId, addressId) => Effect.sync(() => Option.fromNullishOr(own(customerId, addressId))),
    insert: (saved) => insertNew(addresses, "address", saved),
    update: (saved) =>
      Effect.sync(() => {
        if (own(saved.customerId, saved.id) === undefined) return false
        addresses.set(saved.id, saved)
        return true
      }),
    remove: (customerId, addressId) =>
      Effect.sync(() => own(customerId, addressId) !== undefined && addresses.delete(addressId))
  })
}

export const layer = Layer.sync(AddressBook, makeMemoryAddressBook)
