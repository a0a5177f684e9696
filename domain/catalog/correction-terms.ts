/**
 * How "did you mean" puts a corrected search term together. Each word of the term comes with
 * the catalog words it may be corrected to (each with its edit distance and how many products
 * hold it); up to three are kept per word (closest first, then held by more products, then by
 * text), the word as typed when there is none. Terms are ranked by total distance, then by the
 * sum of their choices' ranks, and the five best that differ from the term as typed are returned.
 */

export interface WordOption {
  readonly text: string
  readonly distance: number
  /** Products holding the word. */
  readonly count: number
}

export interface TermWord {
  /** The word as typed (lower-cased). */
  readonly surface: string
  readonly options: ReadonlyArray<WordOption>
}

const PER_WORD = 3
const CANDIDATES = 5

interface PartialTerm {
  readonly words: ReadonlyArray<string>
  readonly distance: number
  readonly rarity: number
}

/** Closest first, then held by more products, then by text. */
const preferred = (left: WordOption, right: WordOption): number =>
  left.distance - right.distance || right.count - left.count || (left.text < right.text ? -1 : left.text > right.text ? 1 : 0)

/**
 * The PER_WORD preferred options of distinct texts, each text by its preferred option, in one
 * pass: a short word may match a hundred thousand catalog words, which sorting whole (and
 * de-duplicating pairwise) made most of a listing's time at a million products.
 */
export const preferredOptions = (options: ReadonlyArray<WordOption>): Array<WordOption> => {
  const best: Array<WordOption> = []
  for (const option of options) {
    const same = best.findIndex((kept) => kept.text === option.text)
    if (same >= 0) {
      if (preferred(option, best[same]!) >= 0) continue
      best.splice(same, 1)
    }
    let at = best.length
    while (at > 0 && preferred(option, best[at - 1]!) < 0) at--
    if (at >= PER_WORD) continue
    best.splice(at, 0, option)
    if (best.length > PER_WORD) best.pop()
  }
  return best
}

export const correctionTerms = (words: ReadonlyArray<TermWord>): Array<string> => {
  let beam: Array<PartialTerm> = [{ words: [], distance: 0, rarity: 0 }]
  for (const word of words) {
    const options = preferredOptions(word.options)
    const choices = options.length === 0
      ? [{ surface: word.surface, distance: 0, rank: 0 }]
      : options.map((option, rank) => ({ surface: option.text, distance: option.distance, rank }))
    beam = beam
      .flatMap((partial) =>
        choices.map((choice) => ({
          words: [...partial.words, choice.surface],
          distance: partial.distance + choice.distance,
          rarity: partial.rarity + choice.rank
        }))
      )
      .sort((left, right) => left.distance - right.distance || left.rarity - right.rarity)
      .slice(0, CANDIDATES * 2)
  }
  const original = words.map((word) => word.surface).join(" ")
  return [...new Set(beam.map((partial) => partial.words.join(" ")))].filter((text) => text !== original).slice(0, CANDIDATES)
}
