import { Schema } from "effect"

/** The address book already holds the most addresses a customer may keep (422 `address_limit_reached`). */
export class AddressLimitReached extends Schema.TaggedError<AddressLimitReached>()("AddressLimitReached", {
  limit: Schema.Int
}) {}
