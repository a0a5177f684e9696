import { Schema } from "effect"
import { AddressIdInput } from "../../shared/ids.ts"

/** No such address in the customer's address book, as this account may see it (404 `address_not_found`). */
export class AddressNotFound extends Schema.TaggedError<AddressNotFound>()("AddressNotFound", { addressId: AddressIdInput }) {}
