/**
 * The suggestion dictionary: every distinct folded word, with a dense id, and a sorted array of
 * the words for lookups. A query word matches a dictionary word
 * - exactly (the same word),
 * - as a prefix (the dictionary word starts with it), or
 * - with typos: some prefix of the dictionary word (the whole word included) is within
 *   `allowedEdits(query word length)` optimal-string-alignment edits of it.
 *
 * Exact and prefix matches are one binary search and a walk over the sorted array. Typo matches
 * walk the sorted array as if it were a trie: the edit-distance rows of the current word's
 * prefixes are kept and reused by the next word for the prefix the two share, a prefix within
 * the allowed edits takes the whole run of words that start with it at once, and a prefix that
 * no extension can bring within the allowed edits is skipped with the whole run of words that
 * start with it (both runs found by galloping search). The work grows with the number of prefixes
 * near the query word, not with the dictionary.
 *
 * New words are added to the sorted array at the next lookup: inserted one by one when they are
 * few, by sorting the whole array again when they are many (a bulk load).
 */
import { type ByteColumn, fromByteColumn, stringAt, toByteColumn } from "../columns/shared-columns.ts"
import { StringIds } from "../columns/string-ids.ts"
import { allowedEdits, type TypedWord } from "./folding.ts"

/** A dictionary in a snapshot: its words and surfaces by id, and the ids in word order. */
export interface DictionarySnapshot {
  readonly words: ByteColumn
  readonly surfaces: ByteColumn
  readonly sortedIds: Int32Array
}

/** 0 exact, 1 prefix, 2 typo: lower is better. */
export type MatchKind = 0 | 1 | 2
export const EXACT: MatchKind = 0
export const PREFIX: MatchKind = 1
export const TYPO: MatchKind = 2

export interface WordMatch {
  readonly word: number
  readonly kind: MatchKind
}

/** Beyond this many new words, the next lookup sorts the whole array instead of inserting them. */
const INSERT_ONE_BY_ONE_MAX = 64
/** Greater than every code unit a folded word can hold (U+FFFF is no letter, mark or digit). */
const AFTER_EVERY_EXTENSION = "\uffff"

export class WordDictionary {
  private readonly ids: StringIds
  /** Folded words by id. */
  readonly words: ReadonlyArray<string>
  /** The lower-cased text each word was first seen as, by id. */
  readonly surfaces: Array<string>
  private sortedWords: Array<string> = []
  private sortedIds: Array<number> = []
  private pending: Array<number> = []

  constructor(ids = new StringIds(), surfaces: Array<string> = []) {
    this.ids = ids
    this.words = ids.strings
    this.surfaces = surfaces
  }

  snapshot(): DictionarySnapshot {
    this.settle()
    return { words: toByteColumn(this.words), surfaces: toByteColumn(this.surfaces), sortedIds: Int32Array.from(this.sortedIds) }
  }

  static fromSnapshot(snapshot: DictionarySnapshot): WordDictionary {
    const words = fromByteColumn(snapshot.words)
    const sortedIds = Array.from(snapshot.sortedIds)
    // most words are seen as they fold: the surface is then the word's own string
    const { bytes, offsets } = snapshot.surfaces
    const surfaces = words.map((word, id) => {
      const from = offsets[id]!
      const to = offsets[id + 1]!
      const wordFrom = snapshot.words.offsets[id]!
      const same = to - from === snapshot.words.offsets[id + 1]! - wordFrom &&
        bytes.subarray(from, to).every((byte, at) => byte === snapshot.words.bytes[wordFrom + at])
      return same ? word : stringAt(snapshot.surfaces, id)
    })
    return Object.assign(new WordDictionary(new StringIds(words), surfaces), {
      sortedIds,
      sortedWords: sortedIds.map((id) => words[id]!)
    })
  }

  get size(): number {
    return this.ids.size
  }

  /** The id of `folded`, added (with this surface form) when new. */
  idFor(folded: string, surface: string): number {
    const known = this.ids.idOf(folded)
    if (known !== undefined) return known
    const id = this.ids.add(folded)
    this.surfaces.push(surface)
    this.pending.push(id)
    return id
  }

  idOf(folded: string): number | undefined {
    return this.ids.idOf(folded)
  }

  /**
   * Every dictionary word the (folded) query word matches, each once with its best kind; only
   * exact and prefix matches when `typos` is false.
   */
  match(token: string, typos = true): Array<WordMatch> {
    this.settle()
    const matches: Array<WordMatch> = []
    if (token === "") return matches
    const from = this.lowerBound(token)
    const to = this.lowerBound(token + AFTER_EVERY_EXTENSION)
    for (let index = from; index < to; index++) {
      matches.push({ word: this.sortedIds[index]!, kind: this.sortedWords[index] === token ? EXACT : PREFIX })
    }
    const edits = allowedEdits(token.length)
    if (typos && edits > 0) this.typoMatches(token, edits, from, to, matches)
    return matches
  }

