/**
 * Search (docs/contract/catalog.md): the products whose search fields hold one of the lower-cased term's
 * search terms (domain/catalog/search-forms.ts: the term, its normalised form, its Bangla
 * spelling key or Banglish phonetic key), and among them the relevance tiers (an exact term in
 * the name, an exact term elsewhere), kept for the most recently used terms
 * of the current generation up to 16 MiB: a term matching few products is kept as its slots (and
 * which of them match by name), not as two bit sets of the whole catalog, so the few hundred to
 * few thousand terms shoppers repeat all stay (a search was 11 % of the engine's time under the
 * bench's distinct listings when 256 terms were kept as bit sets).
 *
 * A term of three characters or more is looked up in the trigram index and only its candidates
 * are verified by substring (with the slots changed since the index was built, which it does not
 * cover); shorter terms, and small catalogs, are scanned. The index is built on first use and
 * rebuilt once the changed slots are many.
 */
import { type Bitset, countBits, forEachBit, hasBit, makeBitset, setBit } from "../columns/bitset.ts"
import { sharedInt32 } from "../columns/shared-columns.ts"
import { searchTerms } from "../../../domain/catalog/search-forms.ts"
import { FIELD_SEPARATOR, type SearchTexts } from "./search-texts.ts"
import { type SharedTrigrams, TrigramIndex } from "./trigram-index.ts"
import { batchOf, dropOldest } from "../columns/oldest-entries.ts"

/** The search index's state on shared memory: the trigram index (when built) and the slots changed since. */
export interface SharedSearch {
  readonly trigrams: SharedTrigrams | undefined
  readonly changed: Int32Array
}

export interface SearchSets {
  readonly all: Bitset
  /** the better relevance tiers, best first: the name matches and, when some match only loosely, the exact ones */
  readonly tiers: ReadonlyArray<Bitset>
}

/** "auto": the trigram index for terms of 3+ characters in catalogs of TRIGRAMS_FROM+ products. */
export type SearchKernel = "auto" | "scan" | "trigrams"

export interface SearchOptions {
  readonly kernel: SearchKernel
  /** slots changed after the build that make the index be rebuilt (default: an eighth of the catalog, at least 1,024) */
  readonly rebuildAfter?: number | undefined
}

const CACHED_TERMS = 8192
const CACHED_TERM_BYTES = 16 * 1024 * 1024

/** A term's sets as kept: the bit sets themselves, or the matching slots and the tier of each. */
type KeptSets =
  | { readonly sets: SearchSets; readonly bytes: number }
  | { readonly slots: Int32Array; readonly tier: Uint8Array; readonly tiers: number; readonly bytes: number }

const ENTRY_BYTES = 64

const tierOf = (tiers: ReadonlyArray<Bitset>, slot: number): number => {
  for (let tier = 0; tier < tiers.length; tier++) if (hasBit(tiers[tier]!, slot)) return tier
  return tiers.length
}

const keep = (sets: SearchSets): KeptSets => {
  const bitsetBytes = sets.all.length * 4 * (1 + sets.tiers.length)
  const count = countBits(sets.all)
  if (count * 5 >= bitsetBytes) return { sets, bytes: bitsetBytes + ENTRY_BYTES }
  const slots = new Int32Array(count)
  const tier = new Uint8Array(count)
  let at = 0
  forEachBit(sets.all, (slot) => {
    slots[at] = slot
    tier[at] = tierOf(sets.tiers, slot)
    at++
  })
  return { slots, tier, tiers: sets.tiers.length, bytes: count * 5 + ENTRY_BYTES }
}

const setsOf = (kept: KeptSets, words: number): SearchSets => {
  if ("sets" in kept) return kept.sets
  const all = makeBitset(words)
  const tiers = Array.from({ length: kept.tiers }, () => makeBitset(words))
  for (let at = 0; at < kept.slots.length; at++) {
    const slot = kept.slots[at]!
    setBit(all, slot)
    // a slot in a tier is in every later one too (a name match is an exact match)
    for (let tier = kept.tier[at]!; tier < tiers.length; tier++) setBit(tiers[tier]!, slot)
  }
  return { all, tiers }
}
const TRIGRAMS_FROM = 1024
const REBUILD_AT_LEAST = 1024

export class SearchIndex {
  private readonly texts: SearchTexts
  private readonly options: SearchOptions
  /** kept terms of `cacheGeneration`, least recently used first */
  private readonly cache = new Map<string, KeptSets>()
  private cacheGeneration = -1
  private cachedBytes = 0
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

  /** The term's sets (read only: they may be the kept ones). */
  sets(term: string, generation: number, words: number): SearchSets {
    if (generation !== this.cacheGeneration) {
      this.cache.clear()
      this.cachedBytes = 0
      this.cacheGeneration = generation
    }
    const cached = this.cache.get(term)
    if (cached !== undefined) {
      this.cache.delete(term)
      this.cache.set(term, cached)
      return setsOf(cached, words)
    }
    const sets = this.find(term, words)
    const kept = keep(sets)
    if (this.cache.size >= CACHED_TERMS || this.cachedBytes + kept.bytes > CACHED_TERM_BYTES) {
      // the oldest out in one pass, with room for a few more (oldest-entries.ts)
      dropOldest(this.cache, (_, oldest) => {
        this.cachedBytes -= oldest.bytes
        return this.cache.size <= CACHED_TERMS - batchOf(CACHED_TERMS) &&
          this.cachedBytes + kept.bytes <= CACHED_TERM_BYTES - batchOf(CACHED_TERM_BYTES)
      })
    }
    this.cache.set(term, kept)
    this.cachedBytes += kept.bytes
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
      this.trigrams = new TrigramIndex(this.texts.text, this.texts.size)
      this.changed.clear()
    }
    return this.trigrams
  }

  private find(term: string, words: number): SearchSets {
    const all = makeBitset(words)
    const byName = makeBitset(words)
    const exact = makeBitset(words)
    const terms = searchTerms(term)
    for (const exactTerm of terms.exact) {
      this.verifyAll(exactTerm, (slot, found) => {
        setBit(all, slot)
        if (found > 1) setBit(exact, slot)
        if (found > 2) setBit(byName, slot)
      })
    }
    for (const looseTerm of terms.loose) this.verifyAll(looseTerm, (slot) => setBit(all, slot))
    // the exact tier only when some product matches loosely alone (a page walks once per tier)
    let loose = false
    for (let word = 0; word < all.length && !loose; word++) loose = (all[word]! & ~exact[word]!) !== 0
    return { all, tiers: loose ? [byName, exact] : [byName] }
  }

  /** Calls `found` with every slot whose text holds `term`, and how (SearchTexts.matcher). */
  private verifyAll(term: string, found: (slot: number, how: number) => void): void {
    if (term.includes(FIELD_SEPARATOR)) return
    const size = this.texts.size
    const match = this.texts.matcher(term)
    const verify = (slot: number): void => {
      const how = match(slot)
      if (how > 0) found(slot, how)
    }
    if (!this.usesTrigrams(term)) {
      for (let slot = 0; slot < size; slot++) verify(slot)
      return
    }
    const index = this.trigramIndex()
    for (const slot of index.candidates(term)) verify(slot)
    for (const slot of this.changed) verify(slot)
    for (let slot = index.slotCount; slot < size; slot++) verify(slot)
  }
}
