/**
 * Use case: import a catalog document (docs/contract/catalog-import.md). The document is checked as a whole (schema
 * and cross-references, every problem reported) and written only when it has no problem at all.
 *
 * It is read once, as a stream of parts (document-parts.ts): validated part by part
 * (import-validation.ts) and written batch by batch inside one transaction while it is read,
 * the reading running ahead of the writing by at most `QUEUED_BATCHES` batches. A problem
 * anywhere, however late, rolls the transaction back, so nothing is written.
 */
import { Effect, Stream } from "effect"
import type { StoreUnavailable } from "../shared/store-unavailable.ts"
import { Batcher } from "./batcher.ts"
import {
  type CatalogImportSession,
  CatalogImportWriter,
  type ImportProgress,
  type ProductBatchCounts
} from "./catalog-import-writer.ts"
import { type DocumentPart, documentParts } from "./document-parts.ts"
import { addCounts, addListCounts, type ImportSummary, noChanges, noListChanges } from "./import-summary.ts"
import { ImportRejected } from "./import-rejected.ts"
import { ImportValidation, validProduct, type WriteCommand } from "./import-validation.ts"

/** Products per write. */
export const PRODUCT_BATCH_SIZE = 1_000
/** Whole batches read and checked ahead of the one being written. */
export const QUEUED_BATCHES = 2

const noProgress = (_: ImportProgress): Effect.Effect<void> => Effect.void

/** Runs the write commands against the session, adding up what they did. */
const makeWriting = (session: CatalogImportSession, onProgress: (progress: ImportProgress) => Effect.Effect<void>) => {
  let summary: ImportSummary = { ...noListChanges, products: noChanges, variants: noChanges, removedVariants: 0 }
  let productsWritten = 0
  const add = (counts: ProductBatchCounts) => {
    summary = {
      ...summary,
      products: addCounts(summary.products, counts.products),
      variants: addCounts(summary.variants, counts.variants),
      removedVariants: summary.removedVariants + counts.removedVariants
    }
  }
  const write = (command: WriteCommand): Effect.Effect<void, StoreUnavailable> =>
    command._tag === "Lists"
      ? Effect.map(session.writeLists(command.lists), (counts) => {
        summary = { ...summary, ...addListCounts(summary, counts) }
      })
      : Effect.flatMap(session.writeProducts(command.batch), (counts) => {
        add(counts)
        productsWritten += command.batch.length
        return onProgress({ productsWritten, completing: false })
      })
  const complete = Effect.andThen(
    Effect.suspend(() => onProgress({ productsWritten, completing: true })),
    Effect.map(session.completeProducts, add)
  )
  return { write, complete, summary: () => summary }
}

/** The second read, for documents listing products before what they refer to. */
const writeDeferredProducts = <E>(
  source: Stream.Stream<DocumentPart, E>,
  from: number,
  write: (command: WriteCommand) => Effect.Effect<void, StoreUnavailable>
) => {
  const batcher = new Batcher<ReturnType<typeof validProduct>>(PRODUCT_BATCH_SIZE)
  return source.pipe(
    Stream.filter((part) => part._tag === "ProductItem" && part.index >= from),
    Stream.map((part) => {
      const batch = batcher.add(validProduct(part.value))
      return batch === undefined ? [] : [batch]
    }),
    Stream.flattenIterable,
    Stream.concat(Stream.suspend(() => Stream.make(batcher.flush()))),
    Stream.runForEach((batch) => batch.length === 0 ? Effect.void : write({ _tag: "Products", batch }))
  )
}

/** Imports the document the parts come from (a file read as a stream, or `documentParts`). */
export const importCatalogFrom = Effect.fn("CatalogImport.importCatalog")(function*<E>(
  source: Stream.Stream<DocumentPart, E>,
  onProgress: (progress: ImportProgress) => Effect.Effect<void> = noProgress
): Effect.fn.Return<ImportSummary, ImportRejected | StoreUnavailable | E, CatalogImportWriter> {
  const writer = yield* CatalogImportWriter
  const existing = yield* writer.existingReferences
  return yield* writer.transaction((session) =>
    Effect.gen(function*() {
      const validation = new ImportValidation(existing, PRODUCT_BATCH_SIZE)
      const writing = makeWriting(session, onProgress)
      yield* source.pipe(
        Stream.map((part) => validation.accept(part)),
        Stream.flattenIterable,
        Stream.buffer({ capacity: QUEUED_BATCHES }),
        Stream.runForEach(writing.write)
      )
      const outcome = validation.finish()
      if (outcome.problems.length > 0) return yield* new ImportRejected({ problems: outcome.problems })
      for (const command of outcome.commands) yield* writing.write(command)
      if (outcome.deferredFrom !== null) yield* writeDeferredProducts(source, outcome.deferredFrom, writing.write)
      yield* writing.complete
      return writing.summary()
    })
  )
})

/** Imports a document held in memory (a parsed JSON value). */
export const importCatalog = (
  document: unknown,
  onProgress: (progress: ImportProgress) => Effect.Effect<void> = noProgress
): Effect.Effect<ImportSummary, ImportRejected | StoreUnavailable, CatalogImportWriter> =>
  importCatalogFrom(documentParts(document), onProgress)
