/**
 * The catalog's read model: every product held once in a slot, with bit sets per shop, tag,
 * attribute value, category subtree and availability, sort permutations, and the product's
 * rendered JSON, kept through a DocumentCodec (as it is, or compressed by an adapter). Per-slot
 * id lists are packed in SlotIntLists rather than held as one small array per product. Listing,
 * faceting and by-slug lookups are answered from it without I/O.
 *
 * It is a mutable structure with a single writer: `upsertProduct` applies a changed product in
 * place (reads are synchronous, so a query never sees half an update). `generation` increases on
 * every change so that callers can key caches by it.
 */
import {
  type Bitset,
  clearBit,
  countBits,
  countIntersection,
  hasBit,
  intersectInto,
  makeBitset,
  resized,
  setBit,
  unionInto,
  wordsFor
} from "./bitset.ts"
import { type CatalogProduct, effectivePrice, isInStock, type SizeGuide } from "./catalog-product.ts"
import { type CategoryRecord, effectiveParents } from "./category.ts"
import type { DocumentCodec, DocumentCodecTrainer } from "./document-codec.ts"
import { byCountThenValue, type Facets } from "./facets.ts"
import { type CategoryRef, renderProduct, type RenderContext } from "./product-view.ts"
import { ProductDocuments } from "./product-documents.ts"
import { defaultSortOrder, type ProductQuery, type SortBy } from "./product-query.ts"
import { SlotIntLists } from "./slot-int-lists.ts"
import { toMajor } from "../shared/money.ts"

export interface CatalogReference {
  readonly categories: ReadonlyArray<CategoryRecord>
  readonly sizeGuides: ReadonlyArray<SizeGuide>
}

export interface CatalogIndexOptions {
  /**
   * How rendered product documents are kept: as they are (the default), through a codec, or
   * through a codec trained on the first documents.
   */
  readonly documentCodec?: DocumentCodec | DocumentCodecTrainer | undefined
}

export interface ListingResult {
  readonly total: number
  /** Rendered product JSON documents of the requested page, in order. */
  readonly documents: ReadonlyArray<string>
  readonly facets: Facets | undefined
}

type SortKey = SortBy

const FIELD_SEPARATOR = "\u0000"

/** A dictionary from strings to dense ids, each with a bit set of the slots holding it. */
class ValueDictionary {
  readonly ids = new Map<string, number>()
  readonly names: Array<string> = []
  readonly bits: Array<Bitset> = []
  idFor(name: string, words: number): number {
    let id = this.ids.get(name)
    if (id === undefined) {
      id = this.names.length
      this.ids.set(name, id)
      this.names.push(name)
      this.bits.push(makeBitset(words))
    }
    return id
  }
  grow(words: number): void {
    for (let index = 0; index < this.bits.length; index++) this.bits[index] = resized(this.bits[index]!, words)
  }
}

const attributeValueName = (key: string, value: string): string => `${key}\u0000${value}`

export class CatalogIndex {
  generation = 0
  private words = wordsFor(1024)
  private size = 0
  private readonly slotBySlug = new Map<string, number>()
  private readonly slotById = new Map<string, number>()
  private readonly ids: Array<string> = []
  private readonly documents: ProductDocuments
  private readonly slugs: Array<string> = []
  /**
   * Lower-cased name, sku, description and tags, NUL-separated, name first: the search text,
   * whose first `nameLengths[slot]` characters are also the name's sort key.
   */
  private readonly haystacks: Array<string> = []
  private nameLengths = new Int32Array(1024)
  private createdAt = new Float64Array(1024)
  private salesCount = new Int32Array(1024)
  private minPrice = new Int32Array(1024)
  private maxPrice = new Int32Array(1024)
  /** effective price of every variant, per slot */
  private readonly variantPrices = new SlotIntLists()
  /** tag ids, attribute value ids and category ids (with ancestors) per slot */
  private readonly slotTags = new SlotIntLists()
  private readonly slotAttributeValues = new SlotIntLists()
  private readonly slotCategories = new SlotIntLists()
  private inStock: Bitset = makeBitset(this.words)
  private readonly shops = new Map<string, Bitset>()
  private readonly tags = new ValueDictionary()
  private readonly attributeKeys: Array<number> = []
  private readonly attributeKeyNames = new ValueDictionary()
  private readonly attributeValues = new ValueDictionary()
  private readonly attributeValueNames: Array<string> = []
  private categoryBits: Array<Bitset>
  private readonly categoryIndex = new Map<string, number>()
  private readonly categoryIndexBySlug = new Map<string, number>()
  private readonly categoryClosure: Array<Int32Array>
  private readonly categoryRefs: Array<CategoryRef>
  private readonly renderContext: RenderContext
  private readonly permutations = new Map<SortKey, Int32Array>()
  private readonly visibleCache = new Map<string, { generation: number; bits: Bitset }>()
  private readonly searchCache = new Map<string, { generation: number; all: Bitset; byName: Bitset }>()

