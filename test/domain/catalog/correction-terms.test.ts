/**
 * "Did you mean" keeps, per word, the three preferred options of distinct texts: the one-pass
 * choice agrees with sorting every option and keeping each text's first, on random option lists
 * with repeated texts and ties.
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import { correctionTerms, preferredOptions, type WordOption } from "../../../domain/catalog/correction-terms.ts"

const Option = Schema.Struct({
  text: Schema.Literals(["sari", "saree", "sarees", "sharee", "shirt", "s", "sa"]),
  distance: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 2 })),
  count: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 4 }))
})
const Options = Arbitrary.schema(Schema.Array(Option).check(Schema.isMaxLength(40)))

/** The definition: every option sorted by preference, each text's first kept, three taken. */
const byDefinition = (options: ReadonlyArray<WordOption>): Array<WordOption> =>
  [...options]
    .sort((left, right) => left.distance - right.distance || right.count - left.count || (left.text < right.text ? -1 : left.text > right.text ? 1 : 0))
    .filter((option, position, all) => all.findIndex((other) => other.text === option.text) === position)
    .slice(0, 3)

describe("correction terms", () => {
  it.prop("the preferred options of each word are those of sorting them all", [Options], ([options]) => {
    expect(preferredOptions(options)).toEqual(byDefinition(options))
  }, { arbitrary: { runs: 500 } })

  it("puts the closest, most common corrections first and leaves out the term as typed", () => {
    const terms = correctionTerms([
      { surface: "sharee", options: [{ text: "saree", distance: 1, count: 9 }, { text: "sari", distance: 2, count: 50 }, { text: "sharee", distance: 0, count: 0 }] },
      { surface: "red", options: [] }
    ])
    expect(terms).toEqual(["saree red", "sari red"])
  })
})
