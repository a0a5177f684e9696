/**
 * A listing query's filters as bit sets, one per facet group (categories, tags, availability,
 * price, and one per attribute key): within a group the values form a union, across groups an
 * intersection (docs/contract/catalog.md).
 */
import { type Bitset, countBits, makeBitset, unionInto } from "../columns/bitset.ts"
import type { ProductQuery } from "../../../domain/catalog/product-query.ts"
import type { ProductSlots } from "./product-slots.ts"
import type { SlotMemberships } from "./slot-memberships.ts"
import type { VariantPriceIndex } from "./variant-price-index.ts"
import { attributeValueName } from "./value-dictionary.ts"

export interface ListingFilter {
  /** "categories", "tags", "availability", "price" or "attribute:<key>" */
  readonly group: string
  /** the filter's values, normalised: equal keys within a group, equal sets */
  readonly key: string
  /** read only: a single value's filter is that value's own set of the index */
  readonly bits: Bitset
}

const keyOf = (values: ReadonlyArray<string>): string => JSON.stringify([...new Set(values)].sort())

export const ATTRIBUTE_GROUP_PREFIX = "attribute:"

/**
 * How the price filter is worked out: "range" takes the run of variants priced in the range from
 * the sorted variant prices, "scan" checks each candidate's variants, "auto" the cheaper.
 */
export type PriceKernel = "auto" | "range" | "scan"

/** The packed price keys of the variant price index stay exact below this many slots. */
const RANGE_INDEX_SLOTS = 1 << 22

/** The union of the sets; one set is returned as it is, not copied (filters are only read). */
const unionOf = (words: number, sets: ReadonlyArray<Bitset | undefined>): Bitset => {
  const present = sets.filter((set): set is Bitset => set !== undefined)
  if (present.length === 1) return present[0]!
  const bits = makeBitset(words)
  for (const set of present) unionInto(bits, set)
  return bits
}

/** The query's filters; the price filter is worked out among `candidates` only. */
export const listingFilters = (
  query: ProductQuery,
  memberships: SlotMemberships,
  slots: ProductSlots,
  candidates: Bitset,
  prices: { readonly index: VariantPriceIndex; readonly kernel: PriceKernel }
): Array<ListingFilter> => {
  const { words } = memberships
  const filters: Array<ListingFilter> = []
  if (query.categoryIds !== undefined) {
    const sets = query.categoryIds.map((id) => {
      const index = memberships.categoryIndex.get(id)
      return index === undefined ? undefined : memberships.categoryBits[index]
    })
    filters.push({ group: "categories", key: keyOf(query.categoryIds), bits: unionOf(words, sets) })
  }
  if (query.tags !== undefined) {
    const sets = query.tags.map((tag) => {
      const id = memberships.tags.idOf(tag)
      return id === undefined ? undefined : memberships.tags.bitsOf(id)
    })
    filters.push({ group: "tags", key: keyOf(query.tags), bits: unionOf(words, sets) })
  }
  if (query.inStock !== undefined) {
    filters.push({ group: "availability", key: String(query.inStock), bits: stockFilter(memberships, query.inStock) })
  }
  if (query.minPrice !== undefined || query.maxPrice !== undefined) {
    const min = query.minPrice ?? 0
    const max = query.maxPrice ?? Number.MAX_SAFE_INTEGER
    const useRange = slots.size < RANGE_INDEX_SLOTS && (prices.kernel === "range" ||
      (prices.kernel === "auto" && prices.index.countInRange(min, max) + candidates.length < countBits(candidates) * 2))
    const bits = useRange ? prices.index.slotsInRange(candidates, min, max) : priceFilter(slots, candidates, min, max)
    filters.push({ group: "price", key: `${min}-${max}`, bits })
  }
  for (const filter of query.attributes ?? []) {
    const sets = filter.values.map((value) => {
      const id = memberships.attributeValues.idOf(attributeValueName(filter.key, value))
      return id === undefined ? undefined : memberships.attributeValues.bitsOf(id)
    })
    filters.push({ group: `${ATTRIBUTE_GROUP_PREFIX}${filter.key}`, key: keyOf(filter.values), bits: unionOf(words, sets) })
  }
  return filters
}

const stockFilter = (memberships: SlotMemberships, inStock: boolean): Bitset => {
  if (inStock) return memberships.inStock
  const bits = makeBitset(memberships.words)
  for (let index = 0; index < bits.length; index++) bits[index] = ~memberships.inStock[index]!
  return bits
}

/** Products with at least one variant whose effective price lies in [min, max], among `candidates`. */
const priceFilter = (slots: ProductSlots, candidates: Bitset, min: number, max: number): Bitset => {
  const bits = makeBitset(candidates.length)
  const { values: prices, offsets, lengths } = slots.variantPrices
  const { minPrice, maxPrice } = slots
  // the candidates' bits walked here, not through a callback a slot
  for (let word = 0; word < candidates.length; word++) {
    let remaining = candidates[word]!
    let kept = 0
    while (remaining !== 0) {
      const bit = remaining & -remaining
      remaining ^= bit
      const slot = (word << 5) + (31 - Math.clz32(bit))
      if (maxPrice[slot]! < min || minPrice[slot]! > max) continue
      const start = offsets[slot]!
      const end = start + lengths[slot]!
      for (let index = start; index < end; index++) {
        const price = prices[index]!
        if (price >= min && price <= max) {
          kept |= bit
          break
        }
      }
    }
    bits[word] = kept
  }
  return bits
}