  readonly reference: CatalogReference

  constructor(reference: CatalogReference, options: CatalogIndexOptions = {}) {
    this.reference = reference
    this.documents = new ProductDocuments(options.documentCodec)
    reference.categories.forEach((category, index) => {
      this.categoryIndex.set(category.id, index)
      this.categoryIndexBySlug.set(category.slug, index)
    })
    this.categoryRefs = reference.categories.map((category) => ({
      id: category.id,
      name: category.name,
      slug: category.slug
    }))
    const parents = effectiveParents(reference.categories)
    this.categoryClosure = reference.categories.map((category) => {
      const chain: Array<number> = []
      let current: string | null = category.id
      while (current !== null && chain.length <= reference.categories.length) {
        const index = this.categoryIndex.get(current)
        if (index === undefined) break
        chain.push(index)
        current = parents.get(current) ?? null
      }
      return Int32Array.from(chain)
    })
    this.categoryBits = reference.categories.map(() => makeBitset(this.words))
    const sizeGuides = new Map(reference.sizeGuides.map((guide) => [guide.id, guide]))
    this.renderContext = {
      categoryRef: (categoryId) => this.categoryRefs[this.categoryIndex.get(categoryId) ?? -1],
      sizeGuide: (sizeGuideId) => sizeGuides.get(sizeGuideId)
    }
  }

  get productCount(): number {
    return this.size
  }

  categoryIdBySlug(slug: string): string | undefined {
    const index = this.categoryIndexBySlug.get(slug)
    return index === undefined ? undefined : this.reference.categories[index]?.id
  }

