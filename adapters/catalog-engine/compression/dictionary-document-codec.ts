/**
 * The production DocumentCodec: each product document compressed on its own, in plain
 * TypeScript, against what the first documents the index rendered have in common: a preset
 * dictionary of their most shared byte runs (compression-dictionary.ts) and prefix codes for
 * the symbols that their parse against it yields (static-huffman-codec.ts). The dictionary is
 * hashed once (dictionary-matcher.ts), so a document costs only its own bytes: there is no stream
 * to set up per call and no native state.
 *
 * The stored form is a latin1 string (one byte per character) whose bytes the index keeps in a
 * DocumentArena, outside the heap; `decodeBytes` reads them where they lie. The description
 * (dictionary and code lengths) lets a listing worker or a snapshot make the same codec again.
 */
import type { DocumentCodec, DocumentCodecDescription, DocumentCodecTrainer } from "../columns/document-codec.ts"
import { type DictionaryOptions, trainDictionary } from "./compression-dictionary.ts"
import { DictionaryMatcher } from "./dictionary-matcher.ts"
import { codeLengths, MAX_CODE_BITS } from "./huffman-code.ts"
import {
  countSymbols,
  DISTANCE_SYMBOLS,
  LITERAL_SYMBOLS,
  type SymbolCodes,
  symbolReader,
  symbolWriter
} from "./static-huffman-codec.ts"

export const DEFAULT_DICTIONARY: DictionaryOptions = { size: 32 * 1024, segmentLength: 96, gramLength: 8 }
const DEFAULT_SAMPLE_SIZE = 2_000
const KIND = "dictionary-huffman"

export interface DictionaryCodecData extends SymbolCodes {
  readonly dictionary: Uint8Array
}

export const dictionaryDocumentCodec = (data: DictionaryCodecData): DocumentCodec => {
  // the encoding side (~0.5 MB of hash chains) is made on the first encode: listing workers only read
  let encoder: { readonly matcher: DictionaryMatcher; readonly write: ReturnType<typeof symbolWriter> } | undefined
  const read = symbolReader(data.dictionary, data)
  return {
    encode: (json) => {
      encoder ??= { matcher: new DictionaryMatcher(data.dictionary), write: symbolWriter(data) }
      const parse = encoder.matcher.parse(json)
      return encoder.write(parse.operations, parse.count)
    },
    decode: (stored) => read(Buffer.from(stored, "latin1")),
    decodeBytes: read,
    description: { kind: KIND, data: describe(data) }
  }
}

/** Trains the codec's data on sample documents: the dictionary, then codes for their parse against it. */
export const trainCodecData = (samples: ReadonlyArray<string>, options: DictionaryOptions = DEFAULT_DICTIONARY): DictionaryCodecData => {
  const dictionary = trainDictionary(samples, options)
  const matcher = new DictionaryMatcher(dictionary)
  const literals = new Float64Array(LITERAL_SYMBOLS)
  const distances = new Float64Array(DISTANCE_SYMBOLS)
  for (const sample of samples) {
    const parse = matcher.parse(sample)
    countSymbols(parse.operations, parse.count, literals, distances)
  }
  return { dictionary, literalLengths: codeLengths(literals), distanceLengths: codeLengths(distances) }
}

/** Dictionary length (4 bytes, little-endian), the dictionary, then each symbol's code length. */
const describe = (data: DictionaryCodecData): Uint8Array => {
  const bytes = new Uint8Array(4 + data.dictionary.length + LITERAL_SYMBOLS + DISTANCE_SYMBOLS)
  new DataView(bytes.buffer).setUint32(0, data.dictionary.length, true)
  bytes.set(data.dictionary, 4)
  bytes.set(data.literalLengths, 4 + data.dictionary.length)
  bytes.set(data.distanceLengths, 4 + data.dictionary.length + LITERAL_SYMBOLS)
  return bytes
}

const described = (bytes: Uint8Array): DictionaryCodecData => {
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true)
  if (bytes.length !== 4 + length + LITERAL_SYMBOLS + DISTANCE_SYMBOLS) throw new Error("malformed document codec description")
  const codes = 4 + length
  const literalLengths = bytes.slice(codes, codes + LITERAL_SYMBOLS)
  const distanceLengths = bytes.slice(codes + LITERAL_SYMBOLS)
  // every symbol has a code the reader's tables can hold, and the codes are a complete prefix code
  for (const lengths of [literalLengths, distanceLengths]) {
    if (!lengths.every((bits) => bits >= 1 && bits <= MAX_CODE_BITS) || lengths.reduce((sum, bits) => sum + 2 ** -bits, 0) !== 1) {
      throw new Error("malformed document codec description")
    }
  }
  return { dictionary: bytes.slice(4, codes), literalLengths, distanceLengths }
}

/** The codec a shared index's description names (in a listing worker or a snapshot, from what the writer trained). */
export const documentCodecFromDescription = (description: DocumentCodecDescription): DocumentCodec => {
  if (description.kind !== KIND) throw new Error(`unknown document codec "${description.kind}"`)
  return dictionaryDocumentCodec(described(description.data))
}

/** Trains the codec on the first `sampleSize` documents the index renders. */
export const dictionaryDocumentCodecTrainer = (options: {
  readonly sampleSize?: number
  readonly dictionary?: DictionaryOptions
} = {}): DocumentCodecTrainer => ({
  sampleSize: options.sampleSize ?? DEFAULT_SAMPLE_SIZE,
  train: (samples) => dictionaryDocumentCodec(trainCodecData(samples, options.dictionary ?? DEFAULT_DICTIONARY))
})
