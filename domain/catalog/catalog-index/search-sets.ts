/**
 * Search (CONTRACT §4): the products whose search text holds the lower-cased term as a substring,
 * and among them those whose name holds it (for relevance), kept for the most recent terms of
 * the current generation.
 *
 * A term of three characters or more is looked up in the trigram index and only its candidates
 * are verified by substring (with the slots changed since the index was built, which it does not
 * cover); shorter terms, and small catalogs, are scanned. The index is built on first use and
 * rebuilt once the changed slots are many.
 */
import { type Bitset, makeBitset, setBit } from "../bitset.ts"
import { sharedInt32 } from "../shared-columns.ts"
import { FIELD_SEPARATOR, type SearchTexts } from "./product-slots.ts"
import { type SharedTrigrams, TrigramIndex } from "./trigram-index.ts"

/** The search index's state on shared memory: the trigram index (when built) and the slots changed since. */
export interface SharedSearch {
  readonly trigrams: SharedTrigrams | undefined
  readonly changed: Int32Array
}

export interface SearchSets {
  readonly all: Bitset
  readonly byName: Bitset
}

/** "auto": the trigram index for terms of 3+ characters in catalogs of TRIGRAMS_FROM+ products. */
export type SearchKernel = "auto" | "scan" | "trigrams"

export interface SearchOptions {
  readonly kernel: SearchKernel
  /** slots changed after the build that make the index be rebuilt (default: an eighth of the catalog, at least 1,024) */
  readonly rebuildAfter?: number | undefined
}

const CACHED_TERMS = 256
const TRIGRAMS_FROM = 1024
const REBUILD_AT_LEAST = 1024

export class SearchIndex {
  private readonly texts: SearchTexts
  private readonly options: SearchOptions
  private readonly cache = new Map<string, { generation: number; sets: SearchSets }>()
  private trigrams: TrigramIndex | undefined
  /** slots below the index's `slotCount` written since it was built */
  private readonly changed = new Set<number>()

  constructor(texts: SearchTexts, options: SearchOptions) {
    this.texts = texts
    this.options = options
  }

  /** The state on shared memory (call `prepare` first to share a built trigram index). */
  toShared(): SharedSearch {
    const changed = sharedInt32(this.changed.size)
    changed.set([...this.changed])
    return { trigrams: this.trigrams?.toShared(), changed }
  }

  /** An index over shared texts that reads the shared trigram index in place (its texts are never written). */
  static fromShared(texts: SearchTexts, options: SearchOptions, shared: SharedSearch): SearchIndex {
    const search = new SearchIndex(texts, options)
    search.trigrams = shared.trigrams === undefined ? undefined : TrigramIndex.fromShared(shared.trigrams)
    for (const slot of shared.changed) search.changed.add(slot)
    return search
  }

  /** The slot's search text changed (or the slot is new). */
  noteChanged(slot: number): void {
    const trigrams = this.trigrams
    if (trigrams === undefined) return
    if (slot < trigrams.slotCount) this.changed.add(slot)
    const outside = this.changed.size + (this.texts.size - trigrams.slotCount)
    const limit = this.options.rebuildAfter ?? Math.max(REBUILD_AT_LEAST, this.texts.size >> 3)
    if (outside > limit) this.dropTrigrams()
  }

  /** Builds the trigram index now (when it would be used) rather than on the first search. */
  prepare(): void {
    if (this.usesTrigrams("abc")) this.trigramIndex()
  }

  sets(term: string, generation: number, words: number): SearchSets {
    const cached = this.cache.get(term)
    if (cached !== undefined && cached.generation === generation) return cached.sets
    const sets = this.find(term, words)
    if (this.cache.size >= CACHED_TERMS) {
      const oldest = this.cache.keys().next()
      if (!oldest.done) this.cache.delete(oldest.value)
    }
    this.cache.set(term, { generation, sets })
    return sets
  }

  private usesTrigrams(term: string): boolean {
    if (term.length < 3 || this.options.kernel === "scan") return false
    return this.options.kernel === "trigrams" || this.texts.size >= TRIGRAMS_FROM
  }

  private dropTrigrams(): void {
    this.trigrams = undefined
    this.changed.clear()
  }

  private trigramIndex(): TrigramIndex {
    if (this.trigrams === undefined) {
      const strings = this.texts.strings
      if (strings === undefined) throw new Error("shared search texts come with their trigram index")
      this.trigrams = new TrigramIndex(strings, this.texts.size)
      this.changed.clear()
    }
    return this.trigrams
  }

  private find(term: string, words: number): SearchSets {
    const all = makeBitset(words)
    const byName = makeBitset(words)
    if (term.includes(FIELD_SEPARATOR)) return { all, byName }
    const size = this.texts.size
    const match = this.texts.matcher(term)
    const verify = (slot: number): void => {
      const found = match(slot)
      if (found > 0) setBit(all, slot)
      if (found > 1) setBit(byName, slot)
    }
    if (!this.usesTrigrams(term)) {
      for (let slot = 0; slot < size; slot++) verify(slot)
      return { all, byName }
    }
    const index = this.trigramIndex()
    for (const slot of index.candidates(term)) verify(slot)
    for (const slot of this.changed) verify(slot)
    for (let slot = index.slotCount; slot < size; slot++) verify(slot)
    return { all, byName }
  }
}
