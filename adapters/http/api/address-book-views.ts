/** Bodies of /customers/me/addresses: a saved address is the cart's Address plus its id and times. */
import { Schema } from "effect"
import { AddressIdInput } from "../../../domain/shared/ids.ts"
import { AddressView } from "./cart-views.ts"

export const SavedAddressView = Schema.Struct({
  id: AddressIdInput,
  ...AddressView.fields,
  createdAt: Schema.String,
  updatedAt: Schema.String
}).annotate({ identifier: "SavedAddress" })
export type SavedAddressView = typeof SavedAddressView.Type

export const SavedAddressListView = Schema.Struct({ data: Schema.Array(SavedAddressView) })
  .annotate({ identifier: "SavedAddressList" })
