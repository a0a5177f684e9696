import { Schema } from "effect"

/** No product with that slug is visible in the key's shops. */
export class ProductNotFound extends Schema.TaggedError<ProductNotFound>()("ProductNotFound", {
  slug: Schema.String
}) {}
