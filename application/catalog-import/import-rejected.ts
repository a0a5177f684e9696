/** The import document was refused as a whole, with every problem found; nothing was written. */
import { Schema } from "effect"
import { ImportProblem } from "./import-problem.ts"

export class ImportRejected extends Schema.TaggedError<ImportRejected>()("ImportRejected", {
  problems: Schema.Array(ImportProblem)
}) {}
