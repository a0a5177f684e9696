import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { TrigramIndex } from "../../../adapters/catalog-engine/catalog-index/trigram-index.ts"

/** Few characters, so texts share trigrams; NUL (the field separator), non-ASCII and a surrogate pair among them. */
const ALPHABET = ["a", "b", "c", " ", "\u0000", "é", "ß", "😀", "1"]
const Text = Schema.Array(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: ALPHABET.length - 1 }))).check(
  Schema.isMaxLength(40)
)
const spell = (codes: ReadonlyArray<number>): string => codes.map((code) => ALPHABET[code]!).join("")

describe("TrigramIndex", () => {
  it.prop(
    "the candidates of a term hold every text that holds it (a term without NUL, of 3+ code units)",
    [Schema.Array(Text).check(Schema.isMaxLength(60)), Text, Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 59 }))],
    ([codes, termCodes, from]) => {
      const texts = codes.map(spell)
      const index = new TrigramIndex((slot) => texts[slot] ?? "", texts.length)
      // a term taken from one of the texts (so that it has matches) or made up
      const source = texts[from % Math.max(1, texts.length)] ?? ""
      const candidatesTerms = [spell(termCodes), source.slice(from % 7, (from % 7) + 3 + (from % 5))]
      for (const term of candidatesTerms) {
        if (term.length < 3 || term.includes("\u0000")) continue
        const candidates = new Set(index.candidates(term))
        const sorted = [...index.candidates(term)]
        expect(sorted).toEqual([...sorted].sort((left, right) => left - right))
        texts.forEach((text, slot) => {
          if (text.includes(term)) expect(candidates.has(slot), `${JSON.stringify(term)} in slot ${slot}`).toBe(true)
        })
      }
    },
    { arbitrary: { runs: 300, size: 40 } }
  )

  it("covers only the slots it was built over, and slots past a gap", () => {
    const texts = ["classic tee", "", "a classic\u0000mug", "classic"]
    const index = new TrigramIndex((slot) => texts[slot] ?? "", 3)
    expect([...index.candidates("classic")]).toEqual([0, 2])
    expect([...index.candidates("c\u0000m")]).toEqual([])
    expect([...index.candidates("zzz")]).toEqual([])
  })

  it("finds slots far apart (deltas of several bytes)", () => {
    const texts: Array<string> = []
    texts[0] = "needle"
    texts[200_000] = "a needle"
    texts[2_100_000] = "needles"
    const index = new TrigramIndex((slot) => texts[slot] ?? "", 2_100_001)
    expect([...index.candidates("needle")]).toEqual([0, 200_000, 2_100_000])
  })
})
