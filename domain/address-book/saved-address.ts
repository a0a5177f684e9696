/**
 * A customer's address book (issue 13): addresses the signed-in customer saved, each an Address
 * of docs/contract/cart.md with an `addr_` id and its creation and change times.
 *
 * Rules kept here, over the whole stored book of one customer:
 * - **Privacy.** Only the customer creates addresses, and an account whose email is an unproven
 *   link (a password attached to an earlier chat or guest customer, domain/customer) sees nothing
 *   recorded before the linking (docs/contract/accounts.md): it sees, changes, uses and counts only the
 *   addresses created after `registeredAt` (strictly: one made in the very millisecond of the
 *   linking stays hidden). Anyone else sees the whole book.
 * - **Limit.** At most {@link MAX_SAVED_ADDRESSES} visible addresses (AddressLimitReached).
 * - **Default.** The customer's `defaultShippingAddressId` names one of their visible addresses
 *   or is null; removing that address clears it; a checkout's new address becomes the default
 *   when there is none.
 */
import { Result, Schema } from "effect"
import { type Customer, isUnprovenLink } from "../customer/customer.ts"
import { AddressId, CustomerId } from "../shared/ids.ts"
import {
  Address,
  ADDRESS_FIELD_MAX_LENGTH,
  ADDRESS_NOTE_MAX_LENGTH,
  AddressEmail,
  AddressName,
  AddressText,
  CITY_OR_DISTRICT_MESSAGE,
  hasCityOrDistrict,
  PhoneNumber
} from "../shipping/address.ts"
import { AddressIncomplete } from "./errors/address-incomplete.ts"
import { AddressLimitReached } from "./errors/address-limit-reached.ts"
import { AddressNotFound } from "./errors/address-not-found.ts"

export const MAX_SAVED_ADDRESSES = 20

export const SavedAddress = Schema.Struct({
  id: AddressId,
  customerId: CustomerId,
  address: Address,
  createdAt: Schema.Date,
  updatedAt: Schema.Date
})
export type SavedAddress = typeof SavedAddress.Type

/** Whether this account may see (use, change, count) the saved address. */
export const isVisibleTo = (customer: Customer, saved: SavedAddress): boolean =>
  saved.customerId === customer.id &&
  (!isUnprovenLink(customer) || customer.registeredAt === null ||
    saved.createdAt.getTime() > customer.registeredAt.getTime())

/** The addresses this account sees, in the book's order. */
export const visibleAddresses = (customer: Customer, book: ReadonlyArray<SavedAddress>): ReadonlyArray<SavedAddress> =>
  book.filter((saved) => isVisibleTo(customer, saved))

/** The book's order: oldest first, ties by id. */
export const byCreation = (left: SavedAddress, right: SavedAddress): number =>
  left.createdAt.getTime() - right.createdAt.getTime() || (left.id < right.id ? -1 : left.id > right.id ? 1 : 0)

/** The address if this account sees it, else AddressNotFound (another customer's or a hidden one alike). */
export const assertVisible = (
  customer: Customer,
  addressId: AddressId,
  saved: SavedAddress | undefined
): Result.Result<SavedAddress, AddressNotFound> =>
  saved !== undefined && saved.id === addressId && isVisibleTo(customer, saved)
    ? Result.succeed(saved)
    : Result.fail(new AddressNotFound({ addressId }))

export interface NewSavedAddress {
  readonly id: AddressId
  readonly address: Address
  readonly now: Date
}

/** A new address in the book, unless the account already sees the most it may keep. */
export const addToBook = (
  customer: Customer,
  book: ReadonlyArray<SavedAddress>,
  input: NewSavedAddress
): Result.Result<SavedAddress, AddressLimitReached> =>
  visibleAddresses(customer, book).length >= MAX_SAVED_ADDRESSES
    ? Result.fail(new AddressLimitReached({ limit: MAX_SAVED_ADDRESSES }))
    : Result.succeed({ id: input.id, customerId: customer.id, address: input.address, createdAt: input.now, updatedAt: input.now })

