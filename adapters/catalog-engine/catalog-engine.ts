/**
 * The catalog engine's one entry, for the composition root and the library: the ProductSearch
 * over the in-memory index (on the event loop, or with listings on worker threads) and the
 * document codec the index compresses product documents with. Everything else in this folder
 * is the engine's own.
 */
export * as EngineProductSearch from "./engine-product-search.ts"
export * as WorkerProductSearch from "./workers/worker-product-search.ts"
export { dictionaryDocumentCodecTrainer, documentCodecFromDescription } from "./compression/dictionary-document-codec.ts"
export type { DocumentCodec, DocumentCodecTrainer } from "./columns/document-codec.ts"
