/**
 * The requested page of a listing result: the result's slots in the query's order (a sort key,
 * or relevance for a search without one: name matches first, newest first within each group),
 * skipping the earlier pages.
 */
import { type Bitset, hasBit } from "../bitset.ts"
import { defaultSortOrder, type ProductQuery } from "../product-query.ts"
import type { SortOrders } from "./sort-orders.ts"

/** The slots of the page, in order. */
export const pageSlots = (
  result: Bitset,
  query: ProductQuery,
  byName: Bitset | undefined,
  orders: SortOrders
): Array<number> => {
  const offset = (query.page - 1) * query.limit
  const page: Array<number> = []
  let rank = 0
  const take = (slot: number): boolean => {
    if (rank >= offset) page.push(slot)
    rank++
    return page.length >= query.limit
  }
  if (query.sortBy === undefined && byName !== undefined) {
    const order = orders.ascending("newest")
    for (const wantNameMatch of [true, false]) {
      for (let index = order.length - 1; index >= 0; index--) {
        const slot = order[index]!
        if (hasBit(result, slot) && hasBit(byName, slot) === wantNameMatch && take(slot)) return page
      }
    }
    return page
  }
  const sortBy = query.sortBy ?? "newest"
  const descending = (query.sortOrder ?? defaultSortOrder(sortBy)) === "desc"
  const order = orders.ascending(sortBy)
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
  return page
}
