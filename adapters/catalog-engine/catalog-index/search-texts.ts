/**
 * What a SearchIndex searches: each product slot's lower-cased search text (name, sku,
 * description and tags, NUL-separated, name first). A column holds the texts as UTF-8 bytes
 * end to end (as a snapshot or another thread gives them) and, as strings, those written since;
 * a term is found in bytes as in strings (substrings of UTF-8 bytes are exactly those of the
 * strings), so the bytes need not become a million strings on the heap.
 */
import {
  type ByteColumn,
  indexOfBytes,
  sharedInt32,
  stringAt,
  toByteColumn,
  toByteColumnReusing,
  utf8Length
} from "../columns/shared-columns.ts"
import { LOOSE_FIELD } from "../../../domain/catalog/search-forms.ts"

/** The search texts a SearchIndex reads. */
export interface SearchTexts {
  readonly size: number
  /** A slot's text (to build a trigram index from). */
  readonly text: (slot: number) => string
  /**
   * A test of any slot against `term`, by its first occurrence: 0 no match, 1 in the loose fields
   * (after `LOOSE_FIELD`), 2 in another field, 3 within the name.
   */
  readonly matcher: (term: string) => (slot: number) => number
}

/** Separates the fields of the search text, so that no term (terms never hold NUL) spans two. */
export const FIELD_SEPARATOR = "\u0000"

/** Where the loose fields start (docs/contract/catalog.md search in Bangla; domain/catalog/search-forms.ts). */
const LOOSE_START = `${FIELD_SEPARATOR}${LOOSE_FIELD}${FIELD_SEPARATOR}`
const LOOSE_START_BYTES = new TextEncoder().encode(LOOSE_START)
const LOOSE_FIELD_BYTE = LOOSE_FIELD.charCodeAt(0)

/** Texts as bytes, with each name's length in bytes. */
export interface SearchTextBytes {
  readonly texts: ByteColumn
  readonly nameBytes: Int32Array
}

const encoder = new TextEncoder()
const utf8 = new TextDecoder()

export class SearchTextColumn {
  /** the texts as bytes, for the slots not written since */
  private readonly base: SearchTextBytes | undefined
  /** the texts written since the base (every text, without one) */
  private readonly strings: Array<string | undefined> = []
  /** the slots written since the base */
  readonly written = new Set<number>()
  /** each written text's name length, in characters */
  private readonly nameLengths: () => Int32Array

  constructor(nameLengths: () => Int32Array, base?: SearchTextBytes) {
    this.nameLengths = nameLengths
    this.base = base
  }

  set(slot: number, text: string): void {
    this.strings[slot] = text
    if (this.base !== undefined) this.written.add(slot)
  }

  get(slot: number): string {
    const text = this.strings[slot]
    if (text !== undefined) return text
    const base = this.base
    return base === undefined || slot >= base.texts.offsets.length - 1 ? "" : stringAt(base.texts, slot)
  }

  /** The name part of the slot's text (undefined for a slot never written). */
  nameKey(slot: number): string | undefined {
    const text = this.strings[slot]
    if (text !== undefined) return text.slice(0, this.nameLengths()[slot]!)
    const base = this.base
    if (base === undefined || slot >= base.texts.offsets.length - 1) return undefined
    const start = base.texts.offsets[slot]!
    return utf8.decode(base.texts.bytes.subarray(start, start + base.nameBytes[slot]!))
  }

  /** The first `size` texts as bytes, copying unchanged ones from `before` (default: the base) where given. */
  toBytes(size: number, before?: SearchTextBytes, changed: ReadonlySet<number> = this.written): SearchTextBytes {
    const from = before ?? this.base
    const lengths = this.nameLengths()
    const nameBytes = sharedInt32(size)
    for (let slot = 0; slot < size; slot++) {
      const text = this.strings[slot]
      nameBytes[slot] = from !== undefined && slot < from.nameBytes.length && !changed.has(slot)
        ? from.nameBytes[slot]!
        : utf8Length(text ?? "", lengths[slot]!)
    }
    const texts = from === undefined
      ? toByteColumn(this.strings, size)
      : toByteColumnReusing(from.texts, changed, this.strings, size)
    return { texts, nameBytes }
  }

  /** The texts as a SearchIndex reads them (`size` read when asked). */
  searchTexts(size: () => number): SearchTexts {
    const column = this
    return {
      get size() {
        return size()
      },
      text: (slot) => column.get(slot),
      matcher: (term) => {
        const needle = encoder.encode(term)
        const base = column.base
        const strings = column.strings
        const nameLengths = column.nameLengths()
        return (slot) => {
          const text = strings[slot]
          if (text !== undefined) {
            const position = text.indexOf(term)
            // the first occurrence lies within the name exactly when the name contains the term
            if (position < 0) return 0
            if (position + term.length <= nameLengths[slot]!) return 3
            // only a text that ends with LOOSE_FIELD has loose fields to look for
            if (!text.endsWith(LOOSE_FIELD)) return 2
            const loose = text.indexOf(LOOSE_START, nameLengths[slot]!)
            return loose >= 0 && position > loose ? 1 : 2
          }
          if (base === undefined || slot >= base.texts.offsets.length - 1) return 0
          const { bytes, offsets } = base.texts
          const start = offsets[slot]!
          const end = offsets[slot + 1]!
          const at = indexOfBytes(bytes, start, end, needle)
          if (at < 0) return 0
          if (at - start + needle.length <= base.nameBytes[slot]!) return 3
          if (bytes[end - 1] !== LOOSE_FIELD_BYTE) return 2
          const loose = indexOfBytes(bytes, start + base.nameBytes[slot]!, end, LOOSE_START_BYTES)
          return loose >= 0 && at > loose ? 1 : 2
        }
      }
    }
  }
}

/** Texts read in place from another thread's bytes (never written). */
export const sharedSearchTexts = (shared: {
  readonly size: number
  readonly searchTexts: ByteColumn
  readonly nameBytes: Int32Array
}): SearchTexts =>
  new SearchTextColumn(() => shared.nameBytes, { texts: shared.searchTexts, nameBytes: shared.nameBytes }).searchTexts(() => shared.size)