  /** Adds or replaces a product (matched by id). */
  upsertProduct(product: CatalogProduct): void {
    let slot = this.slotById.get(product.id)
    let sortKeysChanged = true
    if (slot === undefined) {
      slot = this.size++
      this.ensureCapacity(this.size)
      this.slotById.set(product.id, slot)
      this.ids[slot] = product.id
    } else {
      const previousSlug = this.slugs[slot]
      if (previousSlug !== undefined && previousSlug !== product.slug) this.releaseSlug(previousSlug, slot)
      this.removeMemberships(slot)
    }
    this.slotBySlug.set(product.slug, slot)

    this.documents.set(slot, JSON.stringify(renderProduct(product, this.renderContext)))
    this.slugs[slot] = product.slug

    const nameKey = product.name.toLowerCase()
    let lowest = Number.MAX_SAFE_INTEGER
    let highest = 0
    const prices = new Int32Array(product.variants.length)
    product.variants.forEach((variant, index) => {
      const price = effectivePrice(variant)
      prices[index] = price
      if (price < lowest) lowest = price
      if (price > highest) highest = price
    })
    if (product.variants.length === 0) lowest = 0
    const createdAt = product.createdAt.getTime()
    if (
      this.nameKeyOf(slot) === nameKey && this.minPrice[slot] === lowest && this.createdAt[slot] === createdAt &&
      this.salesCount[slot] === product.salesCount
    ) sortKeysChanged = false
    this.nameLengths[slot] = nameKey.length
    this.minPrice[slot] = lowest
    this.maxPrice[slot] = highest
    this.createdAt[slot] = createdAt
    this.salesCount[slot] = product.salesCount
    this.variantPrices.set(slot, prices)
    // NUL separates the fields so that no term (searchSets refuses terms with NUL) can span two of them
    this.haystacks[slot] = [nameKey, ...[product.sku, product.description, ...product.tags].map((field) => field.toLowerCase())]
      .join(FIELD_SEPARATOR)

    if (product.variants.some(isInStock)) setBit(this.inStock, slot)
    for (const shopId of product.enabled ? product.shopIds : []) {
      let bits = this.shops.get(shopId)
      if (bits === undefined) {
        bits = makeBitset(this.words)
        this.shops.set(shopId, bits)
      }
      setBit(bits, slot)
    }
    const tagIds = [...new Set(product.tags)].map((tag) => this.tags.idFor(tag, this.words))
    for (const id of tagIds) setBit(this.tags.bits[id]!, slot)
    this.slotTags.set(slot, tagIds)

    const valueIds: Array<number> = []
    for (const [key, attribute] of Object.entries(product.attributes ?? {})) {
      const keyId = this.attributeKeyNames.idFor(key, 0)
      const before = this.attributeValues.names.length
      const valueId = this.attributeValues.idFor(attributeValueName(key, attribute.value), this.words)
      if (valueId === before) {
        this.attributeKeys[valueId] = keyId
        this.attributeValueNames[valueId] = attribute.value
      }
      setBit(this.attributeValues.bits[valueId]!, slot)
      valueIds.push(valueId)
    }
    this.slotAttributeValues.set(slot, valueIds)

    const closure = new Set<number>()
    for (const categoryId of product.categoryIds) {
      const index = this.categoryIndex.get(categoryId)
      if (index !== undefined) for (const ancestor of this.categoryClosure[index]!) closure.add(ancestor)
    }
    for (const index of closure) setBit(this.categoryBits[index]!, slot)
    this.slotCategories.set(slot, [...closure])

    if (sortKeysChanged) this.permutations.clear()
    this.generation++
  }

  /** The lower-cased name (undefined for a slot not filled yet). */
  private nameKeyOf(slot: number): string | undefined {
    return this.haystacks[slot]?.slice(0, this.nameLengths[slot]!)
  }

  /** `slot` no longer uses `slug`; another product that holds it now (slugs moved in one batch) keeps it. */
  private releaseSlug(slug: string, slot: number): void {
    if (this.slotBySlug.get(slug) !== slot) return
    this.slotBySlug.delete(slug)
    const holder = this.slugs.findIndex((other, otherSlot) => other === slug && otherSlot !== slot)
    if (holder >= 0) this.slotBySlug.set(slug, holder)
  }

  private removeMemberships(slot: number): void {
    clearBit(this.inStock, slot)
    // shops are few: clearing the slot in each is cheaper than remembering the slot's shops
    for (const bits of this.shops.values()) clearBit(bits, slot)
    const clearListed = (lists: SlotIntLists, bitsOf: (id: number) => Bitset): void => {
      const { values, offsets, lengths } = lists
      const start = offsets[slot]!
      for (let index = start; index < start + lengths[slot]!; index++) clearBit(bitsOf(values[index]!), slot)
    }
    clearListed(this.slotTags, (id) => this.tags.bits[id]!)
    clearListed(this.slotAttributeValues, (id) => this.attributeValues.bits[id]!)
    clearListed(this.slotCategories, (id) => this.categoryBits[id]!)
  }

