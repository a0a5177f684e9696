/**
 * Disjunctive facets (docs/contract/catalog.md): every group counted over the products matching every filter
 * but the group's own. Each group's counts depend only on the other groups' filters (not on the
 * page, sort or limit), so they are kept by that normalised filter set for the current generation:
 * the counts of the unfiltered visible set, of each category, of each popular filter are worked
 * out once per catalog change.
 *
 * A set's counts come from one of two kernels, chosen by its cardinality (facet-kernels.ts): for a
 * dense set, popcount(set AND value) over the set's non-empty words for each value of the group;
 * for a sparse set, a pass over its products adding up their value lists.
 */
import type { Bitset } from "../columns/bitset.ts"
import { byCountThenValue, type Facets } from "../../../domain/catalog/facets.ts"
import type { CategoryRef } from "../../../domain/catalog/category.ts"
import { asMinorUnits } from "../../../domain/shared/money.ts"
import { type FacetKernel, GroupCounter, type GroupCounts, type LoadedValueSets, valueSetsOf } from "./facet-kernels.ts"
import { ATTRIBUTE_GROUP_PREFIX } from "./listing-filters.ts"
import { batchOf, dropOldest } from "../columns/oldest-entries.ts"
import { PopcountKernel } from "./popcount-kernel.ts"
import type { ProductSlots } from "./product-slots.ts"
import type { SlotMemberships } from "./slot-memberships.ts"
import type { SortOrders } from "./sort-orders.ts"

/** The sets a listing's facets are counted over. */
export interface FacetSets {
  /** the products matching every filter */
  readonly result: Bitset
  readonly total: number
  /** the groups that have a filter */
  readonly activeGroups: ReadonlyArray<string>
  /** the products matching every filter but `group`'s (the same set is reused: valid until the next call) */
  readonly matchingAllBut: (group: string) => Bitset
  /** a key of the filters other than `group`'s (with the shops and search term): equal keys, equal sets */
  readonly keyAllBut: (group: string) => string
}

/**
 * Kept counts: no more than 8 MiB by an estimate of their keys and counts (some 15,000 entries
 * over the bench catalog), the least recently used out. 4,096 entries held the groups of the
 * last ~600 distinct listings only (every listing adds one per group).
 */
const CACHED_COUNT_BYTES = 8 * 1024 * 1024
const ENTRY_BYTES = 160
const CACHED_COUNT_SLACK = batchOf(CACHED_COUNT_BYTES)

const byValue = byCountThenValue<{ value: string; count: number }>((item) => item.value)

const bytesOf = (key: string, counts: GroupCounts): number => ENTRY_BYTES + key.length + counts.values.length * 4

/**
 * `FacetSets.keyAllBut` of a listing: its shops, search term and filters but the group's. Every
 * group without a filter of its own has the key of all the filters, made once.
 */
export const keysAllBut = (
  shopIds: ReadonlyArray<string>,
  search: string | undefined,
  filters: ReadonlyArray<{ readonly group: string; readonly key: string }>
): (group: string) => string => {
  const scope = JSON.stringify([[...shopIds].sort(), search ?? null])
  const keys = new Map<string, string>()
  return (group) => {
    const excluded = filters.some((filter) => filter.group === group) ? group : ""
    let key = keys.get(excluded)
    if (key === undefined) {
      key = `${scope}${JSON.stringify(filters.filter((filter) => filter.group !== excluded).map((filter) => `${filter.group}=${filter.key}`).sort())}`
      keys.set(excluded, key)
    }
    return key
  }
}

export class FacetCounts {
  private readonly slots: ProductSlots
  private readonly memberships: SlotMemberships
  private readonly orders: SortOrders
  private readonly kernel: FacetKernel
  /** least recently used first */
  private readonly cache = new Map<string, GroupCounts>()
  private cachedBytes = 0
  private cacheGeneration = -1
  /** the value sets in WebAssembly memory, copied at most once per generation when a count needs them */
  private readonly popcounts = new PopcountKernel()
  private loaded: LoadedValueSets | undefined
  private loadedGeneration = -1
  private names: { readonly keys: number; readonly attributeGroups: ReadonlyArray<string>; readonly groups: ReadonlyArray<string> } | undefined

  constructor(slots: ProductSlots, memberships: SlotMemberships, orders: SortOrders, kernel: FacetKernel) {
    this.slots = slots
    this.memberships = memberships
    this.orders = orders
    this.kernel = kernel
  }

