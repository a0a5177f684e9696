import { Schema } from "effect"

/** The quantity asked for is more than the variant has in stock (409 `insufficient_stock`). */
export class InsufficientStock extends Schema.TaggedError<InsufficientStock>()("InsufficientStock", {
  variantId: Schema.String,
  requested: Schema.Number,
  available: Schema.Number
}) {}
