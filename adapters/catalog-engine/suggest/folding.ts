/**
 * How text becomes suggestion words: split on anything that is not a letter, a digit or a
 * combining mark, then fold each piece (canonical decomposition, combining marks dropped, lower
 * case), so "Crème", "CREME" and "creme" are one word. A word keeps the lower-cased text it came
 * from (its surface form): that is what a substring search over the catalog can find again.
 */

/** A word as it appears in text: `folded` is what is matched, `surface` what is shown. */
export interface TextWord {
  readonly folded: string
  readonly surface: string
}

const SEPARATORS = /[^\p{L}\p{M}\p{N}]+/u
const COMBINING_MARKS = /\p{M}+/gu

/** The matching form of a piece of text: NFD, combining marks removed, lower case. */
export const fold = (text: string): string => text.normalize("NFD").replace(COMBINING_MARKS, "").toLowerCase()

const ASCII = /^[\x00-\x7f]*$/
const ASCII_SEPARATORS = /[^a-zA-Z0-9]+/

/** The words of `text`, in order, repeats kept; pieces that fold to nothing are dropped. */
export const textWords = (text: string): Array<TextWord> => {
  const words: Array<TextWord> = []
  if (ASCII.test(text)) {
    // nothing to decompose: the same words, without the Unicode work
    for (const piece of text.toLowerCase().split(ASCII_SEPARATORS)) {
      if (piece !== "") words.push({ folded: piece, surface: piece })
    }
    return words
  }
  for (const piece of text.split(SEPARATORS)) {
    if (piece === "") continue
    const folded = fold(piece)
    if (folded !== "") words.push({ folded, surface: piece.toLowerCase() })
  }
  return words
}

/**
 * Edits a query word of this many characters may differ by and still match: none below 4, one
 * from 4, two from 8.
 */
export const allowedEdits = (length: number): number => length >= 8 ? 2 : length >= 4 ? 1 : 0
