/**
 * One thing wrong with a catalog import document: where (a dotted path into the document, e.g.
 * `products.12.variants.0.originalPrice`) and what.
 */
import { Schema } from "effect"

export const ImportProblem = Schema.Struct({
  path: Schema.String,
  message: Schema.String
})
export type ImportProblem = typeof ImportProblem.Type
