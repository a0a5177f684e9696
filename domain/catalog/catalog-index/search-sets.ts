/**
 * Search (CONTRACT §4): the products whose search text holds the lower-cased term as a substring,
 * and among them those whose name holds it (for relevance), kept for the most recent terms of
 * the current generation.
 */
import { type Bitset, makeBitset, setBit } from "../bitset.ts"
import { FIELD_SEPARATOR, type ProductSlots } from "./product-slots.ts"

export interface SearchSets {
  readonly all: Bitset
  readonly byName: Bitset
}

const CACHED_TERMS = 256

export class SearchIndex {
  private readonly cache = new Map<string, { generation: number; sets: SearchSets }>()

  private readonly slots: ProductSlots

  constructor(slots: ProductSlots) {
    this.slots = slots
  }

  sets(term: string, generation: number, words: number): SearchSets {
    const cached = this.cache.get(term)
    if (cached !== undefined && cached.generation === generation) return cached.sets
    const sets = this.scan(term, words)
    if (this.cache.size >= CACHED_TERMS) {
      const oldest = this.cache.keys().next()
      if (!oldest.done) this.cache.delete(oldest.value)
    }
    this.cache.set(term, { generation, sets })
    return sets
  }

  private scan(term: string, words: number): SearchSets {
    const all = makeBitset(words)
    const byName = makeBitset(words)
    if (term.includes(FIELD_SEPARATOR)) return { all, byName }
    const { haystacks, nameLengths, size } = this.slots
    for (let slot = 0; slot < size; slot++) {
      const position = haystacks[slot]!.indexOf(term)
      if (position >= 0) {
        setBit(all, slot)
        // the first occurrence lies within the name exactly when the name contains the term
        if (position + term.length <= nameLengths[slot]!) setBit(byName, slot)
      }
    }
    return { all, byName }
  }
}
