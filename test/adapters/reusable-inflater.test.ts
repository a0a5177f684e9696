/**
 * The reusable inflater gives exactly what inflateRawSync gives, input after input through one
 * stream, and never a wrong text: an input it cannot inflate (corrupt, cut short, too large for
 * its buffer) answers undefined, and so does every input after a zlib error.
 */
import { describe, expect, it } from "@effect/vitest"
import { deflateRawSync } from "node:zlib"
import { makeReusableInflater } from "../../adapters/compression/reusable-inflater.ts"

const dictionary = Buffer.from('{"id":"prod_","name":"Everyday Item","price":{"amount":1000}}')
const texts = [
  "",
  "{}",
  '{"id":"prod_1","name":"Everyday Item 1","price":{"amount":1000}}',
  JSON.stringify({ bangla: "শাড়ি", emoji: "👟", quote: "\"\\\u0000" }),
  "y".repeat(70_000)
]
const deflated = (text: string) => deflateRawSync(text, { dictionary })

describe("reusable inflater", () => {
  it("inflates many inputs through one stream, undefined for what does not fit its buffer", () => {
    const inflate = makeReusableInflater(dictionary)
    expect(inflate).toBeDefined()
    for (let round = 0; round < 3; round++) {
      for (const text of texts) {
        const result = inflate!(deflated(text))
        if (Buffer.byteLength(text) > 64 * 1024) expect(result).toBeUndefined()
        else expect(result).toBe(text)
      }
    }
  })

  it("never answers a wrong text for a corrupt or cut input, nor after it", () => {
    const inflate = makeReusableInflater(dictionary)!
    const whole = deflated(texts[2]!)
    expect(inflate(whole.subarray(0, whole.length - 4))).toBeUndefined()
    expect(inflate(Buffer.from([0xff, 0xff, 0xff, 0xff]))).toBeUndefined()
    for (const text of texts.slice(0, 4)) expect([text, undefined]).toContain(inflate(deflated(text)))
  })
})
