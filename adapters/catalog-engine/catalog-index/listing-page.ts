/**
 * The requested page of a listing result: the result's slots in the query's order (a sort key,
 * or relevance for a search without one: by the search's tiers (name matches first, then the other
 * exact matches, then the loose ones), newest first within each tier),
 * skipping the earlier pages. Two ways, chosen by their expected cost:
 * - "walk": down the sort permutation, keeping the result's slots until the page is full (about
 *   (offset + limit) * catalog / total steps: cheap for a large result);
 * - "sort": the result's slots sorted by their rank in the permutation (total * log total: cheap
 *   for a small result, whatever the page).
 */
import { type Bitset, hasBit } from "../columns/bitset.ts"
import { defaultSortOrder, type ProductQuery, type SortBy } from "../../../domain/catalog/product-query.ts"
import type { SortOrders } from "./sort-orders.ts"

export type PagingKernel = "auto" | "walk" | "sort"

/** The slots of the page, in order. */
export const pageSlots = (
  result: Bitset,
  total: number,
  query: ProductQuery,
  tiers: ReadonlyArray<Bitset> | undefined,
  orders: SortOrders,
  kernel: PagingKernel
): Array<number> => {
  const offset = (query.page - 1) * query.limit
  if (offset >= total) return []
  const relevance = query.sortBy === undefined && tiers !== undefined
  const sortBy: SortBy = query.sortBy ?? "newest"
  const descending = relevance || (query.sortOrder ?? defaultSortOrder(sortBy)) === "desc"
  const order = orders.ascending(sortBy)
  const wanted = Math.min(total, offset + query.limit)
  const walkSteps = (wanted * order.length) / Math.max(1, total)
  const sortSteps = result.length + total * Math.log2(total + 1) * 2
  const sort = kernel === "sort" || (kernel === "auto" && sortSteps < walkSteps)
  const page: PageRequest = { result, offset, end: wanted, descending, tiers: relevance ? tiers : undefined }
  return sort ? sortedPage(page, orders.rankOf(sortBy)) : walkedPage(page, order)
}

/** What both ways take: the result, the page's window [offset, end) and the direction. */
interface PageRequest {
  readonly result: Bitset
  readonly offset: number
  /** offset + limit, at most the result's size */
  readonly end: number
  readonly descending: boolean
  /** For relevance: the better tiers, best first (a slot in none is in the last tier). */
  readonly tiers: ReadonlyArray<Bitset> | undefined
}

const tierOf = (tiers: ReadonlyArray<Bitset>, slot: number): number => {
  for (let tier = 0; tier < tiers.length; tier++) if (hasBit(tiers[tier]!, slot)) return tier
  return tiers.length
}

const walkedPage = ({ descending, end, offset, result, tiers }: PageRequest, order: Int32Array): Array<number> => {
  const page: Array<number> = []
  const limit = end - offset
  let rank = 0
  // relevance walks once per tier, best first
  for (let tier = 0; tier <= (tiers?.length ?? 0); tier++) {
    for (let step = 0; step < order.length; step++) {
      const slot = order[descending ? order.length - 1 - step : step]!
      if (!hasBit(result, slot)) continue
      if (tiers !== undefined && tierOf(tiers, slot) !== tier) continue
      if (rank >= offset) page.push(slot)
      rank++
      if (page.length >= limit) return page
    }
  }
  return page
}

const sortedPage = ({ descending, end, offset, result, tiers }: PageRequest, ranks: Int32Array): Array<number> => {
  const slots: Array<number> = []
  for (let word = 0; word < result.length; word++) {
    let remaining = result[word]!
    while (remaining !== 0) {
      const bit = remaining & -remaining
      slots.push((word << 5) + (31 - Math.clz32(bit)))
      remaining ^= bit
    }
  }
  const direction = descending ? -1 : 1
  slots.sort((left, right) => {
    if (tiers !== undefined) {
      const better = tierOf(tiers, left) - tierOf(tiers, right)
      if (better !== 0) return better
    }
    return (ranks[left]! - ranks[right]!) * direction
  })
  return slots.slice(offset, end)
}
