/** Bodies of /customers/me: the interface's Customer plus its verification flags. */
import { Schema } from "effect"
import { CustomerName } from "../../../domain/customer/customer.ts"
import { EmailFromInput } from "../../../domain/customer/email.ts"
import { PhoneFromInput } from "../../../domain/customer/phone.ts"
import { AddressIdInput } from "../../../domain/shared/ids.ts"

export const CustomerView = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  avatarUrl: Schema.NullOr(Schema.String),
  defaultShippingAddressId: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
  emailVerified: Schema.Boolean,
  phoneVerified: Schema.Boolean
}).annotate({ identifier: "Customer" })

export const UpdateProfileBody = Schema.Struct({
  name: Schema.optionalKey(CustomerName),
  email: Schema.optionalKey(Schema.NullOr(EmailFromInput)),
  phone: Schema.optionalKey(Schema.NullOr(PhoneFromInput)),
  /** One of the customer's saved addresses (/customers/me/addresses), or null for none. */
  defaultShippingAddressId: Schema.optionalKey(Schema.NullOr(AddressIdInput))
})