  private ensureCapacity(slots: number): void {
    if (slots <= this.createdAt.length) return
    const capacity = Math.max(slots, this.createdAt.length * 2)
    const words = wordsFor(capacity)
    const grow = <A extends Float64Array | Int32Array>(array: A, make: (length: number) => A): A => {
      const next = make(capacity)
      next.set(array)
      return next
    }
    this.createdAt = grow(this.createdAt, (length) => new Float64Array(length))
    this.salesCount = grow(this.salesCount, (length) => new Int32Array(length))
    this.minPrice = grow(this.minPrice, (length) => new Int32Array(length))
    this.maxPrice = grow(this.maxPrice, (length) => new Int32Array(length))
    this.nameLengths = grow(this.nameLengths, (length) => new Int32Array(length))
    this.inStock = resized(this.inStock, words)
    for (const [shopId, bits] of this.shops) this.shops.set(shopId, resized(bits, words))
    this.tags.grow(words)
    this.attributeValues.grow(words)
    this.categoryBits = this.categoryBits.map((bits) => resized(bits, words))
    this.words = words
  }

  /** Products enabled in at least one of the given shops. */
  visibleIn(shopIds: ReadonlyArray<string>): Bitset {
    const cacheKey = [...shopIds].sort().join("\u0000")
    const cached = this.visibleCache.get(cacheKey)
    if (cached !== undefined && cached.generation === this.generation) return cached.bits
    const bits = makeBitset(this.words)
    for (const shopId of shopIds) {
      const shopBits = this.shops.get(shopId)
      if (shopBits !== undefined) unionInto(bits, shopBits)
    }
    if (this.visibleCache.size > 64) this.visibleCache.clear()
    this.visibleCache.set(cacheKey, { generation: this.generation, bits })
    return bits
  }

  /** The rendered product with this slug when it is visible in one of the shops. */
  documentBySlug(slug: string, shopIds: ReadonlyArray<string>): string | undefined {
    const slot = this.slotBySlug.get(slug)
    if (slot === undefined || !hasBit(this.visibleIn(shopIds), slot)) return undefined
    return this.documents.get(slot)
  }

  /** Visible products in each category or any of its descendants, by category id. */
  categoryProductCounts(shopIds: ReadonlyArray<string>): ReadonlyMap<string, number> {
    const visible = this.visibleIn(shopIds)
    const counts = new Map<string, number>()
    this.reference.categories.forEach((category, index) => {
      counts.set(category.id, countIntersection(this.categoryBits[index]!, visible))
    })
    return counts
  }

  private searchSets(term: string): { all: Bitset; byName: Bitset } {
    const cached = this.searchCache.get(term)
    if (cached !== undefined && cached.generation === this.generation) return cached
    const all = makeBitset(this.words)
    const byName = makeBitset(this.words)
    const searchable = !term.includes(FIELD_SEPARATOR)
    for (let slot = 0; searchable && slot < this.size; slot++) {
      const position = this.haystacks[slot]!.indexOf(term)
      if (position >= 0) {
        setBit(all, slot)
        // the first occurrence lies within the name exactly when the name contains the term
        if (position + term.length <= this.nameLengths[slot]!) setBit(byName, slot)
      }
    }
    if (this.searchCache.size >= 256) {
      const oldest = this.searchCache.keys().next()
      if (!oldest.done) this.searchCache.delete(oldest.value)
    }
    const entry = { generation: this.generation, all, byName }
    this.searchCache.set(term, entry)
    return entry
  }

  private permutation(sortBy: SortKey): Int32Array {
    const cached = this.permutations.get(sortBy)
    if (cached !== undefined && cached.length === this.size) return cached
    const slots = new Int32Array(this.size)
    for (let slot = 0; slot < this.size; slot++) slots[slot] = slot
    const ids = this.ids
    const byId = (left: number, right: number): number => (ids[left]! < ids[right]! ? -1 : ids[left]! > ids[right]! ? 1 : 0)
    const compare = (() => {
      switch (sortBy) {
        case "name": {
          const names = Array.from({ length: this.size }, (_, slot) => this.nameKeyOf(slot))
          return (left: number, right: number) =>
            names[left]! < names[right]! ? -1 : names[left]! > names[right]! ? 1 : byId(left, right)
        }
        case "price": {
          const prices = this.minPrice
          return (left: number, right: number) => prices[left]! - prices[right]! || byId(left, right)
        }
        case "newest": {
          const created = this.createdAt
          return (left: number, right: number) => created[left]! - created[right]! || byId(left, right)
        }
        case "bestselling": {
          const sales = this.salesCount
          return (left: number, right: number) => sales[left]! - sales[right]! || byId(left, right)
        }
      }
    })()
    slots.sort(compare)
    this.permutations.set(sortBy, slots)
    return slots
  }

