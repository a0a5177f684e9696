/**
 * Worker thread of the deflate batch encoder (deflate-batch-encoder.ts): compresses each document
 * of a batch on its own, exactly as `deflateDocumentCodec(dictionary).encode` does, and sends back
 * the compressed bytes end to end with an offset per document (one transferred buffer).
 */
import { parentPort } from "node:worker_threads"
import { documentDeflater } from "./deflate-options.ts"
import type { EncodeBatch, EncodedBatch } from "./deflate-batch-encoder.ts"

const port = parentPort
if (port === null) throw new Error("deflate-batch-worker.ts runs as a worker thread")

/** the deflater of the last dictionary (a load sends the same one with every batch) */
let deflater: { readonly dictionary: Buffer; readonly deflate: (input: Uint8Array) => Buffer } | undefined

port.on("message", (batch: EncodeBatch) => {
  const dictionary = Buffer.from(batch.dictionary.buffer, batch.dictionary.byteOffset, batch.dictionary.byteLength)
  if (deflater === undefined || !deflater.dictionary.equals(dictionary)) {
    deflater = { dictionary, deflate: documentDeflater(dictionary) }
  }
  const { deflate } = deflater
  const parts = batch.documents.map((json) => Buffer.from(deflate(Buffer.from(json, "utf8"))))
  const offsets = new Int32Array(parts.length + 1)
  let length = 0
  parts.forEach((part, index) => {
    length += part.length
    offsets[index + 1] = length
  })
  const bytes = new Uint8Array(length)
  parts.forEach((part, index) => bytes.set(part, offsets[index]!))
  const reply: EncodedBatch = { id: batch.id, bytes, offsets }
  port.postMessage(reply, [bytes.buffer, offsets.buffer])
})
