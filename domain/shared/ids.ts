/**
 * The ids the domain passes around, one brand each, so a cart's id cannot be passed where a
 * customer's is expected. The brands add no runtime check (except where noted): a request naming
 * an unknown id still finds nothing (404), as before. Ids come in as plain strings only at the
 * edges (HTTP path and body, SQL rows, the import document, the id generator) and are branded
 * there by decoding with these schemas (or, for a freshly generated id, with `make`).
 */
import { Schema } from "effect"

/** `brand` as Schema.brand takes it (one literal key: every caller below names one). */
const brandOf = <B extends string>(brand: B) => Schema.brand<B>(brand as Parameters<typeof Schema.brand<B>>[0])
/** An id that is any string, branded `brand`. */
const id = <B extends string>(brand: B) => Schema.String.pipe(brandOf(brand))
/** An id that is never empty (it names a record that must exist), branded `brand`. */
const nonEmptyId = <B extends string>(brand: B) => Schema.NonEmptyString.pipe(brandOf(brand))
/** An id that must match `pattern` (a request naming another is malformed, 400), branded `brand`. */
const prefixedId = <B extends string>(brand: B, pattern: RegExp, message: string) =>
  Schema.String.check(Schema.isPattern(pattern, { message })).pipe(brandOf(brand))

export const ShopId = id("ShopId")
/** Never empty: a customer id names an account. */
export const CustomerId = nonEmptyId("CustomerId")
export const CartId = id("CartId")
/** A line of a cart or of an order (`item_…`). */
export const LineId = id("LineId")
export const OrderId = id("OrderId")
/** A payment session of an order (`pay_…`): one attempt to pay it through a gateway. */
export const PaymentSessionId = prefixedId("PaymentSessionId", /^pay_[A-Za-z0-9_-]{1,64}$/, "Expected a payment session id (pay_…)")
export const ProductId = id("ProductId")
export const VariantId = id("VariantId")
export const CategoryId = id("CategoryId")
export const ShippingMethodId = id("ShippingMethodId")
/** A sign-in session (`ses_…`); access tokens name it (`sid`), so it dies with the session. */
export const SessionId = nonEmptyId("SessionId")
/** A one-time code sent for a login, a contact proof or a password reset (`ver_…`). */
export const VerificationId = nonEmptyId("VerificationId")
/** A password-reset link's token record (`rst_…`). */
export const ResetTokenId = nonEmptyId("ResetTokenId")
/** A saved address of a customer's address book: `addr_` and lower-case letters and digits. */
export const AddressId = prefixedId("AddressId", /^addr_[a-z0-9]+$/, "Expected an address id (addr_…)")
/**
 * An address id as a request names it: any string, looked up as it is (one that names no saved
 * address of the customer is not found, 404, rather than malformed), of the AddressId type.
 */
export const AddressIdInput = id("AddressId")

export type ShopId = typeof ShopId.Type
export type CustomerId = typeof CustomerId.Type
export type CartId = typeof CartId.Type
export type LineId = typeof LineId.Type
export type OrderId = typeof OrderId.Type
export type PaymentSessionId = typeof PaymentSessionId.Type
export type ProductId = typeof ProductId.Type
export type VariantId = typeof VariantId.Type
export type CategoryId = typeof CategoryId.Type
export type ShippingMethodId = typeof ShippingMethodId.Type
export type SessionId = typeof SessionId.Type
export type VerificationId = typeof VerificationId.Type
export type ResetTokenId = typeof ResetTokenId.Type
export type AddressId = typeof AddressId.Type
