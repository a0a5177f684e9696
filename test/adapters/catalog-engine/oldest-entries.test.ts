import { describe, expect, it } from "@effect/vitest"
import { batchOf, dropOldest } from "../../../adapters/catalog-engine/columns/oldest-entries.ts"

describe("dropOldest", () => {
  it("deletes the oldest entries first (a read one set again is newer) until enough", () => {
    const map = new Map([["a", 1], ["b", 2], ["c", 3], ["d", 4]])
    const read = map.get("a")!
    map.delete("a")
    map.set("a", read)
    let sum = 0
    dropOldest(map, (_, value) => (sum += value) >= 5)
    expect([...map.keys()]).toEqual(["d", "a"])
  })

  it("empties the map when never enough", () => {
    const map = new Map([[1, "x"], [2, "y"]])
    dropOldest(map, () => false)
    expect(map.size).toBe(0)
  })

  it("drops a 64th of a full cache at once, at least one entry", () => {
    expect(batchOf(16_384)).toBe(256)
    expect(batchOf(10)).toBe(1)
  })
})