  private typoMatches(token: string, edits: number, prefixFrom: number, prefixTo: number, into: Array<WordMatch>): void {
    const m = token.length
    const words = this.sortedWords
    const count = words.length
    const rows: Array<Int32Array> = [Int32Array.from({ length: m + 1 }, (_, j) => j)]
    const rowMins: Array<number> = [0]
    const take = (from: number, to: number) => {
      for (let index = from; index < to; index++) {
        if (index < prefixFrom || index >= prefixTo) into.push({ word: this.sortedIds[index]!, kind: TYPO })
      }
    }
    let previous = ""
    let valid = 0
    let index = 0
    while (index < count) {
      const word = words[index]!
      let depth = 0
      const shared = Math.min(valid, word.length, previous.length)
      while (depth < shared && word.charCodeAt(depth) === previous.charCodeAt(depth)) depth++
      let next = index + 1
      while (depth < word.length) {
        depth++
        const code = word.charCodeAt(depth - 1)
        const above = rows[depth - 1]!
        const row = rows[depth] ?? (rows[depth] = new Int32Array(m + 1))
        const twoAbove = depth > 1 ? rows[depth - 2]! : above
        const before = depth > 1 ? word.charCodeAt(depth - 2) : -1
        row[0] = depth
        let rowMin = depth
        for (let j = 1; j <= m; j++) {
          const tokenCode = token.charCodeAt(j - 1)
          let best = above[j - 1]! + (tokenCode === code ? 0 : 1)
          const deletion = above[j]! + 1
          if (deletion < best) best = deletion
          const insertion = row[j - 1]! + 1
          if (insertion < best) best = insertion
          if (tokenCode === before && j > 1 && token.charCodeAt(j - 2) === code) {
            const transposition = twoAbove[j - 2]! + 1
            if (transposition < best) best = transposition
          }
          row[j] = best
          if (best < rowMin) rowMin = best
        }
        rowMins[depth] = rowMin
        if (row[m]! <= edits) {
          // this prefix is close enough: every word that starts with it matches
          next = this.endOfRun(index, depth)
          take(index, next)
          break
        }
        // no later row can fall below min(this row, the row above + 1 (a transposition))
        if (rowMin > edits && rowMins[depth - 1]! + 1 > edits) {
          next = this.endOfRun(index, depth)
          break
        }
      }
      previous = word
      valid = depth
      index = next
    }
  }

  /**
   * The first index after `index` whose word does not start with the first `length` characters
   * of the word at `index`: galloping, as runs are mostly short.
   */
  private endOfRun(index: number, length: number): number {
    const words = this.sortedWords
    const word = words[index]!
    const inRun = (at: number): boolean => {
      const other = words[at]!
      if (other.length < length) return false
      for (let position = length - 1; position >= 0; position--) {
        if (other.charCodeAt(position) !== word.charCodeAt(position)) return false
      }
      return true
    }
    let low = index + 1
    let step = 1
    while (low + step - 1 < words.length && inRun(low + step - 1)) {
      low += step
      step *= 2
    }
    let high = Math.min(words.length, low + step - 1)
    while (low < high) {
      const middle = (low + high) >>> 1
      if (inRun(middle)) low = middle + 1
      else high = middle
    }
    return low
  }

  /** The first index whose word is not below `target`. */
  private lowerBound(target: string): number {
    let low = 0
    let high = this.sortedWords.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (this.sortedWords[middle]! < target) low = middle + 1
      else high = middle
    }
    return low
  }

  /** Brings the new words into the sorted array. */
  private settle(): void {
    if (this.pending.length === 0) return
    if (this.pending.length <= INSERT_ONE_BY_ONE_MAX) {
      for (const id of this.pending) {
        const word = this.words[id]!
        const at = this.lowerBound(word)
        this.sortedWords.splice(at, 0, word)
        this.sortedIds.splice(at, 0, id)
      }
    } else {
      const ids = this.words.map((_, id) => id)
      ids.sort((left, right) => (this.words[left]! < this.words[right]! ? -1 : 1))
      this.sortedIds = ids
      this.sortedWords = ids.map((id) => this.words[id]!)
    }
    this.pending = []
  }
}

/** The dictionary's words a typed word matches: by its folded form, and by its phonetic key exactly or as a prefix. */
export const typedWordMatches = (dictionary: WordDictionary, token: TypedWord, typos = true): Array<WordMatch> =>
  token.key === undefined
    ? dictionary.match(token.folded, typos)
    : [...dictionary.match(token.folded, typos), ...dictionary.match(token.key, false)]
