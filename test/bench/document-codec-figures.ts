// The document codec's compression, one way per process: this project's codec
// (adapters/catalog-engine/compression/dictionary-document-codec.ts: a trained dictionary and trained prefix
// codes, in TypeScript) against Node's public per-call functions with the same dictionary
// (deflateRawSync / inflateRawSync, and zstd) and a pure-JS deflate with the same dictionary
// (fflate: no native state, so nothing left in the C heap), over the products of the generated bench catalog:
// µs per document to encode and to decode (decoded 3 times), bytes per document, and how much RSS
// grew while encoding them all. Not a test:
//   node test/bench/document-codec-figures.ts CATALOG.json [dictionary|per-call|zstd|fflate ...]
// With no way named it runs each in a child process of its own, alternated over 3 rounds.
import { spawnSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { constants, deflateRawSync, inflateRawSync, zstdCompressSync, zstdDecompressSync } from "node:zlib"
import { deflateSync as fflateDeflate, inflateSync as fflateInflate } from "fflate"
import { trainDictionary } from "../../adapters/catalog-engine/compression/compression-dictionary.ts"
import { DEFAULT_DICTIONARY, dictionaryDocumentCodec, trainCodecData } from "../../adapters/catalog-engine/compression/dictionary-document-codec.ts"

type Way = "dictionary" | "per-call" | "zstd" | "fflate"
const WAYS: ReadonlyArray<Way> = ["dictionary", "per-call", "zstd", "fflate"]

const [catalogFile, ...named] = process.argv.slice(2)
if (catalogFile === undefined) throw new Error("usage: document-codec-figures.ts CATALOG.json [way ...]")

const codecOf = (way: Way, samples: ReadonlyArray<string>) => {
  if (way === "dictionary") {
    const codec = dictionaryDocumentCodec(trainCodecData(samples))
    return {
      encode: (input: Buffer) => Buffer.from(codec.encode(input.toString("utf8")), "latin1"),
      decode: (input: Uint8Array) => codec.decodeBytes!(input)
    }
  }
  // zlib's window is 32 KiB, and a dictionary of that size leaves no room for the document
  const dictionary = trainDictionary(samples, { ...DEFAULT_DICTIONARY, size: 16 * 1024 })
  const inflateOptions = { windowBits: 15, dictionary }
  if (way === "fflate") {
    const utf8 = new TextDecoder()
    return {
      encode: (input: Buffer) => fflateDeflate(input, { level: 6, mem: 8, dictionary }),
      decode: (input: Uint8Array) => utf8.decode(fflateInflate(input, { dictionary }))
    }
  }
  if (way === "per-call") {
    const options = { level: 6, memLevel: 8, windowBits: 15, strategy: constants.Z_DEFAULT_STRATEGY, dictionary }
    return { encode: (input: Buffer) => deflateRawSync(input, options), decode: (input: Uint8Array) => inflateRawSync(input, inflateOptions).toString("utf8") }
  }
  return {
    encode: (input: Buffer) => zstdCompressSync(input, { dictionary, params: { [constants.ZSTD_c_compressionLevel]: 3 } }),
    decode: (input: Uint8Array) => zstdDecompressSync(input, { dictionary }).toString("utf8")
  }
}

const measure = (way: Way) => {
  const catalog = JSON.parse(readFileSync(catalogFile, "utf8")) as { products: ReadonlyArray<unknown> }
  const documents = catalog.products.map((product) => Buffer.from(JSON.stringify(product), "utf8"))
  const codec = codecOf(way, documents.slice(0, 2_000).map((document) => document.toString("utf8")))
  const rssBefore = process.memoryUsage().rss
  let started = performance.now()
  const encoded: Array<Uint8Array> = documents.map((document) => codec.encode(document))
  const encodeMs = performance.now() - started
  const rssGrowth = process.memoryUsage().rss - rssBefore
  started = performance.now()
  let decodedBytes = 0
  for (let round = 0; round < 3; round++) for (const stored of encoded) decodedBytes += Buffer.byteLength(codec.decode(stored))
  const decodeMs = (performance.now() - started) / 3
  const storedBytes = encoded.reduce((sum, stored) => sum + stored.length, 0)
  const rawBytes = documents.reduce((sum, document) => sum + document.length, 0)
  if (decodedBytes !== rawBytes * 3) throw new Error(`${way}: decoded ${decodedBytes} bytes, expected ${rawBytes * 3}`)
  const perDocument = (ms: number) => (ms * 1000 / documents.length).toFixed(1)
  console.log(
    `${way.padEnd(8)} ${documents.length} docs: encode ${perDocument(encodeMs)} µs, decode ${perDocument(decodeMs)} µs, ` +
      `${(storedBytes / documents.length).toFixed(0)} of ${(rawBytes / documents.length).toFixed(0)} bytes, ` +
      `RSS +${(rssGrowth / 1e6).toFixed(0)} MB while encoding`
  )
}

if (named.length > 0) {
  for (const way of named) {
    if (!WAYS.includes(way as Way)) throw new Error(`unknown way "${way}"; one of ${WAYS.join(", ")}`)
    measure(way as Way)
  }
} else {
  for (let round = 1; round <= 3; round++) {
    for (const way of WAYS) {
      const child = spawnSync(process.execPath, [process.argv[1]!, catalogFile, way], { stdio: "inherit" })
      if (child.status !== 0) throw new Error(`${way} exited with ${child.status}`)
    }
  }
}
