/**
 * The catalog read model as the server composes it: over the catalog engine's ProductSearch
 * (adapters/catalog-engine), with listings on worker threads when `workers` > 0
 * (adapters/catalog-engine/workers, CATALOG_WORKERS), whose documents are the HTTP adapter's Product
 * JSON. Needs the CatalogSource.
 */
import { type Duration, Layer } from "effect"
import {
  type DocumentCodec,
  type DocumentCodecTrainer,
  documentCodecFromDescription,
  EngineProductSearch,
  WorkerProductSearch
} from "../adapters/catalog-engine/catalog-engine.ts"
import { productJsonDocuments } from "../adapters/http/representation/product-document.ts"
import { CatalogReadModel } from "../application/catalog/catalog-read-model.ts"

export const catalogReadModel = (options: {
  readonly pollInterval: Duration.Input
  /** How the engine keeps documents (as they are by default; the server compresses them). */
  readonly documentCodec?: DocumentCodec | DocumentCodecTrainer | undefined
  readonly workers?: number | undefined
  /** With it (and a CatalogSnapshotStore), starts read snapshots and store those of catalogs this large or larger. */
  readonly snapshotMinProducts?: number | undefined
  /** The share of a snapshot's products changed since it past which a start stores a new one (catalog-snapshots.ts). */
  readonly snapshotStaleShare?: number | undefined
}) =>
  CatalogReadModel.layer({
    pollInterval: options.pollInterval,
    snapshots: options.snapshotMinProducts === undefined
      ? undefined
      : { minProducts: options.snapshotMinProducts, staleShare: options.snapshotStaleShare }
  }).pipe(Layer.provide(productSearch(options)))

/** The engine's ProductSearch, with `workers` listing workers (none by default). */
export const productSearch = (options: {
  readonly documentCodec?: DocumentCodec | DocumentCodecTrainer | undefined
  readonly workers?: number | undefined
}) => {
  // a snapshot's documents are read with the codec its description names
  const engine = { format: productJsonDocuments, documentCodec: options.documentCodec, codecFromDescription: documentCodecFromDescription }
  return (options.workers ?? 0) > 0
    ? WorkerProductSearch.layer({ workers: options.workers ?? 0, engine })
    : EngineProductSearch.layer(engine)
}
