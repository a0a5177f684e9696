import { Schema } from "effect"
import { VariantId } from "../../shared/ids.ts"

/** The quantity asked for is more than the variant has in stock (409 `insufficient_stock`). */
export class InsufficientStock extends Schema.TaggedError<InsufficientStock>()("InsufficientStock", {
  variantId: VariantId,
  requested: Schema.Number,
  available: Schema.Number
}) {}
