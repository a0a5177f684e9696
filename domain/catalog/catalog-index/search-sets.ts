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
import { FIELD_SEPARATOR, type ProductSlots } from "./product-slots.ts"
import { TrigramIndex } from "./trigram-index.ts"

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
  private readonly slots: ProductSlots
  private readonly options: SearchOptions
  private readonly cache = new Map<string, { generation: number; sets: SearchSets }>()
  private trigrams: TrigramIndex | undefined
  /** slots below the index's `slotCount` written since it was built */
  private readonly changed = new Set<number>()

  constructor(slots: ProductSlots, options: SearchOptions) {
    this.slots = slots
    this.options = options
  }

  /** The slot's search text changed (or the slot is new). */
  noteChanged(slot: number): void {
    const trigrams = this.trigrams
    if (trigrams === undefined) return
    if (slot < trigrams.slotCount) this.changed.add(slot)
    const outside = this.changed.size + (this.slots.size - trigrams.slotCount)
    const limit = this.options.rebuildAfter ?? Math.max(REBUILD_AT_LEAST, this.slots.size >> 3)
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
    return this.options.kernel === "trigrams" || this.slots.size >= TRIGRAMS_FROM
  }

  private dropTrigrams(): void {
    this.trigrams = undefined
    this.changed.clear()
  }

  private trigramIndex(): TrigramIndex {
    if (this.trigrams === undefined) {
      this.trigrams = new TrigramIndex(this.slots.haystacks, this.slots.size)
      this.changed.clear()
    }
    return this.trigrams
  }

  private find(term: string, words: number): SearchSets {
    const all = makeBitset(words)
    const byName = makeBitset(words)
    if (term.includes(FIELD_SEPARATOR)) return { all, byName }
    const { haystacks, nameLengths, size } = this.slots
    const verify = (slot: number): void => {
      const position = haystacks[slot]!.indexOf(term)
      if (position >= 0) {
        setBit(all, slot)
        // the first occurrence lies within the name exactly when the name contains the term
        if (position + term.length <= nameLengths[slot]!) setBit(byName, slot)
      }
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
