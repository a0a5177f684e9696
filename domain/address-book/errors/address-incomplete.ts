import { Schema } from "effect"

/**
 * A change to a saved address left it without what docs/contract/cart.md requires of an Address (a city or
 * a district): a validation failure of the request field named by `path` (400 `validation_failed`).
 */
export class AddressIncomplete extends Schema.TaggedError<AddressIncomplete>()("AddressIncomplete", {
  path: Schema.String,
  message: Schema.String
}) {}
