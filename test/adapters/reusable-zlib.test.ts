import { describe, expect, it } from "@effect/vitest"
import { createDeflateRaw, createInflateRaw, deflateRawSync, inflateRawSync } from "node:zlib"
import { documentDeflater } from "../../adapters/compression/deflate-options.ts"
import { reusableZlib } from "../../adapters/compression/reusable-zlib.ts"

const dictionary = Buffer.from(`{"id":"prod_","name":"","description":"","images":["https://img.example.com/p/`.repeat(20))
const inputs = [
  "",
  "{}",
  JSON.stringify({ name: "Kaffeebohnen für Gemüse", emoji: "👟🧦", bangla: "শাড়ি" }),
  // longer than the first output buffer even compressed: random-looking text
  Array.from({ length: 40_000 }, (_, index) => ((index * 2_654_435_761) >>> 0).toString(36)).join(","),
  `{"id":"prod_1","name":"Shirt","images":["https://img.example.com/p/1.jpg"]}`
].map((text) => Buffer.from(text, "utf8"))

const inflaterOf = (dictionary: Uint8Array) =>
  reusableZlib(() => createInflateRaw({ dictionary }), (input) => inflateRawSync(input, { dictionary }))

describe("reusable zlib streams", () => {
  it("one stream, used again, gives the same bytes as a stream per call, both ways", () => {
    const deflate = documentDeflater(dictionary)
    const inflate = inflaterOf(dictionary)
    const options = { level: 6, memLevel: 8, windowBits: 15, dictionary }
    for (let round = 0; round < 2; round++) {
      for (const input of inputs) {
        const compressed = Buffer.from(deflate(input))
        expect(compressed.equals(deflateRawSync(input, options))).toBe(true)
        expect(Buffer.from(inflate(compressed)).equals(input)).toBe(true)
        expect(inflateRawSync(compressed, { dictionary }).equals(input)).toBe(true)
      }
    }
  })

  it("data it cannot inflate throws, and the next call works on a new stream", () => {
    const inflate = inflaterOf(dictionary)
    expect(() => inflate(Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00]))).toThrow()
    const compressed = deflateRawSync(inputs[2]!, { dictionary })
    expect(Buffer.from(inflate(compressed)).equals(inputs[2]!)).toBe(true)
  })

  it("a cut input throws rather than answering part of the text, and the next call works", () => {
    const inflate = inflaterOf(dictionary)
    const compressed = deflateRawSync(inputs[2]!, { dictionary })
    expect(() => inflate(compressed.subarray(0, compressed.length - 4))).toThrow()
    expect(Buffer.from(inflate(compressed)).equals(inputs[2]!)).toBe(true)
  })

  it("without the stream's native handle, the per-call function is used", () => {
    let fallbacks = 0
    const run = reusableZlib(() => ({ ...createDeflateRaw(), _handle: undefined }), (input) => {
      fallbacks++
      return deflateRawSync(input)
    })
    expect(inflateRawSync(run(inputs[4]!)).equals(inputs[4]!)).toBe(true)
    expect(fallbacks).toBe(1)
  })
})

describe("reusable zlib streams checked against the public function", () => {
  it("a native handle whose first answer differs from the per-call function's is dropped for it", () => {
    const input = inputs[2]!
    const stream = createDeflateRaw()
    type WriteSync = (flush: number, chunk: Uint8Array, inOffset: number, inLength: number, out: Uint8Array, outOffset: number, outLength: number) => void
    const native = (stream as unknown as { _handle: { writeSync: WriteSync } })._handle
    const writeSync = native.writeSync.bind(native)
    // a Node whose internal call writes somewhere else than this code reads
    native.writeSync = (flush, chunk, inOffset, inLength, out, outOffset, outLength) => {
      writeSync(flush, chunk, inOffset, inLength, out, outOffset, outLength)
      out.fill(0, outOffset, outOffset + 4)
    }
    let fallbacks = 0
    const run = reusableZlib(() => stream, (given) => {
      fallbacks++
      return deflateRawSync(given)
    })
    expect(inflateRawSync(run(input)).equals(input)).toBe(true)
    expect(inflateRawSync(run(inputs[4]!)).equals(inputs[4]!)).toBe(true)
    expect(fallbacks).toBe(2)
  })

  it("a handle that agrees is checked once: later calls do not run the per-call function", () => {
    let fallbacks = 0
    const run = reusableZlib(() => createDeflateRaw(), (given) => {
      fallbacks++
      return deflateRawSync(given)
    })
    for (const input of [...inputs, ...inputs]) expect(inflateRawSync(run(input)).equals(input)).toBe(true)
    expect(fallbacks).toBe(1)
  })
})
