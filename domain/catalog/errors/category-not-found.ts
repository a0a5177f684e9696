import { Schema } from "effect"

/** No category with that id or slug. */
export class CategoryNotFound extends Schema.TaggedError<CategoryNotFound>()("CategoryNotFound", {
  reference: Schema.String
}) {}
