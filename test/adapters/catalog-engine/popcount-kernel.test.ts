/**
 * The WebAssembly popcount kernel counts exactly what `countIntersection` counts: random value
 * sets of any length (shorter or longer than the loaded width, missing words counting as zero),
 * random sets counted over, loads that grow the module's memory and loads that shrink the width.
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import { type Bitset, countIntersection, makeBitset, resized } from "../../../adapters/catalog-engine/columns/bitset.ts"
import { PopcountKernel } from "../../../adapters/catalog-engine/catalog-index/popcount-kernel.ts"

const Word = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 0xffffffff }))
/** mostly zero words, with runs of full, sparse and random words (sign bit included) */
const WordSeed = Schema.Struct({ kind: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 5 })), word: Word })
const wordOf = ({ kind, word }: typeof WordSeed.Type): number =>
  kind === 0 || kind === 1 ? 0 : kind === 2 ? 0xffffffff : kind === 3 ? (1 << (word & 31)) >>> 0 : word
const SetSeed = Schema.Array(WordSeed).check(Schema.isMaxLength(40))
const bitsetOf = (seed: typeof SetSeed.Type): Bitset => Uint32Array.from(seed.map(wordOf))

const Load = Schema.Struct({
  words: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 40 })),
  values: Schema.Array(SetSeed).check(Schema.isMaxLength(12)),
  sets: Schema.Array(SetSeed).check(Schema.isBetweenLength(1, 4))
})

/** popcount(set AND value) with both cut to `words` words */
const expected = (set: Bitset, value: Bitset, words: number): number => countIntersection(resized(set, words), resized(value, words))

describe("PopcountKernel", () => {
  it.prop("countWith equals countIntersection over the loaded width, across loads", [
    Arbitrary.schema(Schema.Array(Load).check(Schema.isBetweenLength(1, 3)))
  ], ([loads]) => {
    const kernel = new PopcountKernel()
    for (const load of loads) {
      const values = load.values.map(bitsetOf)
      kernel.load(values, load.words)
      for (const seed of load.sets) {
        const set = bitsetOf(seed)
        kernel.useSet(set)
        values.forEach((value, index) => expect(kernel.countWith(index)).toBe(expected(set, value, load.words)))
        expect(kernel.countWith(values.length)).toBe(0)
        expect(kernel.countWith(-1)).toBe(0)
      }
    }
  }, { arbitrary: { runs: 300 } })

  it("grows its memory past one 64 KiB page and counts dense sets", () => {
    const words = 3125 // 100,000 slots
    const values = Array.from({ length: 40 }, (_, index) => {
      const bits = makeBitset(words)
      for (let word = 0; word < words; word++) bits[word] = ((word * 2654435761) ^ (index * 40503)) >>> (index % 7)
      return bits
    })
    const set = makeBitset(words)
    for (let word = 0; word < words; word++) set[word] = word % 3 === 0 ? 0xffffffff : (word * 97) >>> 0
    const kernel = new PopcountKernel()
    kernel.load(values, words)
    kernel.useSet(set)
    expect(kernel.wordsRead).toBeGreaterThanOrEqual(words)
    values.forEach((value, index) => expect(kernel.countWith(index)).toBe(countIntersection(set, value)))
    kernel.useSet(makeBitset(words))
    expect(kernel.wordsRead).toBe(0)
    expect(kernel.countWith(0)).toBe(0)
  })
})
