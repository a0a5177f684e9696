/**
 * The ids the domain passes around, one brand each, so a cart's id cannot be passed where a
 * customer's is expected. The brands add no runtime check (except where noted): a request naming
 * an unknown id still finds nothing (404), as before. Ids come in as plain strings only at the
 * edges (HTTP path and body, SQL rows, the import document, the id generator) and are branded
 * there by decoding with these schemas (or, for a freshly generated id, with `make`).
 */
import { Schema } from "effect"

export const ShopId = Schema.String.pipe(Schema.brand("ShopId"))
export type ShopId = typeof ShopId.Type

/** Never empty: a customer id names an account. */
export const CustomerId = Schema.NonEmptyString.pipe(Schema.brand("CustomerId"))
export type CustomerId = typeof CustomerId.Type

export const CartId = Schema.String.pipe(Schema.brand("CartId"))
export type CartId = typeof CartId.Type

/** A line of a cart or of an order (`item_…`). */
export const LineId = Schema.String.pipe(Schema.brand("LineId"))
export type LineId = typeof LineId.Type

export const OrderId = Schema.String.pipe(Schema.brand("OrderId"))
export type OrderId = typeof OrderId.Type

/** A payment session of an order (`pay_…`): one attempt to pay it through a gateway. */
export const PaymentSessionId = Schema.String.check(
  Schema.isPattern(/^pay_[A-Za-z0-9_-]{1,64}$/, { message: "Expected a payment session id (pay_…)" })
).pipe(Schema.brand("PaymentSessionId"))
export type PaymentSessionId = typeof PaymentSessionId.Type

export const ProductId = Schema.String.pipe(Schema.brand("ProductId"))
export type ProductId = typeof ProductId.Type

export const VariantId = Schema.String.pipe(Schema.brand("VariantId"))
export type VariantId = typeof VariantId.Type

export const CategoryId = Schema.String.pipe(Schema.brand("CategoryId"))
export type CategoryId = typeof CategoryId.Type

export const ShippingMethodId = Schema.String.pipe(Schema.brand("ShippingMethodId"))
export type ShippingMethodId = typeof ShippingMethodId.Type

/** A sign-in session (`ses_…`); access tokens name it (`sid`), so it dies with the session. */
export const SessionId = Schema.NonEmptyString.pipe(Schema.brand("SessionId"))
export type SessionId = typeof SessionId.Type

/** A one-time code sent for a login, a contact proof or a password reset (`ver_…`). */
export const VerificationId = Schema.NonEmptyString.pipe(Schema.brand("VerificationId"))
export type VerificationId = typeof VerificationId.Type

/** A password-reset link's token record (`rst_…`). */
export const ResetTokenId = Schema.NonEmptyString.pipe(Schema.brand("ResetTokenId"))
export type ResetTokenId = typeof ResetTokenId.Type

/** A saved address of a customer's address book: `addr_` and lower-case letters and digits. */
export const AddressId = Schema.String.check(
  Schema.isPattern(/^addr_[a-z0-9]+$/, { message: "Expected an address id (addr_…)" })
).pipe(Schema.brand("AddressId"))
export type AddressId = typeof AddressId.Type

/**
 * An address id as a request names it: any string, looked up as it is (one that names no saved
 * address of the customer is not found, 404, rather than malformed), of the AddressId type.
 */
export const AddressIdInput = Schema.String.pipe(Schema.brand("AddressId"))
