/**
 * How text becomes suggestion words: normalised (domain/catalog/bangla-text.ts), split on anything
 * that is not a letter, a digit or a combining mark, then each piece folded (Bangla spelling key,
 * canonical decomposition, combining marks dropped, lower case), so "Crème", "CREME" and "creme"
 * are one word, and so are শাড়ি and শাড়ী. A word keeps the lower-cased text it came from (its
 * surface form): that is what a substring search over the catalog can find again. A thing is also
 * found by the phonetic key of each of its Bangla words, a word of its own (`KEY_WORD` and the
 * key), which a typed word of Latin letters looks up exactly or as a prefix.
 */
import { hasBangla, normaliseText, phoneticKey, spellingKey } from "../../../domain/catalog/bangla-text.ts"


/** A word as it appears in text: `folded` is what is matched, `surface` what is shown. */
export interface TextWord {
  readonly folded: string
  readonly surface: string
}

const SEPARATORS = /[^\p{L}\p{M}\p{N}]+/u
const COMBINING_MARKS = /\p{M}+/gu

/** The matching form of a piece of text: NFD, combining marks removed, lower case. */
export const fold = (text: string): string =>
  (hasBangla(text) ? spellingKey(normaliseText(text)) : text).normalize("NFD").replace(COMBINING_MARKS, "").toLowerCase()

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
  for (const piece of normaliseText(text).split(SEPARATORS)) {
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

/** Opens a phonetic key word (no folded word starts with it). */
export const KEY_WORD = "\u0001"

/** Keys this long or longer are looked up (a one-sound key would match too many words). */
const KEY_LOOKUP_FROM = 2

/** The words a product or category is found by: its text's words, then its Bangla words' phonetic keys. */
export const indexWords = (text: string): Array<TextWord> => {
  const words = textWords(text)
  const keys: Array<TextWord> = []
  for (const word of words) {
    if (!hasBangla(word.surface)) continue
    const key = phoneticKey(word.surface)
    if (key !== undefined) keys.push({ folded: KEY_WORD + key, surface: word.surface })
  }
  return keys.length === 0 ? words : [...words, ...keys]
}

/** A typed word and, for one of Latin letters, the phonetic key word it also matches (exactly or as a prefix). */
export interface TypedWord extends TextWord {
  readonly key: string | undefined
}

const LATIN_LETTERS = /^[a-z]+$/

export const typedWords = (text: string): Array<TypedWord> =>
  textWords(text).map((word) => {
    const key = LATIN_LETTERS.test(word.surface) ? phoneticKey(word.surface) : undefined
    return { ...word, key: key !== undefined && key.length >= KEY_LOOKUP_FROM ? KEY_WORD + key : undefined }
  })
