/**
 * The sort permutations of the slots, one per sort key, ascending with ties broken by product id
 * (docs/contract/catalog.md); built on first use. When a few slots' keys change (a checkout counts a sale) or
 * slots are added, the next use moves just those slots: the others keep their relative order, so
 * each moved slot is placed by a binary search and the permutation is copied around them, instead
 * of sorting every slot again. A permutation is never written once built (workers may read it):
 * a moved one is a new array.
 */
import type { SortBy } from "../../../domain/catalog/product-query.ts"
import { sharedAsIs, sharedInt32 } from "../columns/shared-columns.ts"
import type { ProductSlots } from "./product-slots.ts"

/** A sort key: the listing's, or the highest variant price (for the price range facet). */
export type SlotOrder = SortBy | "maxPrice"

export const SLOT_ORDERS: ReadonlyArray<SlotOrder> = ["newest", "price", "name", "bestselling", "maxPrice"]

/** Moved slots up to this share of the catalog (or this many) are placed one by one; more, and the order is sorted again. */
const MOVED_SHARE_PLACED = 1 / 64
const MOVED_PLACED_AT_LEAST = 256

/** Every order and its ranks on shared memory (built on shared memory and never written after: shared as they are). */
export interface SharedOrders {
  readonly permutations: ReadonlyArray<readonly [SlotOrder, Int32Array]>
  readonly ranks: ReadonlyArray<readonly [SlotOrder, Int32Array]>
}

export class SortOrders {
  private readonly permutations = new Map<SlotOrder, Int32Array>()
  private readonly ranks = new Map<SlotOrder, Int32Array>()
  /** Slots whose key of a built order changed since it was built. */
  private readonly moved = new Map<SlotOrder, Set<number>>()
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

  /** Call when `slot`'s key of each of `orders` changed (a slot added since an order was built needs no call). */
  changed(slot: number, orders: ReadonlyArray<SlotOrder>): void {
    for (const order of orders) {
      if (!this.permutations.has(order)) continue
      let slots = this.moved.get(order)
      if (slots === undefined) this.moved.set(order, slots = new Set())
      slots.add(slot)
      // too many to place: the order is sorted again when next used (and no set of them is kept)
      if (slots.size > this.placedAtMost()) {
        this.permutations.delete(order)
        this.ranks.delete(order)
        this.moved.delete(order)
      }
    }
  }

  /** The most moved slots an order places one by one. */
  private placedAtMost(): number {
    return Math.max(MOVED_PLACED_AT_LEAST, this.slots.size * MOVED_SHARE_PLACED)
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
    const moved = this.moved.get(sortBy)
    if (cached !== undefined && cached.length === this.slots.size && moved === undefined) return cached
    this.moved.delete(sortBy)
    const movedCount = cached === undefined ? 0 : (moved?.size ?? 0) + this.slots.size - cached.length
    const order = cached !== undefined && movedCount <= this.placedAtMost()
      ? this.placed(sortBy, cached, moved ?? new Set())
      : this.build(sortBy)
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

  /** `previous` (ascending over the slots it holds) with `moved` and the slots added since placed where they now belong. */
  private placed(sortBy: SlotOrder, previous: Int32Array, moved: Set<number>): Int32Array {
    const { size } = this.slots
    for (let slot = previous.length; slot < size; slot++) moved.add(slot)
    const compare = this.slotComparator(sortBy)
    const placing = Int32Array.from(moved).sort(compare)
    const isMoved = new Uint8Array(size)
    for (const slot of placing) isMoved[slot] = 1
    // the others, in their order
    const kept = new Int32Array(size - placing.length)
    let filled = 0
    for (const slot of previous) if (isMoved[slot] === 0) kept[filled++] = slot
    const order = sharedInt32(size)
    let from = 0
    let at = 0
    for (const slot of placing) {
      // the first kept slot after `slot`, searched from where the previous moved slot went
      let low = from
      let high = kept.length
      while (low < high) {
        const middle = (low + high) >>> 1
        if (compare(kept[middle]!, slot) < 0) low = middle + 1
        else high = middle
      }
      order.set(kept.subarray(from, low), at)
      at += low - from
      order[at++] = slot
      from = low
    }
    order.set(kept.subarray(from), at)
    return order
  }

  /** Compares two slots by `sortBy`, then by id, reading their keys as it goes (for a few comparisons). */
  private slotComparator(sortBy: SlotOrder): (left: number, right: number) => number {
    const { ids } = this.slots
    const byId = (left: number, right: number) => ids.compare(left, right)
    if (sortBy !== "name") return this.comparator(sortBy, byId)
    return (left, right) => {
      const leftName = this.slots.nameKeyOf(left) ?? ""
      const rightName = this.slots.nameKeyOf(right) ?? ""
      return leftName < rightName ? -1 : leftName > rightName ? 1 : byId(left, right)
    }
  }

  /**
   * Each slot's place in id order, so that ties are broken by comparing numbers rather than
   * strings; a slot keeps its id, so only new slots make it be built again.
   */
  private idRanks(): Int32Array {
    const { size, ids } = this.slots
    if (this.idRanksBySlot.length === size) return this.idRanksBySlot
    const byId = Array.from({ length: size }, (_, slot) => slot).sort((left, right) => ids.compare(left, right))
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
