/**
 * The postal address a customer gives for a cart's shipping or billing (docs/contract/cart.md).
 *
 * `AddressInput` validates a request body and decodes it straight into the stored `Address`:
 * `name` (1..200) and `phone` (7..20 of digits, spaces, `+`, `-`) are required, at least one
 * of `city` and `district` must be non-blank, every other field is optional (≤ 200 chars,
 * `note` ≤ 500) and an absent field becomes `""`. Values are stored as given (not trimmed).
 *
 * Beyond the interface's eleven fields the address takes an optional `email` (a valid address or
 * `""`): docs/contract/cart.md attaches a guest's order to the customer with "the shipping email or
 * phone", and the interface's Address has no other place for that email.
 */
import { Effect, Schema } from "effect"
import { isEmailFormat } from "../customer/email.ts"
import { countDigits, PHONE_MIN_DIGITS } from "../customer/phone.ts"

export const ADDRESS_FIELD_MAX_LENGTH = 200
export const ADDRESS_NOTE_MAX_LENGTH = 500

const PHONE_PATTERN = /^[0-9 +-]{7,20}$/

/** The stored address: every field is a string, `""` when the customer left it out. */
export const Address = Schema.Struct({
  name: Schema.String,
  phone: Schema.String,
  house: Schema.String,
  road: Schema.String,
  thana: Schema.String,
  district: Schema.String,
  division: Schema.String,
  city: Schema.String,
  postcode: Schema.String,
  country: Schema.String,
  note: Schema.String,
  /** `""` when none was given (and in addresses stored before the field existed). */
  email: Schema.String.pipe(Schema.withDecodingDefaultKey(Effect.succeed("")))
})
export type Address = typeof Address.Type

export const isBlank = (text: string): boolean => text.trim().length === 0

export const AddressName = Schema.String.check(
  Schema.isBetweenLength(1, ADDRESS_FIELD_MAX_LENGTH),
  Schema.makeFilter((name: string) => !isBlank(name) || "Expected a name that is not blank")
)

/**
 * Kept as written (riders read it), with at least 7 digits (docs/contract/accounts.md); a guest order is
 * matched to a customer by its canonical form (domain/customer/phone).
 */
export const PhoneNumber = Schema.String.check(
  Schema.isPattern(PHONE_PATTERN, { message: "Expected 7 to 20 characters of digits, spaces, '+' or '-'" }),
  Schema.makeFilter((phone: string) => countDigits(phone) >= PHONE_MIN_DIGITS || "Expected a phone number with at least 7 digits")
)

/** A free-text field of at most `maxLength` characters. */
export const AddressText = (maxLength: number) => Schema.String.check(Schema.isMaxLength(maxLength))

/** An optional text field of the input: absent on the wire, `""` once decoded. */
const optionalText = (maxLength: number) => AddressText(maxLength).pipe(Schema.withDecodingDefaultKey(Effect.succeed("")))

/** `""` or an email address (stored as given; guest checkout normalises it to link the order). */
export const AddressEmail = Schema.Union([Schema.Literal(""), Schema.String.check(isEmailFormat)])

const OptionalEmail = AddressEmail.pipe(Schema.withDecodingDefaultKey(Effect.succeed("")))

/** docs/contract/cart.md: at least one of `city` and `district` is given (not blank). */
export const hasCityOrDistrict = (address: { readonly city: string; readonly district: string }): boolean =>
  !isBlank(address.city) || !isBlank(address.district)

export const CITY_OR_DISTRICT_MESSAGE = "Expected a city or a district"

/** Request body of `PUT /cart/{id}/shipping-address` and `/billing-address`; decodes to `Address`. */
export const AddressInput = Schema.Struct({
  name: AddressName,
  phone: PhoneNumber,
  house: optionalText(ADDRESS_FIELD_MAX_LENGTH),
  road: optionalText(ADDRESS_FIELD_MAX_LENGTH),
  thana: optionalText(ADDRESS_FIELD_MAX_LENGTH),
  district: optionalText(ADDRESS_FIELD_MAX_LENGTH),
  division: optionalText(ADDRESS_FIELD_MAX_LENGTH),
  city: optionalText(ADDRESS_FIELD_MAX_LENGTH),
  postcode: optionalText(ADDRESS_FIELD_MAX_LENGTH),
  country: optionalText(ADDRESS_FIELD_MAX_LENGTH),
  note: optionalText(ADDRESS_NOTE_MAX_LENGTH),
  email: OptionalEmail
}).check(
  Schema.makeFilter((address: { readonly city: string; readonly district: string }) =>
    hasCityOrDistrict(address) ? undefined : { path: ["city"], issue: CITY_OR_DISTRICT_MESSAGE }
  )
)
/** What a client sends: only `name` and `phone` are required keys. */
export type AddressInputEncoded = typeof AddressInput.Encoded
