import { Schema } from "effect"

/** A cart was created without `shopId` through a key that scopes several shops (400 `validation_failed`). */
export class ShopIdRequired extends Schema.TaggedError<ShopIdRequired>()("ShopIdRequired", {
  shopCount: Schema.Number
}) {}