  /** Answers a listing query over the products visible in `shopIds`. */
  list(query: ProductQuery, shopIds: ReadonlyArray<string>): ListingResult {
    const base = resized(this.visibleIn(shopIds), this.words)
    let byName: Bitset | undefined
    if (query.search !== undefined) {
      const sets = this.searchSets(query.search)
      intersectInto(base, sets.all)
      byName = sets.byName
    }

    const categoryFilter = query.categoryIds === undefined ? undefined : this.categoryFilter(query.categoryIds)
    const tagFilter = query.tags === undefined ? undefined : this.tagFilter(query.tags)
    const stockFilter = query.inStock === undefined ? undefined : this.stockFilter(query.inStock)
    const priceFilter = query.minPrice === undefined && query.maxPrice === undefined
      ? undefined
      : this.priceFilter(base, query.minPrice ?? 0, query.maxPrice ?? Number.MAX_SAFE_INTEGER)
    const attributeFilters = (query.attributes ?? []).map((filter) => ({
      key: filter.key,
      bits: this.attributeFilter(filter.key, filter.values)
    }))

    type Filter = { readonly group: string; readonly bits: Bitset }
    const filters: Array<Filter> = []
    if (categoryFilter !== undefined) filters.push({ group: "categories", bits: categoryFilter })
    if (tagFilter !== undefined) filters.push({ group: "tags", bits: tagFilter })
    if (stockFilter !== undefined) filters.push({ group: "availability", bits: stockFilter })
    if (priceFilter !== undefined) filters.push({ group: "price", bits: priceFilter })
    for (const filter of attributeFilters) filters.push({ group: `attribute:${filter.key}`, bits: filter.bits })

    const matchingAllBut = (excluded: string | undefined): Bitset => {
      const set = base.slice()
      for (const filter of filters) if (filter.group !== excluded) intersectInto(set, filter.bits)
      return set
    }
    const result = matchingAllBut(undefined)
    const total = countBits(result)
    const documents = this.page(result, query, byName)
    const facets = query.includeFacets ? this.facets(result, filters.map((f) => f.group), matchingAllBut) : undefined
    return { total, documents, facets }
  }

  private categoryFilter(categoryIds: ReadonlyArray<string>): Bitset {
    const bits = makeBitset(this.words)
    for (const categoryId of categoryIds) {
      const index = this.categoryIndex.get(categoryId)
      if (index !== undefined) unionInto(bits, this.categoryBits[index]!)
    }
    return bits
  }

  private tagFilter(tags: ReadonlyArray<string>): Bitset {
    const bits = makeBitset(this.words)
    for (const tag of tags) {
      const id = this.tags.ids.get(tag)
      if (id !== undefined) unionInto(bits, this.tags.bits[id]!)
    }
    return bits
  }

  private attributeFilter(key: string, values: ReadonlyArray<string>): Bitset {
    const bits = makeBitset(this.words)
    for (const value of values) {
      const id = this.attributeValues.ids.get(attributeValueName(key, value))
      if (id !== undefined) unionInto(bits, this.attributeValues.bits[id]!)
    }
    return bits
  }

  private stockFilter(inStock: boolean): Bitset {
    if (inStock) return this.inStock
    const bits = makeBitset(this.words)
    for (let index = 0; index < bits.length; index++) bits[index] = ~this.inStock[index]!
    return bits
  }

