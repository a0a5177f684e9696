import { Schema } from "effect"

/** A line quantity outside 1..999 (400 `validation_failed`, path `quantity`). `quantity` is the requested resulting line quantity. */
export class QuantityOutOfRange extends Schema.TaggedError<QuantityOutOfRange>()("QuantityOutOfRange", { quantity: Schema.Number, minimum: Schema.Number, maximum: Schema.Number }) {}
