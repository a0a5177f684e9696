/**
 * Suggestions as the shopper types, answered from memory: the products, categories and completed
 * queries that the words typed so far point to. Words come from each product's name, tags and
 * `brand` attribute, and from each category's name (folded: case and accents ignored, see
 * folding.ts); every word of the query must match some word of a product (or category), exactly,
 * as a prefix or with typos (word-dictionary.ts). The score and the ranks are documented in
 * docs/catalog-engine.md ("Search suggestions").
 *
 * Lookups stop early: posting lists are in rank order, so reading one stops once no later product
 * could enter the answer, and typo matches are only looked up when exact and prefix matches do
 * not fill the products and the queries. A query whose earlier words are much rarer than its last
 * is answered from the products holding those words instead.
 *
 * Like CatalogIndex it has a single writer: `upsertProduct` applies a changed product in place.
 */
import { type Bitset, hasBit } from "../columns/bitset.ts"
import { type CatalogProduct, translatedNames } from "../../../domain/catalog/catalog-product.ts"
import type { CategoryRecord } from "../../../domain/catalog/category.ts"
import type { ByteColumn } from "../columns/shared-columns.ts"
import type { SlotKeys } from "../columns/slot-keys.ts"
import { type SharedSlotIntLists, SlotIntLists } from "../columns/slot-int-lists.ts"
import { type CategorySuggestion, CategoryWords } from "./category-words.ts"
import type { ProductSuggestion, Suggestions, SuggestRequest } from "./suggestions.ts"
import { indexWords, type TextWord, typedWords } from "./folding.ts"
import { type PostingsSnapshot, RankedPostings } from "./ranked-postings.ts"
import { SuggestSlots, type SuggestSlotsSnapshot } from "./suggest-slots.ts"
import { TopList } from "./top-list.ts"
import { type DictionarySnapshot, PREFIX, typedWordMatches, type WordMatch, WordDictionary } from "./word-dictionary.ts"
import type { ShopId } from "../../../domain/shared/ids.ts"

export type { CategorySuggestion, ProductSuggestion, Suggestions, SuggestRequest }

/** The brand attribute's key: its value's words are the product's words too. */
export const BRAND_ATTRIBUTE = "brand"

/** The words a product is found by: name, tags, brand, translated names (and their Bangla words' phonetic keys). */
export const productWords = (product: CatalogProduct): Array<TextWord> => [
  ...indexWords(product.name),
  ...product.tags.flatMap(indexWords),
  ...indexWords(product.attributes?.[BRAND_ATTRIBUTE]?.value ?? ""),
  ...translatedNames(product).flatMap(indexWords)
]

const NONE = 255
/**
 * Going through a product the earlier query words match (its words, each looked up) costs about
 * this many times reading one entry of the last query word's posting lists.
 */
const CANDIDATE_COST = 4

/** The index in a snapshot (its product ids and slugs are the catalog index's, slot for slot). */
export interface SuggestSnapshot {
  readonly generation: number
  readonly dictionary: DictionarySnapshot
  readonly postings: PostingsSnapshot
  readonly slotWords: SharedSlotIntLists
  readonly slots: SuggestSlotsSnapshot
}

interface Ranked {
  readonly tier: number
  readonly slot: number
}
interface Completion extends Ranked {
  readonly word: number
}

export class SuggestIndex {
  generation = 0
  /** Words of product names, tags and brands. */
  readonly dictionary = new WordDictionary()
  private readonly slots: SuggestSlots
  private readonly postings = new RankedPostings((left, right) => this.slots.rankedBefore(left, right))
  private readonly slotWords = new SlotIntLists()
  private stamp = 0
  private readonly categories: CategoryWords

  /** `ids`: the catalog index's product keys, shared (it takes every product before this index), or none for keys of its own. */
  constructor(categories: ReadonlyArray<CategoryRecord>, ids?: SlotKeys) {
    this.categories = new CategoryWords(categories)
    this.slots = new SuggestSlots(ids)
  }

  /** The index for a snapshot, settled first (take it while nothing writes). */
  snapshot(): SuggestSnapshot {
    this.settle()
    return {
      generation: this.generation,
      dictionary: this.dictionary.snapshot(),
      postings: this.postings.snapshot(),
      slotWords: this.slotWords.toShared(),
      slots: this.slots.snapshot()
    }
  }

