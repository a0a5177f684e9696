/** What a SearchIndex searches: each product slot's lower-cased search text, the name first. */
import { type ByteColumn, indexOfBytes } from "../columns/shared-columns.ts"

/** The search texts a SearchIndex reads: each slot's lower-cased text, the name first. */
export interface SearchTexts {
  readonly size: number
  /** the texts as strings, to build a trigram index from (absent where the index comes built) */
  readonly strings: ReadonlyArray<string> | undefined
  /** A test of any slot against `term`: 0 no match, 1 a match, 2 a match within the name. */
  readonly matcher: (term: string) => (slot: number) => number
}

const encoder = new TextEncoder()

/** Search texts read from a shared UTF-8 column: substrings of UTF-8 bytes are exactly those of the strings. */
export const sharedSearchTexts = (shared: {
  readonly size: number
  readonly searchTexts: ByteColumn
  readonly nameBytes: Int32Array
}): SearchTexts => {
  const { bytes, offsets } = shared.searchTexts
  const { nameBytes, size } = shared
  return {
    size,
    strings: undefined,
    matcher: (term) => {
      const needle = encoder.encode(term)
      return (slot) => {
        const start = offsets[slot]!
        const at = indexOfBytes(bytes, start, offsets[slot + 1]!, needle)
        return at < 0 ? 0 : at - start + needle.length <= nameBytes[slot]! ? 2 : 1
      }
    }
  }
}

/** Separates the fields of the search text, so that no term (terms never hold NUL) spans two. */
export const FIELD_SEPARATOR = "\u0000"
