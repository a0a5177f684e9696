/**
 * The catalog read model as the server composes it: over the catalog engine's ProductSearch
 * (adapters/catalog-engine), whose documents are the HTTP adapter's Product JSON. Needs the
 * CatalogSource.
 */
import { type Duration, Layer } from "effect"
import * as EngineProductSearch from "../adapters/catalog-engine/engine-product-search.ts"
import type { DocumentCodec, DocumentCodecTrainer } from "../adapters/catalog-engine/columns/document-codec.ts"
import { productJsonDocuments } from "../adapters/http/representation/product-document.ts"
import { CatalogReadModel } from "../application/catalog/catalog-read-model.ts"

export const catalogReadModel = (options: {
  readonly pollInterval: Duration.Input
  /** How the engine keeps documents (as they are by default; the server compresses them). */
  readonly documentCodec?: DocumentCodec | DocumentCodecTrainer | undefined
}) =>
  CatalogReadModel.layer({ pollInterval: options.pollInterval }).pipe(
    Layer.provide(EngineProductSearch.layer({ format: productJsonDocuments, documentCodec: options.documentCodec }))
  )
