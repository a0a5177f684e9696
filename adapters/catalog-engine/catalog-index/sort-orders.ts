/**
 * The sort permutations of the slots, one per sort key, ascending with ties broken by product id
 * (docs/contract/catalog.md); built on first use and dropped when a sort key changes.
 */
import type { SortBy } from "../../../domain/catalog/product-query.ts"
import { sharedAsIs, sharedInt32 } from "../columns/shared-columns.ts"
import type { ProductSlots } from "./product-slots.ts"

/** A sort key: the listing's, or the highest variant price (for the price range facet). */
export type SlotOrder = SortBy | "maxPrice"

export const SLOT_ORDERS: ReadonlyArray<SlotOrder> = ["newest", "price", "name", "bestselling", "maxPrice"]

/** Every order and its ranks on shared memory (built on shared memory and never written after: shared as they are). */
export interface SharedOrders {
  readonly permutations: ReadonlyArray<readonly [SlotOrder, Int32Array]>
  readonly ranks: ReadonlyArray<readonly [SlotOrder, Int32Array]>
}

export class SortOrders {
  private readonly permutations = new Map<SlotOrder, Int32Array>()
  private readonly ranks = new Map<SlotOrder, Int32Array>()
  private idRanksBySlot = new Int32Array(0)

  private readonly slots: ProductSlots

  constructor(slots: ProductSlots) {
    this.slots = slots
  }

  /** Every order and its ranks, built now when they are not. */
  toShared(): SharedOrders {
    for (const order of SLOT_ORDERS) this.rankOf(order)
    const entries = (map: Map<SlotOrder, Int32Array>) =>
      [...map].map(([order, array]) => [order, sharedAsIs(array)] as const)
    return { permutations: entries(this.permutations), ranks: entries(this.ranks) }
  }

  /** Orders read in place from shared memory over slots that never change. */
  static fromShared(slots: ProductSlots, shared: SharedOrders): SortOrders {
    const orders = new SortOrders(slots)
    for (const [order, array] of shared.permutations) orders.permutations.set(order, array)
    for (const [order, array] of shared.ranks) orders.ranks.set(order, array)
    return orders
  }

  /** Call when some product's name, variant prices, creation time or sales changed. */
  invalidate(): void {
    this.permutations.clear()
    this.ranks.clear()
  }

  /** Each slot's place in `ascending(sortBy)` (the inverse permutation). */
  rankOf(sortBy: SlotOrder): Int32Array {
    const order = this.ascending(sortBy)
    const cached = this.ranks.get(sortBy)
    if (cached !== undefined && cached.length === order.length) return cached
    const ranks = sharedInt32(order.length)
    for (let index = 0; index < order.length; index++) ranks[order[index]!] = index
    this.ranks.set(sortBy, ranks)
    return ranks
  }

  /** Every slot in ascending order of `sortBy`. */
  ascending(sortBy: SlotOrder): Int32Array {
    const cached = this.permutations.get(sortBy)
    if (cached !== undefined && cached.length === this.slots.size) return cached
    const order = this.build(sortBy)
    this.permutations.set(sortBy, order)
    this.ranks.delete(sortBy)
    return order
  }

  private build(sortBy: SlotOrder): Int32Array {
    const { size } = this.slots
    const order = sharedInt32(size)
    for (let slot = 0; slot < size; slot++) order[slot] = slot
    const idRanks = this.idRanks()
    order.sort(this.comparator(sortBy, (left, right) => idRanks[left]! - idRanks[right]!))
    return order
  }

  /**
   * Each slot's place in id order, so that ties are broken by comparing numbers rather than
   * strings; a slot keeps its id, so only new slots make it be built again.
   */
  private idRanks(): Int32Array {
    const { size, ids } = this.slots
    if (this.idRanksBySlot.length === size) return this.idRanksBySlot
    const byId = Array.from({ length: size }, (_, slot) => slot)
      .sort((left, right) => (ids[left]! < ids[right]! ? -1 : ids[left]! > ids[right]! ? 1 : 0))
    const ranks = new Int32Array(size)
    byId.forEach((slot, rank) => (ranks[slot] = rank))
    this.idRanksBySlot = ranks
    return ranks
  }

  /** Compares two slots by `sortBy`, then by id. */
  comparator(sortBy: SlotOrder, byId: (left: number, right: number) => number): (left: number, right: number) => number {
    const slots = this.slots
    switch (sortBy) {
      case "name": {
        const names = Array.from({ length: slots.size }, (_, slot) => slots.nameKeyOf(slot))
        return (left, right) => names[left]! < names[right]! ? -1 : names[left]! > names[right]! ? 1 : byId(left, right)
      }
      case "price":
        return byNumber(slots.minPrice, byId)
      case "maxPrice":
        return byNumber(slots.maxPrice, byId)
      case "newest":
        return byNumber(slots.createdAt, byId)
      case "bestselling":
        return byNumber(slots.salesCount, byId)
    }
  }
}

/** Ascending by a numeric column of the slots, then by `byId`. */
const byNumber = (column: ArrayLike<number>, byId: (left: number, right: number) => number) =>
  (left: number, right: number): number => column[left]! - column[right]! || byId(left, right)
