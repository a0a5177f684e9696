/**
 * "Did you mean": corrected versions of a search term, closest first. Each word of the term may
 * be replaced by a dictionary word held by some product whose whole-word edit distance is within
 * the word's allowed edits (folding.ts); a word is its own candidate at distance 0 when the
 * dictionary holds it. Candidates are ordered by total distance, then by how often the chosen
 * words occur (more products first), then by text. Words are written in their surface form, so a
 * substring search can find them; the caller keeps the first candidate that finds something.
 */
import { osaDistance } from "./edit-distance.ts"
import { allowedEdits, textWords } from "./folding.ts"
import type { SuggestIndex } from "./suggest-index.ts"
import { TYPO } from "./word-dictionary.ts"

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
    const options = dictionary.match(token.folded)
      .filter((match) => match.kind !== TYPO || dictionary.words[match.word]!.length <= token.folded.length + edits)
      .map((match) => ({
        word: match.word,
        distance: osaDistance(token.folded, dictionary.words[match.word]!),
        count: index.productsWithWord(match.word)
      }))
      .filter((option) => option.distance <= edits && option.count > 0)
      .sort((left, right) =>
        left.distance - right.distance || right.count - left.count ||
        (dictionary.words[left.word]! < dictionary.words[right.word]! ? -1 : 1)
      )
      .slice(0, PER_WORD)
    const choices = options.length === 0
      ? [{ surface: token.surface, distance: 0, rank: 0 }]
      : options.map((option, rank) => ({ surface: dictionary.surfaces[option.word]!, distance: option.distance, rank }))
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