  facets(sets: FacetSets, categoryRefs: ReadonlyArray<CategoryRef>, generation: number): Facets {
    if (generation !== this.cacheGeneration) {
      this.cache.clear()
      this.cachedBytes = 0
      this.cacheGeneration = generation
    }
    const { attributeGroups, groups } = this.groupNames()
    const counts = new Map<string, GroupCounts>()
    // groups without a filter of their own share one set, the result: counted together
    const overResult: Array<string> = []
    // each key made once: a string hashes once, the lookup and the remembering share it
    const overResultKeys: Array<string> = []
    for (const group of groups) {
      const key = `${sets.keyAllBut(group)}\u0001${group}`
      const cached = this.cache.get(key)
      if (cached !== undefined) {
        this.cache.delete(key)
        this.cache.set(key, cached)
        counts.set(group, cached)
      } else if (!sets.activeGroups.includes(group)) {
        overResult.push(group)
        overResultKeys.push(key)
      } else counts.set(group, this.remember(key, this.counter(sets.matchingAllBut(group), undefined).count([group])[0]!))
    }
    if (overResult.length > 0) {
      const counted = this.counter(sets.result, sets.total).count(overResult)
      overResult.forEach((group, index) => counts.set(group, this.remember(overResultKeys[index]!, counted[index]!)))
    }
    return this.assemble(counts, categoryRefs, attributeGroups)
  }

  /** The attribute groups and every group, in order: made again only when an attribute key is added. */
  private groupNames(): { readonly attributeGroups: ReadonlyArray<string>; readonly groups: ReadonlyArray<string> } {
    const keys = this.memberships.attributeKeyNames.names
    if (this.names === undefined || this.names.keys !== keys.length) {
      const attributeGroups = keys.map((key) => `${ATTRIBUTE_GROUP_PREFIX}${key}`)
      this.names = { keys: keys.length, attributeGroups, groups: ["categories", "tags", ...attributeGroups, "price", "availability"] }
    }
    return this.names
  }

  private counter(set: Bitset, cardinality: number | undefined): GroupCounter {
    return new GroupCounter(this.slots, this.memberships, this.orders, this.kernel, this.loadValueSets, set, cardinality)
  }

  private readonly loadValueSets = (): LoadedValueSets => {
    if (this.loaded === undefined || this.loadedGeneration !== this.cacheGeneration) {
      const { sets, layout } = valueSetsOf(this.memberships)
      this.popcounts.load(sets, this.memberships.words)
      this.loaded = { kernel: this.popcounts, ...layout }
      this.loadedGeneration = this.cacheGeneration
    }
    return this.loaded
  }

  private remember(key: string, counts: GroupCounts): GroupCounts {
    const bytes = bytesOf(key, counts)
    const previous = this.cache.get(key)
    if (previous !== undefined) {
      this.cache.delete(key)
      this.cachedBytes -= bytesOf(key, previous)
    }
    if (this.cachedBytes + bytes > CACHED_COUNT_BYTES) {
      // the oldest out in one pass, with room for a few more (oldest-entries.ts)
      dropOldest(this.cache, (oldestKey, oldest) => {
        this.cachedBytes -= bytesOf(oldestKey, oldest)
        return this.cachedBytes + bytes <= CACHED_COUNT_BYTES - CACHED_COUNT_SLACK
      })
    }
    this.cache.set(key, counts)
    this.cachedBytes += bytes
    return counts
  }

  /**
   * What `make` makes of a group's counts, kept with them: counts found in the cache (a group
   * whose other groups have no filter, say) are not sorted into entries again.
   */
  private entriesOf<A>(counts: GroupCounts | undefined, make: (values: Int32Array) => A): A {
    if (counts === undefined) return make(new Int32Array(0))
    counts.entries ??= make(counts.values)
    return counts.entries as A
  }

  private assemble(
    counts: ReadonlyMap<string, GroupCounts>,
    categoryRefs: ReadonlyArray<CategoryRef>,
    attributeGroups: ReadonlyArray<string>
  ): Facets {
    const memberships = this.memberships
    const attributes = attributeGroups.flatMap((group, keyId) =>
      this.entriesOf(counts.get(group), (tally) => {
        const ids = memberships.attributeValueIdsOfKey(keyId)
        const values: Array<{ value: string; count: number }> = []
        ids.forEach((id, index) => {
          const count = tally[index]!
          if (count > 0) values.push({ value: memberships.attributeValueNames[id]!, count })
        })
        return values.length === 0 ? [] : [{ key: memberships.attributeKeyNames.names[keyId]!, values: values.sort(byValue) }]
      })
    ).sort((left, right) => (left.key < right.key ? -1 : left.key > right.key ? 1 : 0))
    const price = counts.get("price")
    const availability = counts.get("availability")
    return {
      attributes,
      availability: { inStock: availability?.inStock ?? 0, outOfStock: (availability?.total ?? 0) - (availability?.inStock ?? 0) },
      categories: this.entriesOf(counts.get("categories"), (categoryCounts) =>
        categoryRefs
          .map((ref, index) => ({ ...ref, count: categoryCounts[index] ?? 0 }))
          .filter((entry) => entry.count > 0)
          .sort(byCountThenValue((entry) => entry.name))),
      priceRange: price === undefined || price.maxPrice < 0
        ? { min: asMinorUnits(0), max: asMinorUnits(0) }
        : { min: asMinorUnits(price.minPrice), max: asMinorUnits(price.maxPrice) },
      tags: this.entriesOf(counts.get("tags"), (tagCounts) =>
        memberships.tags.names
          .map((value, id) => ({ value, count: tagCounts[id] ?? 0 }))
          .filter((entry) => entry.count > 0)
          .sort(byValue))
    }
  }
}
