/**
 * "Did you mean": corrected versions of a search term, closest first. Each word of the term may
 * be replaced by the prefix of a word some product holds (the whole word when it is as close)
 * that is within the word's allowed edits (folding.ts): "sharee" becomes "saree", found in
 * "sarees" by a substring search. Candidates are ordered by total distance, then by how common
 * the chosen words are (more products first). Words are written in the catalog's spelling, so a
 * substring search can find them; the caller keeps the first candidate that finds something.
 */
import { correctionTerms, type WordOption } from "../../../domain/catalog/correction-terms.ts"
import { closestPrefix } from "./edit-distance.ts"
import { allowedEdits, textWords } from "./folding.ts"
import { TYPO } from "./word-dictionary.ts"
import type { SuggestIndex } from "./suggest-index.ts"

/** Corrected terms, closest first (the combination: domain/catalog/correction-terms.ts). */
export const corrections = (index: SuggestIndex, term: string): Array<string> => {
  const tokens = textWords(term)
  if (tokens.length === 0) return []
  const { dictionary } = index
  return correctionTerms(tokens.map((token) => {
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
    return {
      surface: token.surface,
      options: options.filter((option): option is WordOption =>
        option.text !== undefined && option.distance <= edits && option.count > 0
      )
    }
  }))
}
