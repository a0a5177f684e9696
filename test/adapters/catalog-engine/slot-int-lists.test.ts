import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import { SlotIntLists } from "../../../adapters/catalog-engine/columns/slot-int-lists.ts"

// slots around the initial slot capacity (1024); lists from empty to long enough that a few of
// them outgrow the initial pool (1024 entries), so replacing them leaves waste to compact
const Operation = Schema.Struct({
  slot: Schema.Union([
    Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 12 })),
    Schema.Int.check(Schema.isBetween({ minimum: 1020, maximum: 1030 }))
  ]),
  length: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 400 })),
  base: Schema.Int.check(Schema.isBetween({ minimum: -5, maximum: 2_000_000 }))
})
const Operations = Schema.Array(Operation).check(Schema.isBetweenLength(1, 120))

const makeList = (length: number, base: number): Array<number> => Array.from({ length }, (_, index) => base + index * 7)

const listOf = (lists: SlotIntLists, slot: number): Array<number> => [...lists.get(slot)]

const viaRawArrays = (lists: SlotIntLists, slot: number): Array<number> => {
  const { lengths, offsets, values } = lists
  const start = offsets[slot]!
  return [...values.subarray(start, start + lengths[slot]!)]
}

describe("SlotIntLists", () => {
  it.prop("every slot holds the list last set for it (a Map as the model)", [Arbitrary.schema(Operations)], ([operations]) => {
    const lists = new SlotIntLists()
    const model = new Map<number, ReadonlyArray<number>>()
    for (const { base, length, slot } of operations) {
      const list = makeList(length, base)
      lists.set(slot, list)
      model.set(slot, list)
      for (const [modelSlot, expected] of model) {
        expect(listOf(lists, modelSlot)).toEqual(expected)
        expect(viaRawArrays(lists, modelSlot)).toEqual(expected)
      }
      const live = [...model.values()].reduce((total, each) => total + each.length, 0)
      expect(lists.liveLength).toBe(live)
      expect(lists.capacity).toBeGreaterThanOrEqual(live)
    }
    expect(listOf(lists, 5000)).toEqual([])
  }, { arbitrary: { runs: 100, size: 120 } })

  it("a slot never set reads as empty", () => {
    const lists = new SlotIntLists()
    lists.set(3, [1, 2])
    expect(listOf(lists, 0)).toEqual([])
    expect(viaRawArrays(lists, 2)).toEqual([])
    expect(listOf(lists, 99_999)).toEqual([])
  })

  it("replacing lists over and over does not grow the pool: the waste is compacted away", () => {
    const lists = new SlotIntLists()
    for (let slot = 0; slot < 100; slot++) lists.set(slot, [slot, slot + 1, slot + 2])
    for (let round = 0; round < 2_000; round++) {
      const slot = round % 100
      const length = 3 + (round % 7)
      lists.set(slot, Array.from({ length }, (_, index) => slot * 10 + index))
    }
    expect(lists.capacity).toBeLessThanOrEqual(4096)
    for (let slot = 0; slot < 100; slot++) {
      const round = 1_900 + slot
      const length = 3 + (round % 7)
      expect(listOf(lists, slot)).toEqual(Array.from({ length }, (_, index) => slot * 10 + index))
    }
  })

  it("100k slots of a few entries each fit in a few hundred thousand entries, not 100k arrays", () => {
    const lists = new SlotIntLists()
    for (let slot = 0; slot < 100_000; slot++) lists.set(slot, [slot % 7, slot % 11, slot % 13])
    expect(lists.liveLength).toBe(300_000)
    expect(lists.capacity).toBeLessThan(600_000)
    expect(listOf(lists, 99_999)).toEqual([99_999 % 7, 99_999 % 11, 99_999 % 13])
  })
})
