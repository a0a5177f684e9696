/**
 * Suggestions as the shopper types, answered from memory: the products, categories and completed
 * queries that the words typed so far point to.
 *
 * Words come from each product's name, tags and `brand` attribute, and from each category's name
 * (folded: case and accents ignored, see folding.ts). Every word of the query must match some
 * word of a product (or category), as the dictionary matches words: exactly, as a prefix, or with
 * typos (word-dictionary.ts).
 *
 * Score (documented in docs/catalog-engine.md): each query word counts with its best match among a product's
 * words (exact 0 < prefix 1 < typo 2), and the product's tier is that of its weakest query word.
 * Products rank by tier, then best-selling first (salesCount desc), then slug asc, then id asc.
 * Categories rank by tier, then by how many visible products they hold (descendants included)
 * desc, then slug asc. Queries are the text typed with its last word completed by a product word
 * the last query word matches; a completion ranks as the best product that holds it (the tier
 * counted with that word's match for the last query word), then by the word.
 *
 * Lookups stop early: posting lists are in rank order, so reading one stops once no later product
 * could enter the answer, and typo matches are only looked up when exact and prefix matches do
 * not fill the products and the queries. A query whose earlier words are much rarer than its last
 * is answered from the products holding those words instead.
 *
 * Like CatalogIndex it has a single writer: `upsertProduct` applies a changed product in place.
 */
import { type Bitset, bitsetOf, clearBit, hasBit, makeBitset, resized, setBit, unionInto, wordsFor } from "../columns/bitset.ts"
import type { CatalogProduct } from "../../../domain/catalog/catalog-product.ts"
import type { CategoryRecord } from "../../../domain/catalog/category.ts"
import { SlotIntLists } from "../columns/slot-int-lists.ts"
import { type CategorySuggestion, CategoryWords } from "./category-words.ts"
import type { ProductSuggestion, Suggestions, SuggestRequest } from "./suggestions.ts"
import { textWords, type TextWord } from "./folding.ts"
import { RankedPostings } from "./ranked-postings.ts"
import { TopList } from "./top-list.ts"
import { PREFIX, type WordMatch, WordDictionary } from "./word-dictionary.ts"
import type { ShopId } from "../../../domain/shared/ids.ts"

export type { CategorySuggestion, ProductSuggestion, Suggestions, SuggestRequest }

/** The brand attribute's key: its value's words are the product's words too. */
export const BRAND_ATTRIBUTE = "brand"

/** The words a product is found by: name, tags, brand. */
export const productWords = (product: CatalogProduct): Array<TextWord> => [
  ...textWords(product.name),
  ...product.tags.flatMap(textWords),
  ...textWords(product.attributes?.[BRAND_ATTRIBUTE]?.value ?? "")
]

const NONE = 255
/**
 * Going through a product the earlier query words match (its words, each looked up) costs about
 * this many times reading one entry of the last query word's posting lists.
 */
