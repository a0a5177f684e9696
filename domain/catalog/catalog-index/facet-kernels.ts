/**
 * The facet counts of one set of products, by one of two kernels:
 * - "bitsets": for each value of a group, popcount(set AND value's bit set) over the set's
 *   non-empty words; the price range by walking the price orders from each end to the first
 *   product of the set. Its cost follows the number of values times the set's non-empty words.
 * - "tally": one pass over the set's products, adding up each product's value lists and its
 *   prices. Its cost follows the set's cardinality.
 * "auto" takes the cheaper by that estimate: bit sets for a dense set, the tally for a sparse one.
 */
import { type Bitset, countBits, countIntersection, countIntersectionAt, hasBit, nonZeroWords } from "../bitset.ts"
import { ATTRIBUTE_GROUP_PREFIX } from "./listing-filters.ts"
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
}

/** A popcount costs about this many tally increments (word operations are cheap and sequential). */
const POPCOUNT_WEIGHT = 1
const TALLY_WEIGHT = 3
/** The price orders are walked when at least one product in this many is in the set. */
const PRICE_WALK_DENSITY = 64

const counts = (values: Int32Array, partial: Partial<GroupCounts> = {}): GroupCounts => ({
  values,
  minPrice: partial.minPrice ?? Number.MAX_SAFE_INTEGER,
  maxPrice: partial.maxPrice ?? -1,
  inStock: partial.inStock ?? 0,
  total: partial.total ?? 0
})

export class GroupCounter {
  private readonly slots: ProductSlots
  private readonly memberships: SlotMemberships
  private readonly orders: SortOrders
  private readonly kernel: FacetKernel
  private readonly set: Bitset
  private readonly cardinality: number
  private words: Int32Array | undefined

  constructor(
    slots: ProductSlots,
    memberships: SlotMemberships,
    orders: SortOrders,
    kernel: FacetKernel,
    set: Bitset,
    cardinality: number | undefined
  ) {
    this.slots = slots
    this.memberships = memberships
    this.orders = orders
    this.kernel = kernel
    this.set = set
    this.cardinality = cardinality ?? countBits(set)
  }

  /** The counts of each group ("categories", "tags", "attribute:<key>", "price", "availability"), in order. */
  count(groups: ReadonlyArray<string>): Array<GroupCounts> {
    const useBitsets = this.chooseBitsets(groups)
    const tallied = useBitsets ? undefined : this.tally(groups)
    return groups.map((group, index) => {
      if (group === "availability") {
        return counts(new Int32Array(0), { inStock: countIntersection(this.set, this.memberships.inStock), total: this.cardinality })
      }
      if (group === "price") return useBitsets || this.priceWalkPays() ? this.priceByWalk() : tallied![index]!
      return useBitsets ? counts(this.popcounts(group)) : tallied![index]!
    })
  }

  private nonZero(): Int32Array {
    return this.words ??= nonZeroWords(this.set)
  }

  private chooseBitsets(groups: ReadonlyArray<string>): boolean {
    if (this.kernel !== "auto") return this.kernel === "bitsets"
    const { memberships, slots } = this
    const perSlot = (lists: { liveLength: number }): number => lists.liveLength / Math.max(1, slots.size)
    let values = 0
    let listed = 0
    for (const group of groups) {
      if (group === "categories") {
        values += memberships.categoryBits.length
        listed += perSlot(memberships.slotCategories)
      } else if (group === "tags") {
        values += memberships.tags.names.length
        listed += perSlot(memberships.slotTags)
      } else if (group.startsWith(ATTRIBUTE_GROUP_PREFIX)) {
        values += this.attributeIds(group).length
        listed += perSlot(memberships.slotAttributeValues)
      }
    }
    // the cheap bound first: the set's words are an upper bound of its non-empty words
    const tallyCost = this.cardinality * (listed + 1) * TALLY_WEIGHT
    if (values * this.set.length * POPCOUNT_WEIGHT <= tallyCost) return true
    return values * this.nonZero().length * POPCOUNT_WEIGHT <= tallyCost
  }

  private attributeIds(group: string): ReadonlyArray<number> {
    const keyId = this.memberships.attributeKeyNames.ids.get(group.slice(ATTRIBUTE_GROUP_PREFIX.length))
    return keyId === undefined ? [] : this.memberships.attributeValueIdsOfKey(keyId)
  }

  private popcounts(group: string): Int32Array {
    const { memberships, set } = this
    const words = this.nonZero()
    const bitsOfValues: ReadonlyArray<Bitset> = group === "categories"
      ? memberships.categoryBits
      : group === "tags"
      ? memberships.tags.bits
      : this.attributeIds(group).map((id) => memberships.attributeValues.bitsOf(id))
    const result = new Int32Array(bitsOfValues.length)
    for (let index = 0; index < bitsOfValues.length; index++) result[index] = countIntersectionAt(set, bitsOfValues[index]!, words)
    return result
  }

  private priceWalkPays(): boolean {
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
        const keyId = memberships.attributeKeyNames.ids.get(group.slice(ATTRIBUTE_GROUP_PREFIX.length))
        return counts((keyId === undefined ? undefined : byKey[keyId]) ?? new Int32Array(0))
      }
      return counts(new Int32Array(0))
    })
  }
}