  /** Products with at least one variant whose effective price lies in [min, max], among `candidates`. */
  private priceFilter(candidates: Bitset, min: number, max: number): Bitset {
    const bits = makeBitset(this.words)
    const { values: prices, offsets, lengths } = this.variantPrices
    for (let word = 0; word < candidates.length; word++) {
      let remaining = candidates[word]!
      while (remaining !== 0) {
        const lowest = remaining & -remaining
        const slot = (word << 5) + (31 - Math.clz32(lowest))
        remaining ^= lowest
        if (this.maxPrice[slot]! < min || this.minPrice[slot]! > max) continue
        const start = offsets[slot]!
        for (let index = start; index < start + lengths[slot]!; index++) {
          const price = prices[index]!
          if (price >= min && price <= max) {
            setBit(bits, slot)
            break
          }
        }
      }
    }
    return bits
  }

  private page(result: Bitset, query: ProductQuery, byName: Bitset | undefined): Array<string> {
    const offset = (query.page - 1) * query.limit
    const documents: Array<string> = []
    let rank = 0
    const take = (slot: number): boolean => {
      if (rank >= offset) documents.push(this.documents.get(slot)!)
      rank++
      return documents.length >= query.limit
    }
    if (query.sortBy === undefined && byName !== undefined) {
      // relevance: name matches first, newest first within each group
      const order = this.permutation("newest")
      for (const wantNameMatch of [true, false]) {
        for (let index = order.length - 1; index >= 0; index--) {
          const slot = order[index]!
          if (hasBit(result, slot) && hasBit(byName, slot) === wantNameMatch && take(slot)) return documents
        }
      }
      return documents
    }
    const sortBy = query.sortBy ?? "newest"
    const descending = (query.sortOrder ?? defaultSortOrder(sortBy)) === "desc"
    const order = this.permutation(sortBy)
    if (descending) {
      for (let index = order.length - 1; index >= 0; index--) {
        const slot = order[index]!
        if (hasBit(result, slot) && take(slot)) break
      }
    } else {
      for (let index = 0; index < order.length; index++) {
        const slot = order[index]!
        if (hasBit(result, slot) && take(slot)) break
      }
    }
    return documents
  }

  private facets(
    result: Bitset,
    activeGroups: ReadonlyArray<string>,
    matchingAllBut: (excluded: string | undefined) => Bitset
  ): Facets {
    const tally: Tally = {
      categories: new Int32Array(this.categoryRefs.length),
      tags: new Int32Array(this.tags.names.length),
      attributeValues: new Int32Array(this.attributeValues.names.length),
      minPrice: Number.MAX_SAFE_INTEGER,
      maxPrice: -1
    }
    const isActive = (group: string) => activeGroups.includes(group)
    // one pass over the result for every group without a filter of its own ...
    this.tallyInto(tally, result, {
      categories: !isActive("categories"),
      tags: !isActive("tags"),
      attributeKey: ALL_ATTRIBUTE_KEYS,
      price: !isActive("price")
    })
    // ... and one pass per filtered group over the products matching every other filter
    for (const group of activeGroups) {
      if (group === "categories") this.tallyInto(tally, matchingAllBut(group), { ...NOTHING, categories: true })
      else if (group === "tags") this.tallyInto(tally, matchingAllBut(group), { ...NOTHING, tags: true })
      else if (group === "price") this.tallyInto(tally, matchingAllBut(group), { ...NOTHING, price: true })
      else if (group.startsWith("attribute:")) {
        const keyId = this.attributeKeyNames.ids.get(group.slice("attribute:".length))
        if (keyId === undefined) continue
        for (let id = 0; id < tally.attributeValues.length; id++) {
          if (this.attributeKeys[id] === keyId) tally.attributeValues[id] = 0
        }
        this.tallyInto(tally, matchingAllBut(group), { ...NOTHING, attributeKey: keyId })
      }
    }
    const availabilitySet = isActive("availability") ? matchingAllBut("availability") : result
    const inStockCount = countIntersection(availabilitySet, this.inStock)
    const availabilityTotal = countBits(availabilitySet)

    const attributesByKey = new Map<number, Array<{ value: string; count: number }>>()
    for (let id = 0; id < tally.attributeValues.length; id++) {
      const count = tally.attributeValues[id]!
      if (count === 0) continue
      const keyId = this.attributeKeys[id]!
      const values = attributesByKey.get(keyId) ?? []
      values.push({ value: this.attributeValueNames[id]!, count })
      attributesByKey.set(keyId, values)
    }
    const byValue = byCountThenValue<{ value: string; count: number }>((item) => item.value)
    return {
      attributes: [...attributesByKey.entries()]
        .map(([keyId, values]) => ({ key: this.attributeKeyNames.names[keyId]!, values: values.sort(byValue) }))
        .sort((left, right) => (left.key < right.key ? -1 : left.key > right.key ? 1 : 0)),
      availability: { inStock: inStockCount, outOfStock: availabilityTotal - inStockCount },
      categories: this.categoryRefs
        .map((ref, index) => ({ ...ref, count: tally.categories[index]! }))
        .filter((entry) => entry.count > 0)
        .sort(byCountThenValue((entry) => entry.name)),
      priceRange: tally.maxPrice < 0
        ? { min: 0, max: 0 }
        : { min: toMajor(tally.minPrice), max: toMajor(tally.maxPrice) },
      tags: this.tags.names
        .map((value, id) => ({ value, count: tally.tags[id]! }))
        .filter((entry) => entry.count > 0)
        .sort(byValue)
    }
  }