const CANDIDATE_COST = 4

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
  private readonly postings = new RankedPostings((left, right) => this.rankedBefore(left, right))
  private readonly slotById = new Map<string, number>()
  private readonly slotWords = new SlotIntLists()
  private readonly ids: Array<string> = []
  private readonly slugs: Array<string> = []
  private salesCounts = new Int32Array(1024)
  private readonly shops = new Map<string, Bitset>()
  private words = wordsFor(1024)
  private seen = new Int32Array(1024)
  private stamp = 0
  private readonly visibleCache = new Map<string, { generation: number; bits: Bitset }>()
  private readonly categories: CategoryWords

  constructor(categories: ReadonlyArray<CategoryRecord>) {
    this.categories = new CategoryWords(categories)
  }

  get productCount(): number {
    return this.ids.length
  }

  /** How many products (in any shop, enabled or not) hold the word. */
  productsWithWord(word: number): number {
    return this.postings.size(word)
  }

  /** Adds or replaces a product (matched by id). */
  upsertProduct(product: CatalogProduct): void {
    let slot = this.slotById.get(product.id)
    const isNew = slot === undefined
    if (slot === undefined) {
      slot = this.ids.length
      this.slotById.set(product.id, slot)
      this.ensureCapacity(slot + 1)
    } else {
      for (const bits of this.shops.values()) clearBit(bits, slot)
    }
    const before = this.slotWords.get(slot)
    const after = [...new Set(productWords(product).map((word) => this.dictionary.idFor(word.folded, word.surface)))]
    const rankChanged = isNew || this.salesCounts[slot] !== product.salesCount || this.slugs[slot] !== product.slug
    const kept = new Set(after)
    for (const word of before) if (rankChanged || !kept.has(word)) this.postings.remove(word, slot)

    this.ids[slot] = product.id
    this.slugs[slot] = product.slug
    this.salesCounts[slot] = product.salesCount
    for (const shopId of product.enabled ? product.shopIds : []) setBit(bitsetOf(this.shops, shopId, this.words), slot)
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

  private ensureCapacity(slots: number): void {
    if (slots <= this.salesCounts.length) return
    const capacity = Math.max(slots, this.salesCounts.length * 2)
    const sales = new Int32Array(capacity)
    sales.set(this.salesCounts)
    this.salesCounts = sales
    const seen = new Int32Array(capacity)
    seen.set(this.seen)
    this.seen = seen
    this.words = wordsFor(capacity)
    for (const [shopId, bits] of this.shops) this.shops.set(shopId, resized(bits, this.words))
  }

  private visibleIn(shopIds: ReadonlyArray<ShopId>): Bitset {
    const key = [...shopIds].sort().join("\u0000")
    const cached = this.visibleCache.get(key)
    if (cached !== undefined && cached.generation === this.generation) return cached.bits
    const bits = makeBitset(this.words)
    for (const shopId of shopIds) {
      const shopBits = this.shops.get(shopId)
      if (shopBits !== undefined) unionInto(bits, shopBits)
    }
    if (this.visibleCache.size > 64) this.visibleCache.clear()
    this.visibleCache.set(key, { generation: this.generation, bits })
    return bits
  }

  /** Best-selling first, then slug asc, then id asc. */
  private rankedBefore(left: number, right: number): boolean {
    const sales = this.salesCounts[left]! - this.salesCounts[right]!
    if (sales !== 0) return sales > 0
    const leftSlug = this.slugs[left]!
    const rightSlug = this.slugs[right]!
    if (leftSlug !== rightSlug) return leftSlug < rightSlug
    return this.ids[left]! < this.ids[right]!
  }

  private readonly productBefore = (left: Ranked, right: Ranked): boolean =>
    left.tier !== right.tier ? left.tier < right.tier : left.slot !== right.slot && this.rankedBefore(left.slot, right.slot)

  private readonly completionBefore = (left: Completion, right: Completion): boolean => {
    if (left.tier !== right.tier) return left.tier < right.tier
    if (left.slot !== right.slot) return this.rankedBefore(left.slot, right.slot)
    return this.dictionary.words[left.word]! < this.dictionary.words[right.word]!
  }

  /** Could a completion of `word` at `tier` or better, held by `slot` or a lower-ranked product, be kept? */
  private completionFits(completions: TopList<Completion>, tier: number, slot: number, word: number): boolean {
    const worst = completions.worst
    if (!completions.full || worst === undefined) return true
    if (tier !== worst.tier) return tier < worst.tier
    if (slot !== worst.slot) return this.rankedBefore(slot, worst.slot)
    return this.dictionary.words[word]! < this.dictionary.words[worst.word]!
  }

  suggest(request: SuggestRequest): Suggestions {
    const tokens = textWords(request.q)
    const limit = request.limit
    if (tokens.length === 0 || limit <= 0) return { products: [], categories: [], queries: [] }
    this.settle()
    const visible = this.visibleIn(request.shopIds)
    const folded = tokens.map((token) => token.folded)
    let found = this.collect(folded.map((token) => this.dictionary.match(token, false)), visible, limit)
    const filled = (list: { readonly full: boolean; readonly worst: Ranked | undefined }) => list.full && list.worst!.tier <= PREFIX
    if (!filled(found.products) || !filled(found.completions)) {
      found = this.collect(folded.map((token) => this.dictionary.match(token)), visible, limit)
    }
    const typed = tokens.slice(0, -1).map((token) => `${token.surface} `).join("")
    return {
      products: found.products.entries.map((entry) => ({ id: this.ids[entry.slot]!, slug: this.slugs[entry.slot]! })),
      categories: this.categories.suggest(folded, limit, request.categoryProductCount),
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
      const kinds = new Uint8Array(this.ids.length).fill(NONE)
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
      : Math.min(lastPostings, ((last.length + limit) * this.ids.length) / Math.max(1, candidates.length))
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
        if (products.full && kind >= worstProduct!.tier && !this.rankedBefore(slot, worstProduct!.slot)) {
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
        if (this.seen[slot] === stamp) continue
        this.seen[slot] = stamp
        products.offer({ tier, slot })
      }
      if (wordBest !== undefined) completions.offer(wordBest)
    }
    return { products, completions }
  }
}
