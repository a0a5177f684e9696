/**
 * What a listing search compares (docs/contract/catalog.md): a product's search fields and a query's terms.
 *
 * A product's fields (name, sku, description, tags, translations; lower-cased) are its exact
 * fields, followed where they differ by their normalised forms. A field holding Bangla also
 * gives loose fields: its spelling key, and its Bangla words' phonetic keys, each between
 * `KEY_MARK`s. A query's exact terms are the term and its normalised form; its loose terms are
 * its spelling key (Bangla) or its words' phonetic keys (Latin letters only, whole words in
 * order). A product matches when an exact term is a substring of a field or a loose term of a
 * field; it ranks by the best of: an exact term in its name, an exact term in an exact field, a
 * loose match. Text without Bangla gives no loose field, so Latin-script search is unchanged
 * except that a Latin query may also find Bangla words.
 */
import { hasBangla, KEY_MARK, normaliseText, phoneticKey, searchWords, spellingKey } from "./bangla-text.ts"

/** The field that opens the loose fields (so an index knows where they start). */
export const LOOSE_FIELD = "\u0002"

export interface SearchFields {
  readonly exact: ReadonlyArray<string>
  /** empty, or `LOOSE_FIELD`, the loose fields and `LOOSE_FIELD` again (so a text ending in it is one that has them) */
  readonly loose: ReadonlyArray<string>
}

const phoneticField = (field: string): string => {
  const keys = searchWords(field).flatMap((word) => (hasBangla(word) ? [phoneticKey(word)] : []))
    .filter((key): key is string => key !== undefined)
  return keys.length === 0 ? "" : `${KEY_MARK}${keys.join(KEY_MARK)}${KEY_MARK}`
}

/** The search fields of a product's lower-cased texts, name first. */
export const searchFields = (fields: ReadonlyArray<string>): SearchFields => {
  if (!fields.some(hasBangla)) return { exact: fields, loose: [] }
  const exact = [...fields]
  const loose = [LOOSE_FIELD]
  for (const field of fields) {
    if (!hasBangla(field)) continue
    const normalised = normaliseText(field)
    if (normalised !== field) exact.push(normalised)
    const key = spellingKey(normalised)
    if (key !== normalised) loose.push(key)
    const phonetic = phoneticField(normalised)
    if (phonetic !== "") loose.push(phonetic)
  }
  loose.push(LOOSE_FIELD)
  return { exact, loose }
}

export interface SearchTerms {
  readonly exact: ReadonlyArray<string>
  readonly loose: ReadonlyArray<string>
}

const LATIN_LETTERS = /^[a-z]+$/

/** The terms a (lower-cased) search term is looked up by. */
export const searchTerms = (term: string): SearchTerms => {
  const normalised = normaliseText(term)
  const exact = normalised === term ? [term] : [term, normalised]
  if (hasBangla(normalised)) {
    const key = spellingKey(normalised)
    return { exact, loose: exact.includes(key) ? [] : [key] }
  }
  const words = searchWords(normalised)
  if (words.length === 0 || !words.every((word) => LATIN_LETTERS.test(word))) return { exact, loose: [] }
  const keys = words.map(phoneticKey)
  if (keys.some((key) => key === undefined)) return { exact, loose: [] }
  return { exact, loose: [`${KEY_MARK}${keys.join(KEY_MARK)}${KEY_MARK}`] }
}

/** How a product's fields match terms: 0 not, 1 loosely, 2 an exact term in an exact field, 3 in the name. */
export const searchMatch = (fields: SearchFields, terms: SearchTerms): 0 | 1 | 2 | 3 => {
  const name = fields.exact[0] ?? ""
  if (terms.exact.some((term) => name.includes(term))) return 3
  if (terms.exact.some((term) => fields.exact.some((field) => field.includes(term)))) return 2
  const all = [...terms.exact, ...terms.loose]
  return all.some((term) => fields.loose.some((field) => field.includes(term))) ||
      terms.loose.some((term) => fields.exact.some((field) => field.includes(term)))
    ? 1
    : 0
}