  /** Adds the selected groups' counts over `set` to `tally` in a single pass. */
  private tallyInto(tally: Tally, set: Bitset, what: TallySelection): void {
    const { categories, price, tags } = what
    const attributeKey = what.attributeKey
    const categoryIds = this.slotCategories.values
    const categoryStarts = this.slotCategories.offsets
    const categoryCounts = this.slotCategories.lengths
    const tagIds = this.slotTags.values
    const tagStarts = this.slotTags.offsets
    const tagCounts = this.slotTags.lengths
    const valueIds = this.slotAttributeValues.values
    const valueStarts = this.slotAttributeValues.offsets
    const valueCounts = this.slotAttributeValues.lengths
    const priceCounts = this.variantPrices.lengths
    for (let word = 0; word < set.length; word++) {
      let remaining = set[word]!
      while (remaining !== 0) {
        const lowest = remaining & -remaining
        const slot = (word << 5) + (31 - Math.clz32(lowest))
        remaining ^= lowest
        if (categories) {
          const start = categoryStarts[slot]!
          const end = start + categoryCounts[slot]!
          for (let index = start; index < end; index++) tally.categories[categoryIds[index]!]!++
        }
        if (tags) {
          const start = tagStarts[slot]!
          const end = start + tagCounts[slot]!
          for (let index = start; index < end; index++) tally.tags[tagIds[index]!]!++
        }
        if (attributeKey !== NO_ATTRIBUTE_KEY) {
          const start = valueStarts[slot]!
          const end = start + valueCounts[slot]!
          for (let index = start; index < end; index++) {
            const id = valueIds[index]!
            if (attributeKey === ALL_ATTRIBUTE_KEYS || this.attributeKeys[id] === attributeKey) tally.attributeValues[id]!++
          }
        }
        if (price && priceCounts[slot]! > 0) {
          if (this.minPrice[slot]! < tally.minPrice) tally.minPrice = this.minPrice[slot]!
          if (this.maxPrice[slot]! > tally.maxPrice) tally.maxPrice = this.maxPrice[slot]!
        }
      }
    }
  }
}

interface Tally {
  readonly categories: Int32Array
  readonly tags: Int32Array
  readonly attributeValues: Int32Array
  minPrice: number
  maxPrice: number
}

const ALL_ATTRIBUTE_KEYS = -1
const NO_ATTRIBUTE_KEY = -2

interface TallySelection {
  readonly categories: boolean
  readonly tags: boolean
  /** A key id, ALL_ATTRIBUTE_KEYS or NO_ATTRIBUTE_KEY. */
  readonly attributeKey: number
  readonly price: boolean
}

const NOTHING: TallySelection = { categories: false, tags: false, attributeKey: NO_ATTRIBUTE_KEY, price: false }
