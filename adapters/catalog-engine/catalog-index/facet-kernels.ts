/**
 * The facet counts of one set of products, by one of two kernels:
 * - "bitsets": for each value of a group, popcount(set AND value's bit set) in WebAssembly
 *   (popcount-kernel.ts) over the words from the set's first to its last non-zero one; the price
 *   range by walking the price orders from each end to the first product of the set. Its cost
 *   follows the number of values times those words.
 * - "tally": one pass over the set's products, adding up each product's value lists and its
 *   prices. Its cost follows the set's cardinality.
 * "auto" takes the cheaper by that estimate: bit sets for a dense set, the tally for a sparse one.
 */
import { type Bitset, countBits, countIntersection, hasBit, nonZeroRange } from "../columns/bitset.ts"
import { ATTRIBUTE_GROUP_PREFIX } from "./listing-filters.ts"
import type { PopcountKernel } from "./popcount-kernel.ts"
import type { ProductSlots } from "./product-slots.ts"
import type { SlotMemberships } from "./slot-memberships.ts"
import type { SortOrders } from "./sort-orders.ts"

export type FacetKernel = "auto" | "bitsets" | "tally"

/** One group's counts over one set (only the fields of the group's kind are meaningful). */
export interface GroupCounts {
  /** per value: category index, tag id, or place within the attribute key's values */
  readonly values: Int32Array
  /** lowest and highest effective price among the set's products with variants (-1 when none) */
  readonly minPrice: number
  readonly maxPrice: number
  readonly inStock: number
  readonly total: number
  /** the facet entries made of these counts, once (facet-counts.ts keeps them with the counts) */
  entries: unknown
}

/**
 * The popcount kernel with every value set of the current generation loaded, and where each
 * group's values are: categories from `categories` (by category index), tags from `tags` (by tag
 * id), attribute values from `attributeValues` (by value id), and the in-stock set at `inStock`.
 */
export interface LoadedValueSets {
  readonly kernel: PopcountKernel
  readonly categories: number
  readonly tags: number
  readonly attributeValues: number
  readonly inStock: number
}

/** The value sets in the order `LoadedValueSets` places them. */
export const valueSetsOf = (memberships: SlotMemberships): { sets: Array<Bitset>; layout: Omit<LoadedValueSets, "kernel"> } => {
  const categories = 0
  const tags = memberships.categoryBits.length
  const attributeValues = tags + memberships.tags.bits.length
  const inStock = attributeValues + memberships.attributeValues.bits.length
  return {
    sets: [...memberships.categoryBits, ...memberships.tags.bits, ...memberships.attributeValues.bits, memberships.inStock],
    layout: { categories, tags, attributeValues, inStock }
  }
}

/**
 * The WebAssembly kernel holds a copy of every value set: past this many bytes (a catalog with
 * thousands of attribute values, or millions of products) the tally counts every set instead,
 * so the copy never doubles a large part of the index's memory (the bench catalog: 2 MB at
 * 100,000 products, 20 MB at 1,000,000).
 */
const POPCOUNT_MEMORY_BYTES = 64 * 1024 * 1024

const valueSetBytes = (memberships: SlotMemberships): number =>
  (memberships.categoryBits.length + memberships.tags.bits.length + memberships.attributeValues.bits.length + 1) *
  memberships.words * 4

/**
 * The cost of reading 32 bits of a set and of a value's set in WebAssembly, and of one tally
 * step (a listed value of a product, or the product itself), in the same unit: 0.23 and 8.5 ns
 * at 100,000 products (`test/bench/facet-kernel-figures.ts`: 161 values over a set of any
 * cardinality 0.12 ms; the tally 0.075 ms at 1,000 products, 0.27 ms at 3,000, 1.3 ms at 30,000).
 */
const POPCOUNT_WEIGHT = 1
/**
 * The tally's weight: the one above at 100,000 products; four times that at 1,000,000, where its
 * per-product lists no longer stay in the cache (docs/benchmarks.md, the facet tally at a million
 * products); between the two, interpolated on the logarithm of the catalog's size.
 */
const tallyWeight = (products: number): number => 36 * 4 ** Math.min(1, Math.max(0, Math.log10(products / 100_000)))
/** The price orders are walked when at least one product in this many is in the set. */
const PRICE_WALK_DENSITY = 64

const counts = (values: Int32Array, partial: Partial<GroupCounts> = {}): GroupCounts => ({
  values,
  minPrice: partial.minPrice ?? Number.MAX_SAFE_INTEGER,
  maxPrice: partial.maxPrice ?? -1,
  inStock: partial.inStock ?? 0,
  total: partial.total ?? 0,
  entries: undefined
})

