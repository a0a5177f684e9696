/** How the catalog engine is set up: its document format and codec. */
import type { ProductDocumentFormat } from "../../application/catalog/product-search.ts"
import type { DocumentCodec, DocumentCodecDescription, DocumentCodecTrainer } from "./columns/document-codec.ts"

export interface EngineOptions {
  readonly format: ProductDocumentFormat
  /** How documents are kept (as they are by default; the server compresses them). */
  readonly documentCodec?: DocumentCodec | DocumentCodecTrainer | undefined
  /** The codec a description names (a snapshot's documents are read with it); absent: no snapshots. */
  readonly codecFromDescription?: ((description: DocumentCodecDescription) => DocumentCodec) | undefined
}

/** The catalog index's options an engine's options make. */
export const engineIndexOptions = (options: EngineOptions) => ({
  documentCodec: options.documentCodec,
  render: options.format.render
})
