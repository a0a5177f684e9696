/**
 * "Did you mean": corrected versions of a search term, closest first. Each word of the term may
 * be replaced by the prefix of a word some product holds (the whole word when it is as close)
 * that is within the word's allowed edits (folding.ts): "sharee" becomes "saree", found in
 * "sarees" by a substring search. Candidates are ordered by total distance, then by how common
 * the chosen words are (more products first). Words are written in the catalog's spelling, so a
 * substring search can find them; the caller keeps the first candidate that finds something.
 */
import { closestPrefix } from "./edit-distance.ts"
import { allowedEdits, textWords } from "./folding.ts"
import { TYPO } from "./word-dictionary.ts"
import type { SuggestIndex } from "./suggest-index.ts"

/** Candidate words kept per term word, and candidate terms returned. */
const PER_WORD = 3
const CANDIDATES = 5

interface Candidate {
  readonly words: ReadonlyArray<string>
  readonly distance: number
  readonly rarity: number
}

export const corrections = (index: SuggestIndex, term: string): Array<string> => {
  const tokens = textWords(term)
  if (tokens.length === 0) return []
  const { dictionary } = index
  let beam: Array<Candidate> = [{ words: [], distance: 0, rarity: 0 }]
  for (const token of tokens) {
    const edits = allowedEdits(token.folded.length)
    const options = dictionary.match(token.folded).map((match) => {
        const word = dictionary.words[match.word]!
        const surface = dictionary.surfaces[match.word]!
        // exact and prefix matches are at distance 0 as typed; only typos need the table
        const closest = match.kind === TYPO
          ? closestPrefix(token.folded, word)
          : { length: token.folded.length, distance: 0 }
        // a prefix is written in the catalog's spelling when folding kept the length
        const text = closest.length === word.length ? surface : surface.length === word.length ? surface.slice(0, closest.length) : undefined
        return { text, distance: closest.distance, count: index.productsWithWord(match.word) }
      })
      .filter((option): option is { text: string; distance: number; count: number } =>
        option.text !== undefined && option.distance <= edits && option.count > 0
      )
      .sort((left, right) => left.distance - right.distance || right.count - left.count || (left.text < right.text ? -1 : 1))
      .filter((option, position, all) => all.findIndex((other) => other.text === option.text) === position)
      .slice(0, PER_WORD)
    const choices = options.length === 0
      ? [{ surface: token.surface, distance: 0, rank: 0 }]
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
  const original = tokens.map((token) => token.surface).join(" ")
  const terms = [...new Set(beam.map((partial) => partial.words.join(" ")))].filter((text) => text !== original)
  return terms.slice(0, CANDIDATES)
}
