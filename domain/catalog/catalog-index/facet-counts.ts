/**
 * Disjunctive facets (CONTRACT §4): every group counted over the products matching every filter
 * but the group's own. Groups without a filter of their own are counted over the result in one
 * pass; each filtered group over the products matching every other filter.
 */
import { type Bitset, countBits, countIntersection } from "../bitset.ts"
import { byCountThenValue, type Facets } from "../facets.ts"
import type { CategoryRef } from "../product-view.ts"
import { toMajor } from "../../shared/money.ts"
import { ATTRIBUTE_GROUP_PREFIX } from "./listing-filters.ts"
import type { ProductSlots } from "./product-slots.ts"
import type { SlotMemberships } from "./slot-memberships.ts"

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

export const facetsOf = (
  slots: ProductSlots,
  memberships: SlotMemberships,
  categoryRefs: ReadonlyArray<CategoryRef>,
  result: Bitset,
  activeGroups: ReadonlyArray<string>,
  matchingAllBut: (excluded: string | undefined) => Bitset
): Facets => {
  const tally: Tally = {
    categories: new Int32Array(categoryRefs.length),
    tags: new Int32Array(memberships.tags.names.length),
    attributeValues: new Int32Array(memberships.attributeValues.names.length),
    minPrice: Number.MAX_SAFE_INTEGER,
    maxPrice: -1
  }
  const isActive = (group: string) => activeGroups.includes(group)
  // one pass over the result for every group without a filter of its own ...
  tallyInto(slots, memberships, tally, result, {
    categories: !isActive("categories"),
    tags: !isActive("tags"),
    attributeKey: ALL_ATTRIBUTE_KEYS,
    price: !isActive("price")
  })
  // ... and one pass per filtered group over the products matching every other filter
  for (const group of activeGroups) {
    if (group === "categories") tallyInto(slots, memberships, tally, matchingAllBut(group), { ...NOTHING, categories: true })
    else if (group === "tags") tallyInto(slots, memberships, tally, matchingAllBut(group), { ...NOTHING, tags: true })
    else if (group === "price") tallyInto(slots, memberships, tally, matchingAllBut(group), { ...NOTHING, price: true })
    else if (group.startsWith(ATTRIBUTE_GROUP_PREFIX)) {
      const keyId = memberships.attributeKeyNames.ids.get(group.slice(ATTRIBUTE_GROUP_PREFIX.length))
      if (keyId === undefined) continue
      for (let id = 0; id < tally.attributeValues.length; id++) {
        if (memberships.attributeKeys[id] === keyId) tally.attributeValues[id] = 0
      }
      tallyInto(slots, memberships, tally, matchingAllBut(group), { ...NOTHING, attributeKey: keyId })
    }
  }
  const availabilitySet = isActive("availability") ? matchingAllBut("availability") : result
  const inStockCount = countIntersection(availabilitySet, memberships.inStock)
  const availabilityTotal = countBits(availabilitySet)

  const attributesByKey = new Map<number, Array<{ value: string; count: number }>>()
  for (let id = 0; id < tally.attributeValues.length; id++) {
    const count = tally.attributeValues[id]!
    if (count === 0) continue
    const keyId = memberships.attributeKeys[id]!
    const values = attributesByKey.get(keyId) ?? []
    values.push({ value: memberships.attributeValueNames[id]!, count })
    attributesByKey.set(keyId, values)
  }
  const byValue = byCountThenValue<{ value: string; count: number }>((item) => item.value)
  return {
    attributes: [...attributesByKey.entries()]
      .map(([keyId, values]) => ({ key: memberships.attributeKeyNames.names[keyId]!, values: values.sort(byValue) }))
      .sort((left, right) => (left.key < right.key ? -1 : left.key > right.key ? 1 : 0)),
    availability: { inStock: inStockCount, outOfStock: availabilityTotal - inStockCount },
    categories: categoryRefs
      .map((ref, index) => ({ ...ref, count: tally.categories[index]! }))
      .filter((entry) => entry.count > 0)
      .sort(byCountThenValue((entry) => entry.name)),
    priceRange: tally.maxPrice < 0
      ? { min: 0, max: 0 }
      : { min: toMajor(tally.minPrice), max: toMajor(tally.maxPrice) },
    tags: memberships.tags.names
      .map((value, id) => ({ value, count: tally.tags[id]! }))
      .filter((entry) => entry.count > 0)
      .sort(byValue)
  }
}

/** Adds the selected groups' counts over `set` to `tally` in a single pass. */
const tallyInto = (
  slots: ProductSlots,
  memberships: SlotMemberships,
  tally: Tally,
  set: Bitset,
  what: TallySelection
): void => {
  const { categories, price, tags } = what
  const attributeKey = what.attributeKey
  const attributeKeys = memberships.attributeKeys
  const { values: categoryIds, offsets: categoryStarts, lengths: categoryCounts } = memberships.slotCategories
  const { values: tagIds, offsets: tagStarts, lengths: tagCounts } = memberships.slotTags
  const { values: valueIds, offsets: valueStarts, lengths: valueCounts } = memberships.slotAttributeValues
  const priceCounts = slots.variantPrices.lengths
  const { minPrice, maxPrice } = slots
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
          if (attributeKey === ALL_ATTRIBUTE_KEYS || attributeKeys[id] === attributeKey) tally.attributeValues[id]!++
        }
      }
      if (price && priceCounts[slot]! > 0) {
        if (minPrice[slot]! < tally.minPrice) tally.minPrice = minPrice[slot]!
        if (maxPrice[slot]! > tally.maxPrice) tally.maxPrice = maxPrice[slot]!
      }
    }
  }
}