/** PATCH body of a saved address: any field of the Address, each under its own rule. */
export const AddressPatch = Schema.Struct({
  name: Schema.optionalKey(AddressName),
  phone: Schema.optionalKey(PhoneNumber),
  house: Schema.optionalKey(AddressText(ADDRESS_FIELD_MAX_LENGTH)),
  road: Schema.optionalKey(AddressText(ADDRESS_FIELD_MAX_LENGTH)),
  thana: Schema.optionalKey(AddressText(ADDRESS_FIELD_MAX_LENGTH)),
  district: Schema.optionalKey(AddressText(ADDRESS_FIELD_MAX_LENGTH)),
  division: Schema.optionalKey(AddressText(ADDRESS_FIELD_MAX_LENGTH)),
  city: Schema.optionalKey(AddressText(ADDRESS_FIELD_MAX_LENGTH)),
  postcode: Schema.optionalKey(AddressText(ADDRESS_FIELD_MAX_LENGTH)),
  country: Schema.optionalKey(AddressText(ADDRESS_FIELD_MAX_LENGTH)),
  note: Schema.optionalKey(AddressText(ADDRESS_NOTE_MAX_LENGTH)),
  email: Schema.optionalKey(AddressEmail)
})
export type AddressPatch = typeof AddressPatch.Type

/** The patched address, which must still be a whole Address (a city or a district). */
export const patchSavedAddress = (
  saved: SavedAddress,
  patch: AddressPatch,
  now: Date
): Result.Result<SavedAddress, AddressIncomplete> => {
  const address: Address = { ...saved.address, ...patch }
  if (!hasCityOrDistrict(address)) {
    return Result.fail(new AddressIncomplete({ path: patch.city !== undefined ? "city" : "district", message: CITY_OR_DISTRICT_MESSAGE }))
  }
  return Result.succeed({ ...saved, address, updatedAt: now })
}

/** Two addresses are the same when every field is. */
export const sameAddress = (left: Address, right: Address): boolean =>
  left.name === right.name && left.phone === right.phone && left.house === right.house && left.road === right.road &&
  left.thana === right.thana && left.district === right.district && left.division === right.division &&
  left.city === right.city && left.postcode === right.postcode && left.country === right.country &&
  left.note === right.note && left.email === right.email

/**
 * `defaultShippingAddressId` as this account sees it: the stored default when it names a visible
 * address (`defaultAddress` is the stored address it names, if any), else null.
 */
export const visibleDefaultAddressId = (customer: Customer, defaultAddress: SavedAddress | undefined): AddressId | null =>
  customer.defaultShippingAddressId !== null && defaultAddress !== undefined &&
    defaultAddress.id === customer.defaultShippingAddressId && isVisibleTo(customer, defaultAddress)
    ? customer.defaultShippingAddressId
    : null

/** PATCH /customers/me `defaultShippingAddressId`: one of the account's visible addresses, or null. */
export const chooseDefault = (
  customer: Customer,
  addressId: AddressId | null,
  chosen: SavedAddress | undefined
): Result.Result<Customer, AddressNotFound> =>
  addressId === null
    ? Result.succeed({ ...customer, defaultShippingAddressId: null })
    : Result.map(assertVisible(customer, addressId, chosen), (saved) => ({ ...customer, defaultShippingAddressId: saved.id }))

/** The customer once `removed` left the book: no longer its default. */
export const withoutRemovedDefault = (customer: Customer, removed: AddressId): Customer =>
  customer.defaultShippingAddressId === removed ? { ...customer, defaultShippingAddressId: null } : customer

/** What a signed-in checkout does with its shipping address. */
export type CheckoutAddressDecision =
  | { readonly _tag: "AlreadySaved" }
  | { readonly _tag: "BookFull" }
  | { readonly _tag: "Save"; readonly makeDefault: boolean }

/**
 * A signed-in checkout saves a shipping address the account does not see in its book yet, and
 * makes it the default when the account sees none; a full book is left as it is (the order is
 * placed all the same).
 */
export const checkoutAddressDecision = (
  customer: Customer,
  book: ReadonlyArray<SavedAddress>,
  address: Address
): CheckoutAddressDecision => {
  const visible = visibleAddresses(customer, book)
  if (visible.some((saved) => sameAddress(saved.address, address))) return { _tag: "AlreadySaved" }
  if (visible.length >= MAX_SAVED_ADDRESSES) return { _tag: "BookFull" }
  const defaultId = customer.defaultShippingAddressId
  return { _tag: "Save", makeDefault: defaultId === null || !visible.some((saved) => saved.id === defaultId) }
}