export class GroupCounter {
  private readonly slots: ProductSlots
  private readonly memberships: SlotMemberships
  private readonly orders: SortOrders
  private readonly kernel: FacetKernel
  private readonly set: Bitset
  private readonly cardinality: number
  private readonly loadValueSets: () => LoadedValueSets
  private range: { readonly first: number; readonly last: number } | undefined

  constructor(
    slots: ProductSlots,
    memberships: SlotMemberships,
    orders: SortOrders,
    kernel: FacetKernel,
    loadValueSets: () => LoadedValueSets,
    set: Bitset,
    cardinality: number | undefined
  ) {
    this.slots = slots
    this.memberships = memberships
    this.orders = orders
    this.kernel = kernel
    this.loadValueSets = loadValueSets
    this.set = set
    this.cardinality = cardinality ?? countBits(set)
  }

  /** The counts of each group ("categories", "tags", "attribute:<key>", "price", "availability"), in order. */
  count(groups: ReadonlyArray<string>): Array<GroupCounts> {
    const useBitsets = this.chooseBitsets(groups)
    const tallied = useBitsets ? undefined : this.tally(groups)
    const loaded = useBitsets ? this.loadValueSets() : undefined
    loaded?.kernel.useSet(this.set)
    return groups.map((group, index) => {
      if (group === "availability") {
        const inStock = loaded === undefined
          ? countIntersection(this.set, this.memberships.inStock)
          : loaded.kernel.countWith(loaded.inStock)
        return counts(new Int32Array(0), { inStock, total: this.cardinality })
      }
      if (group === "price") {
        if (this.priceWalkPays()) return this.priceByWalk()
        // a sparse set counted by bit sets (its products close together): its prices read directly
        return tallied === undefined ? this.tally(["price"])[0]! : tallied[index]!
      }
      return loaded !== undefined ? counts(this.popcounts(group, loaded)) : tallied![index]!
    })
  }

  /** 32-bit words from the set's first non-zero word to its last. */
  private spannedWords(): number {
    const range = this.range ??= nonZeroRange(this.set)
    return range.last < range.first ? 0 : range.last - range.first + 1
  }

  private chooseBitsets(groups: ReadonlyArray<string>): boolean {
    if (this.kernel !== "auto") return this.kernel === "bitsets"
    const { memberships, slots } = this
    if (valueSetBytes(memberships) > POPCOUNT_MEMORY_BYTES) return false
    const perSlot = (lists: { liveLength: number }): number => lists.liveLength / Math.max(1, slots.size)
    let values = 0
    let listed = 0
    let attributeListed = 0
    for (const group of groups) {
      if (group === "categories") {
        values += memberships.categoryBits.length
        listed += perSlot(memberships.slotCategories)
      } else if (group === "tags") {
        values += memberships.tags.names.length
        listed += perSlot(memberships.slotTags)
      } else if (group.startsWith(ATTRIBUTE_GROUP_PREFIX)) {
        values += this.attributeIds(group).length
        // the tally reads each product's attribute values once, whatever the keys asked
        attributeListed = perSlot(memberships.slotAttributeValues)
      }
    }
    listed += attributeListed
    // the cheap bound first: the set's words are an upper bound of the words it spans
    const tallyCost = this.cardinality * (listed + 1) * tallyWeight(slots.size)
    if (values * this.set.length * POPCOUNT_WEIGHT <= tallyCost) return true
    return values * this.spannedWords() * POPCOUNT_WEIGHT <= tallyCost
  }

  private attributeIds(group: string): ReadonlyArray<number> {
    const keyId = this.memberships.attributeKeyNames.idOf(group.slice(ATTRIBUTE_GROUP_PREFIX.length))
    return keyId === undefined ? [] : this.memberships.attributeValueIdsOfKey(keyId)
  }

  private popcounts(group: string, loaded: LoadedValueSets): Int32Array {
    const { memberships } = this
    const { kernel } = loaded
    if (group === "categories" || group === "tags") {
      const length = group === "categories" ? memberships.categoryBits.length : memberships.tags.bits.length
      const first = group === "categories" ? loaded.categories : loaded.tags
      const result = new Int32Array(length)
      for (let index = 0; index < length; index++) result[index] = kernel.countWith(first + index)
      return result
    }
    const ids = this.attributeIds(group)
    const result = new Int32Array(ids.length)
    for (let index = 0; index < ids.length; index++) result[index] = kernel.countWith(loaded.attributeValues + ids[index]!)
    return result
  }