  /** An index that goes on from a snapshot; the catalog index's `ids` and its snapshot's `slugs`, by slot. */
  static restore(
    categories: ReadonlyArray<CategoryRecord>,
    snapshot: SuggestSnapshot,
    ids: SlotKeys,
    slugs: ByteColumn
  ): SuggestIndex {
    const index = new SuggestIndex(categories, ids)
    const slots = SuggestSlots.fromSnapshot(snapshot.slots, ids, slugs)
    return Object.assign(index, {
      generation: snapshot.generation,
      dictionary: WordDictionary.fromSnapshot(snapshot.dictionary),
      slots,
      postings: RankedPostings.fromSnapshot((left, right) => slots.rankedBefore(left, right), snapshot.postings),
      slotWords: SlotIntLists.fromShared(snapshot.slotWords)
    })
  }

  get productCount(): number {
    return this.slots.size
  }

  /** How many products (in any shop, enabled or not) hold the word. */
  productsWithWord(word: number): number {
    return this.postings.size(word)
  }

  /** Adds or replaces a product (matched by id). */
  upsertProduct(product: CatalogProduct): void {
    const slots = this.slots
    const [slot, isNew] = slots.slotFor(product.id)
    const before = this.slotWords.get(slot)
    const after = [...new Set(productWords(product).map((word) => this.dictionary.idFor(word.folded, word.surface)))]
    const rankChanged = isNew || slots.salesCounts[slot] !== product.salesCount || !slots.hasSlug(slot, product.slug)
    const kept = new Set(after)
    for (const word of before) if (rankChanged || !kept.has(word)) this.postings.remove(word, slot)
    slots.write(slot, product.slug, product.salesCount, product.enabled ? product.shopIds : [])
    const had = new Set(before)
    for (const word of after) if (rankChanged || !had.has(word)) this.postings.add(word, slot)
    this.slotWords.set(slot, after)
    this.generation++
  }

  /** Puts a bulk load in order now rather than at the next lookup. */
  settle(): void {
    this.postings.settle()
    this.dictionary.match("")
  }

  private readonly productBefore = (left: Ranked, right: Ranked): boolean =>
    left.tier !== right.tier ? left.tier < right.tier : left.slot !== right.slot && this.slots.rankedBefore(left.slot, right.slot)

  private readonly completionBefore = (left: Completion, right: Completion): boolean => {
    if (left.tier !== right.tier) return left.tier < right.tier
    if (left.slot !== right.slot) return this.slots.rankedBefore(left.slot, right.slot)
    return this.dictionary.words[left.word]! < this.dictionary.words[right.word]!
  }

  /** Could a completion of `word` at `tier` or better, held by `slot` or a lower-ranked product, be kept? */
  private completionFits(completions: TopList<Completion>, tier: number, slot: number, word: number): boolean {
    const worst = completions.worst
    if (!completions.full || worst === undefined) return true
    if (tier !== worst.tier) return tier < worst.tier
    if (slot !== worst.slot) return this.slots.rankedBefore(slot, worst.slot)
    return this.dictionary.words[word]! < this.dictionary.words[worst.word]!
  }

  suggest(request: SuggestRequest): Suggestions {
    const tokens = typedWords(request.q)
    const limit = request.limit
    if (tokens.length === 0 || limit <= 0) return { products: [], categories: [], queries: [] }
    this.settle()
    const visible = this.slots.visibleIn(request.shopIds, this.generation)
    let found = this.collect(tokens.map((token) => typedWordMatches(this.dictionary, token, false)), visible, limit)
    const filled = (list: { readonly full: boolean; readonly worst: Ranked | undefined }) => list.full && list.worst!.tier <= PREFIX
    if (!filled(found.products) || !filled(found.completions)) {
      found = this.collect(tokens.map((token) => typedWordMatches(this.dictionary, token)), visible, limit)
    }
    const typed = tokens.slice(0, -1).map((token) => `${token.surface} `).join("")
    return {
      products: found.products.entries.map((entry) => this.slots.keysOf(entry.slot)),
      categories: this.categories.suggest(tokens, limit, request.categoryProductCount),
      queries: found.completions.entries.map((entry) => typed + this.dictionary.surfaces[entry.word]!)
    }
  }

