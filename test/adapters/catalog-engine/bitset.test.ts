import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import {
  type Bitset,
  clearBit,
  countBits,
  countIntersection,
  forEachBit,
  hasBit,
  intersectInto,
  makeBitset,
  nonZeroRange,
  resized,
  setBit,
  unionInto,
  wordsFor
} from "../../../adapters/catalog-engine/columns/bitset.ts"

/** A bit set of `words` words with the given slots (those beyond capacity dropped), and its Set model. */
interface Sample {
  readonly words: number
  readonly slots: ReadonlyArray<number>
}

const Words = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 5 }))
// slots cluster on word edges (0, 31, 32, 63, ...) where sign-bit and carry mistakes show
const Slot = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 159 }))
const SampleArbitrary: Arbitrary.Arbitrary<Sample> = Arbitrary.all({
  words: Arbitrary.schema(Words),
  slots: Arbitrary.schema(Schema.Array(Slot).check(Schema.isMaxLength(40))),
  edges: Arbitrary.schema(Schema.Array(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 4 }))).check(Schema.isMaxLength(6)))
}).pipe(Arbitrary.map(({ edges, slots, words }) => ({
  words,
  slots: [...slots, ...edges.flatMap((edge) => [edge * 32, edge * 32 + 31])]
})))

const build = (sample: Sample): { bits: Bitset; model: Set<number> } => {
  const bits = makeBitset(sample.words)
  const model = new Set<number>()
  for (const slot of sample.slots) {
    if (slot >= sample.words * 32) continue
    setBit(bits, slot)
    model.add(slot)
  }
  return { bits, model }
}

const members = (bits: Bitset): Array<number> => {
  const out: Array<number> = []
  forEachBit(bits, (slot) => out.push(slot))
  return out
}

const sorted = (set: Iterable<number>): Array<number> => [...set].sort((left, right) => left - right)

describe("bitset", () => {
  it("wordsFor rounds up to whole 32-bit words", () => {
    expect([0, 1, 31, 32, 33, 64, 1024, 1025].map(wordsFor)).toEqual([0, 1, 1, 1, 2, 2, 32, 33])
  })

  it("bit 31 (the sign bit of a word) is set, seen, counted and cleared like any other", () => {
    const bits = makeBitset(2)
    setBit(bits, 31)
    setBit(bits, 63)
    expect(bits[0]).toBe(0x80000000)
    expect(hasBit(bits, 31)).toBe(true)
    expect(countBits(bits)).toBe(2)
    expect(members(bits)).toEqual([31, 63])
    clearBit(bits, 31)
    expect(members(bits)).toEqual([63])
  })

  it.prop("setBit/hasBit/countBits/forEachBit agree with a Set", [SampleArbitrary], ([sample]) => {
    const { bits, model } = build(sample)
    expect(bits.length).toBe(sample.words)
    expect(countBits(bits)).toBe(model.size)
    expect(members(bits)).toEqual(sorted(model))
    for (let slot = 0; slot < sample.words * 32; slot++) expect(hasBit(bits, slot)).toBe(model.has(slot))
  }, { arbitrary: { runs: 200 } })

  it.prop("clearBit removes exactly one member", [SampleArbitrary, SampleArbitrary], ([sample, removals]) => {
    const { bits, model } = build(sample)
    for (const slot of removals.slots) {
      if (slot >= sample.words * 32) continue
      clearBit(bits, slot)
      model.delete(slot)
    }
    expect(members(bits)).toEqual(sorted(model))
    expect(countBits(bits)).toBe(model.size)
  }, { arbitrary: { runs: 200 } })

  // each binary operation against the Set operation it models: the target keeps its length, the other set is left alone
  const binaryOperations = [
    {
      title: "intersectInto = Set intersection; missing words of the other set count as empty",
      operation: intersectInto,
      model: (target: ReadonlySet<number>, other: ReadonlySet<number>) => [...target].filter((slot) => other.has(slot))
    },
    {
      title: "unionInto = Set union within the target's capacity",
      operation: unionInto,
      model: (target: ReadonlySet<number>, other: ReadonlySet<number>, capacity: number) =>
        [...target, ...[...other].filter((slot) => slot < capacity)]
    }
  ]
  for (const { title, operation, model } of binaryOperations) {
    it.prop(title, [SampleArbitrary, SampleArbitrary], ([left, right]) => {
      const target = build(left)
      const other = build(right)
      const otherBefore = other.bits.slice()
      operation(target.bits, other.bits)
      expect(target.bits.length).toBe(left.words)
      expect(members(target.bits)).toEqual(sorted(new Set(model(target.model, other.model, left.words * 32))))
      expect(other.bits).toEqual(otherBefore)
    }, { arbitrary: { runs: 200 } })
  }

  it.prop("countIntersection = size of the Set intersection, without changing either set", [SampleArbitrary, SampleArbitrary], ([left, right]) => {
    const a = build(left)
    const b = build(right)
    const [aBefore, bBefore] = [a.bits.slice(), b.bits.slice()]
    expect(countIntersection(a.bits, b.bits)).toBe([...a.model].filter((slot) => b.model.has(slot)).length)
    expect(countIntersection(b.bits, a.bits)).toBe(countIntersection(a.bits, b.bits))
    expect(a.bits).toEqual(aBefore)
    expect(b.bits).toEqual(bBefore)
  }, { arbitrary: { runs: 200 } })

  it.prop("resized copies (grown: same members; shrunk: members below capacity) and leaves the source alone", [SampleArbitrary, Arbitrary.schema(Words)], ([sample, words]) => {
    const { bits, model } = build(sample)
    const before = bits.slice()
    const copy = resized(bits, words)
    expect(copy.length).toBe(words)
    expect(copy).not.toBe(bits)
    expect(members(copy)).toEqual(sorted([...model].filter((slot) => slot < words * 32)))
    setBit(copy, 0)
    expect(bits).toEqual(before)
  }, { arbitrary: { runs: 200 } })

  it.prop("nonZeroRange spans exactly the words from the first to the last holding a slot", [SampleArbitrary], ([sample]) => {
    const { bits, model } = build(sample)
    const words = [...new Set([...model].filter((slot) => slot < sample.words * 32).map((slot) => slot >> 5))]
    const range = nonZeroRange(bits)
    if (words.length === 0) expect(range.last).toBeLessThan(range.first)
    else expect(range).toEqual({ first: Math.min(...words), last: Math.max(...words) })
  }, { arbitrary: { runs: 200 } })
})
