/** Loads the demo catalog when the database holds no catalog yet (first `npm start`). */
import { Effect, Layer } from "effect"
import { CatalogImportWriter } from "../application/catalog-import/catalog-import-writer.ts"
import { importCatalog } from "../application/catalog-import/import-catalog.ts"
import { demoCatalogDocument } from "./demo-catalog.ts"

export const layer = Layer.effectDiscard(Effect.gen(function*() {
  const writer = yield* CatalogImportWriter
  const existing = yield* writer.existingReferences
  if (existing.shopIds.length > 0) return
  const summary = yield* importCatalog(demoCatalogDocument())
  yield* Effect.logInfo("demo catalog loaded").pipe(Effect.annotateLogs({ products: summary.products.inserted }))
}).pipe(Effect.orDie))