  /** The best products and completions for these matches of the query words. */
  private collect(matches: ReadonlyArray<ReadonlyArray<WordMatch>>, visible: Bitset, limit: number) {
    const products = new TopList<Ranked>(limit, this.productBefore)
    const completions = new TopList<Completion>(limit, this.completionBefore)
    // the best kind of each earlier query word per slot (NONE: not matched), and the slots the
    // first of them matches
    const filters: Array<Uint8Array> = []
    let candidates: Array<number> | undefined
    for (const wordMatches of matches.slice(0, -1)) {
      const kinds = new Uint8Array(this.slots.size).fill(NONE)
      const first = candidates === undefined ? [] as Array<number> : undefined
      for (const { kind, word } of wordMatches) {
        for (const slot of this.postings.of(word)) {
          if (first !== undefined && kinds[slot] === NONE) first.push(slot)
          if (kind < kinds[slot]!) kinds[slot] = kind
        }
      }
      candidates ??= first
      filters.push(kinds)
    }
    const filterTier = (slot: number): number => {
      let tier = 0
      for (const kinds of filters) if (kinds[slot]! > tier) tier = kinds[slot]!
      return tier
    }
    const last = [...matches[matches.length - 1]!].sort((left, right) => left.kind - right.kind)
    let lastPostings = 0
    for (const { word } of last) lastPostings += this.postings.size(word)

    // reading the last word's lists stops early unless few products match the earlier words
    const scanCost = candidates === undefined
      ? 0
      : Math.min(lastPostings, ((last.length + limit) * this.slots.size) / Math.max(1, candidates.length))
    if (candidates !== undefined && candidates.length * CANDIDATE_COST < scanCost) {
      // the earlier words are much rarer: go through the products they match
      const lastKinds = new Map(last.map((match) => [match.word, match.kind]))
      const bestPerWord = new Map<number, Completion>()
      for (const slot of candidates) {
        const floor = filterTier(slot)
        if (floor === NONE || !hasBit(visible, slot)) continue
        let best = NONE
        const { values, offsets, lengths } = this.slotWords
        for (let index = offsets[slot]!; index < offsets[slot]! + lengths[slot]!; index++) {
          const word = values[index]!
          const kind = lastKinds.get(word)
          if (kind === undefined) continue
          const entry = { tier: Math.max(kind, floor), slot, word }
          if (entry.tier < best) best = entry.tier
          const known = bestPerWord.get(word)
          if (known === undefined || this.completionBefore(entry, known)) bestPerWord.set(word, entry)
        }
        if (best !== NONE) products.offer({ tier: best, slot })
      }
      for (const entry of bestPerWord.values()) completions.offer(entry)
      return { products, completions }
    }

    // the last word drives, its words in kind order: a slot's first sighting is its best tier
    const stamp = ++this.stamp
    for (const { kind, word } of last) {
      let wordBest: Completion | undefined
      let wordClosed = false
      for (const slot of this.postings.of(word)) {
        // later slots rank lower still: stop once neither list could take them
        const worstProduct = products.worst
        if (products.full && kind >= worstProduct!.tier && !this.slots.rankedBefore(slot, worstProduct!.slot)) {
          wordClosed ||= (wordBest !== undefined && wordBest.tier === kind) || !this.completionFits(completions, kind, slot, word)
          if (wordClosed) break
        }
        if (!hasBit(visible, slot)) continue
        const tier = Math.max(kind, filterTier(slot))
        if (tier === NONE) continue
        if (!wordClosed && (wordBest === undefined || tier < wordBest.tier)) {
          wordClosed = !this.completionFits(completions, kind, slot, word)
          if (!wordClosed) wordBest = { tier, slot, word }
        }
        if (this.slots.seen[slot] === stamp) continue
        this.slots.seen[slot] = stamp
        products.offer({ tier, slot })
      }
      if (wordBest !== undefined) completions.offer(wordBest)
    }
    return { products, completions }
  }
}
