import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import { Batcher } from "../../application/catalog-import/batcher.ts"

const Size = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 40 }))
const Count = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 400 }))

describe("Batcher", () => {
  it.prop(
    "hands out every item once, in order, in full batches and one short last batch, never holding a full batch",
    [Arbitrary.schema(Size), Arbitrary.schema(Count)],
    ([size, count]) => {
      const batcher = new Batcher<number>(size)
      const handedOut: Array<ReadonlyArray<number>> = []
      for (let item = 0; item < count; item++) {
        const batch = batcher.add(item)
        // what it holds is bounded by the batch size whatever the number of items
        expect(batcher.held).toBeLessThan(size)
        if (batch !== undefined) {
          expect(batch.length).toBe(size)
          handedOut.push(batch)
        }
      }
      const last = batcher.flush()
      expect(last.length).toBe(count % size)
      expect(batcher.held).toBe(0)
      expect([...handedOut, last].flat()).toEqual(Array.from({ length: count }, (_, item) => item))
      expect(handedOut.length).toBe(Math.floor(count / size))
    }
  )

  it("refuses a batch size that is not a positive integer", () => {
    expect(() => new Batcher(0)).toThrow(RangeError)
    expect(() => new Batcher(2.5)).toThrow(RangeError)
  })
})
