/**
 * The document codec's deflate (deflate-document-codec.ts): raw deflate, level 6, memLevel 8, the
 * default strategy, the trained preset dictionary; one stream used again for every document
 * (reusable-zlib.ts).
 */
import { constants, createDeflateRaw, deflateRawSync, type ZlibOptions } from "node:zlib"
import { reusableZlib } from "./reusable-zlib.ts"

const compressOptions = (dictionary: Uint8Array): ZlibOptions => ({
  level: 6,
  memLevel: 8,
  windowBits: 15,
  strategy: constants.Z_DEFAULT_STRATEGY,
  dictionary
})

/** Compresses one document at a time; the result is valid until the next call. */
export const documentDeflater = (dictionary: Uint8Array): (input: Uint8Array) => Buffer => {
  const options = compressOptions(dictionary)
  return reusableZlib(() => createDeflateRaw(options), (input) => deflateRawSync(input, options))
}
