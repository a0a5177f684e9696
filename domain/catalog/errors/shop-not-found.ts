import { Schema } from "effect"
import { ShopId } from "../../shared/ids.ts"

/** The shop does not exist or is not one of the publishable key's shops. */
export class ShopNotFound extends Schema.TaggedError<ShopNotFound>()("ShopNotFound", {
  shopId: ShopId
}) {}
