import { Schema } from "effect"

/** The shop does not exist or is not one of the publishable key's shops. */
export class ShopNotFound extends Schema.TaggedError<ShopNotFound>()("ShopNotFound", {
  shopId: Schema.String
}) {}