  private priceWalkPays(): boolean {
    if (this.kernel === "bitsets") return true
    return this.kernel === "auto" && this.cardinality * PRICE_WALK_DENSITY >= this.slots.size
  }

  /** The first product of the set from the bottom of the lowest-price order and from the top of the highest-price order. */
  private priceByWalk(): GroupCounts {
    const { set, slots } = this
    const withVariants = slots.variantPrices.lengths
    let minPrice = Number.MAX_SAFE_INTEGER
    let maxPrice = -1
    if (this.cardinality > 0) {
      const byLowest = this.orders.ascending("price")
      for (let index = 0; index < byLowest.length; index++) {
        const slot = byLowest[index]!
        if (hasBit(set, slot) && withVariants[slot]! > 0) {
          minPrice = slots.minPrice[slot]!
          break
        }
      }
      const byHighest = this.orders.ascending("maxPrice")
      for (let index = byHighest.length - 1; index >= 0; index--) {
        const slot = byHighest[index]!
        if (hasBit(set, slot) && withVariants[slot]! > 0) {
          maxPrice = slots.maxPrice[slot]!
          break
        }
      }
    }
    return counts(new Int32Array(0), { minPrice, maxPrice })
  }

  /** One pass over the set's products for every group asked (availability is counted apart). */
  private tally(groups: ReadonlyArray<string>): Array<GroupCounts> {
    const { memberships, slots, set } = this
    const categories = groups.includes("categories") ? new Int32Array(memberships.categoryBits.length) : undefined
    const tags = groups.includes("tags") ? new Int32Array(memberships.tags.names.length) : undefined
    const keyCount = memberships.attributeKeyNames.names.length
    /** per key id, the counts of its values when the key is asked for */
    const byKey: Array<Int32Array | undefined> = Array.from({ length: keyCount }, (_, keyId) =>
      groups.includes(`${ATTRIBUTE_GROUP_PREFIX}${memberships.attributeKeyNames.names[keyId]}`)
        ? new Int32Array(memberships.attributeValueIdsOfKey(keyId).length)
        : undefined)
    const anyAttribute = byKey.some((tally) => tally !== undefined)
    const price = groups.includes("price") && !this.priceWalkPays()
    const { attributeKeys, attributeValuePlace } = memberships
    const { values: categoryIds, offsets: categoryStarts, lengths: categoryCounts } = memberships.slotCategories
    const { values: tagIds, offsets: tagStarts, lengths: tagCounts } = memberships.slotTags
    const { values: valueIds, offsets: valueStarts, lengths: valueCounts } = memberships.slotAttributeValues
    const priceCounts = slots.variantPrices.lengths
    const { minPrice, maxPrice } = slots
    let lowest = Number.MAX_SAFE_INTEGER
    let highest = -1
    for (let word = 0; word < set.length; word++) {
      let remaining = set[word]!
      while (remaining !== 0) {
        const bit = remaining & -remaining
        const slot = (word << 5) + (31 - Math.clz32(bit))
        remaining ^= bit
        if (categories !== undefined) {
          const start = categoryStarts[slot]!
          const end = start + categoryCounts[slot]!
          for (let index = start; index < end; index++) categories[categoryIds[index]!]!++
        }
        if (tags !== undefined) {
          const start = tagStarts[slot]!
          const end = start + tagCounts[slot]!
          for (let index = start; index < end; index++) tags[tagIds[index]!]!++
        }
        if (anyAttribute) {
          const start = valueStarts[slot]!
          const end = start + valueCounts[slot]!
          for (let index = start; index < end; index++) {
            const id = valueIds[index]!
            const tally = byKey[attributeKeys[id]!]
            if (tally !== undefined) tally[attributeValuePlace[id]!]!++
          }
        }
        if (price && priceCounts[slot]! > 0) {
          if (minPrice[slot]! < lowest) lowest = minPrice[slot]!
          if (maxPrice[slot]! > highest) highest = maxPrice[slot]!
        }
      }
    }
    return groups.map((group) => {
      if (group === "categories") return counts(categories!)
      if (group === "tags") return counts(tags!)
      if (group === "price") return counts(new Int32Array(0), { minPrice: lowest, maxPrice: highest })
      if (group.startsWith(ATTRIBUTE_GROUP_PREFIX)) {
        const keyId = memberships.attributeKeyNames.idOf(group.slice(ATTRIBUTE_GROUP_PREFIX.length))
        return counts((keyId === undefined ? undefined : byKey[keyId]) ?? new Int32Array(0))
      }
      return counts(new Int32Array(0))
    })
  }
}
