/**
 * Use case: import a catalog document (CONTRACT §9). The document is checked as a whole (schema
 * and cross-references, every problem reported) and written only when it has no problem at all.
 */
import { Effect, Result } from "effect"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"
import { toCatalogImportData } from "./catalog-import-data.ts"
import { CatalogImportWriter, type ImportProgress } from "./catalog-import-writer.ts"
import { decodeImportDocument } from "./import-document.ts"
import { checkDocumentReferences } from "./import-document-references.ts"
import { ImportRejected } from "./import-rejected.ts"
import type { ImportSummary } from "./import-summary.ts"

const noProgress = (_: ImportProgress): Effect.Effect<void> => Effect.void

export const importCatalog = Effect.fn("importCatalog")(function*(
  document: unknown,
  onProgress: (progress: ImportProgress) => Effect.Effect<void> = noProgress
): Effect.fn.Return<ImportSummary, ImportRejected | StoreUnavailable, CatalogImportWriter> {
  const writer = yield* CatalogImportWriter
  const decoded = decodeImportDocument(document)
  const existing = yield* writer.existingReferences
  const problems = [
    ...(Result.isFailure(decoded) ? decoded.failure : []),
    ...checkDocumentReferences(document, existing)
  ]
  if (Result.isFailure(decoded) || problems.length > 0) {
    return yield* new ImportRejected({ problems })
  }
  return yield* writer.write(toCatalogImportData(decoded.success), onProgress)
})
