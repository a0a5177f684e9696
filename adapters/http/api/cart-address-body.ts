/**
 * Body of `PUT /cart/{id}/shipping-address` and `/billing-address`: an Address (docs/contract/cart.md), or
 * `{addressId}` naming one of the signed-in customer's saved addresses (issue 13), which is copied
 * onto the cart. One object with every key optional rather than a union of the two, so that a bad
 * body is reported against the shape the client meant (a missing `phone`, not also "`name` is not
 * allowed" from the other shape).
 */
import { Schema } from "effect"
import { type AddressId, AddressIdInput } from "../../../domain/shared/ids.ts"
import { type Address, AddressInput, AddressName, CITY_OR_DISTRICT_MESSAGE, hasCityOrDistrict, PhoneNumber } from "../../../domain/shipping/address.ts"

const TOGETHER = "Expected either addressId or the address's fields, not both"

type CartAddressFields = Omit<Address, "name" | "phone"> & {
  readonly addressId?: AddressId
  readonly name?: string
  readonly phone?: string
}

const ADDRESS_KEYS = ["name", "phone", "house", "road", "thana", "district", "division", "city", "postcode", "country", "note", "email"] as const

export const CartAddressBody = Schema.Struct({
  ...AddressInput.fields,
  name: Schema.optionalKey(AddressName),
  phone: Schema.optionalKey(PhoneNumber),
  addressId: Schema.optionalKey(AddressIdInput).annotate({
    description: "One of the signed-in customer's saved addresses (/customers/me/addresses), copied onto the cart; then no other field"
  })
}).check(Schema.makeFilter((body: CartAddressFields) => {
  if (body.addressId !== undefined) {
    return ADDRESS_KEYS.filter((key) => body[key] !== undefined && body[key] !== "").map((key) => ({ path: [key], issue: TOGETHER }))
  }
  const issues: Array<{ readonly path: ReadonlyArray<string>; readonly issue: string }> = []
  if (body.name === undefined) issues.push({ path: ["name"], issue: "Missing key" })
  if (body.phone === undefined) issues.push({ path: ["phone"], issue: "Missing key" })
  if (!hasCityOrDistrict(body)) issues.push({ path: ["city"], issue: CITY_OR_DISTRICT_MESSAGE })
  return issues
})).annotate({ identifier: "CartAddressInput" })
export type CartAddressBody = typeof CartAddressBody.Type

/** What the body asks for: a saved address by id, or the address it carries. */
export const cartAddressChoice = (body: CartAddressBody): { readonly addressId: AddressId } | { readonly address: Address } => {
  if (body.addressId !== undefined) return { addressId: body.addressId }
  const { addressId: _none, name, phone, ...rest } = body
  return { address: { ...rest, name: name ?? "", phone: phone ?? "" } }
}
