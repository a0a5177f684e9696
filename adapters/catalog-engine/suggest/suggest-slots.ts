/**
 * What the suggestion index keeps per product slot: id, slug and sales (its rank: best-selling
 * first, then slug asc, then id asc), the shops it is enabled in, and a scratch mark per slot for
 * lookups. Slots are the catalog index's: a product keeps its slot across updates.
 */
import { type Bitset, bitsetOf, clearBit, makeBitset, resized, setBit, unionInto, wordsFor } from "../columns/bitset.ts"
import { type ByteColumn, fromByteColumn, packBitsets, toByteColumn, unpackBitsets } from "../columns/shared-columns.ts"
import type { ShopId } from "../../../domain/shared/ids.ts"

/** The slots in a snapshot (ids and slugs are not in it: they are the catalog index's, slot for slot). */
export interface SuggestSlotsSnapshot {
  readonly salesCounts: Int32Array
  readonly shopIds: ByteColumn
  readonly shops: Uint32Array
  readonly words: number
}

const VISIBLE_SETS_CACHED = 64

export class SuggestSlots {
  readonly slotById = new Map<string, number>()
  ids: Array<string> = []
  slugs: Array<string> = []
  salesCounts = new Int32Array(1024)
  /** per slot, the stamp of the last lookup that saw it */
  seen = new Int32Array(1024)
  private shops = new Map<string, Bitset>()
  private words = wordsFor(1024)
  private readonly visibleCache = new Map<string, { generation: number; bits: Bitset }>()

  get size(): number {
    return this.ids.length
  }

  snapshot(): SuggestSlotsSnapshot {
    const { salesCounts, shops, words } = this
    return { salesCounts, shopIds: toByteColumn([...shops.keys()]), shops: packBitsets([...shops.values()], words), words }
  }

  /** Slots that go on from a snapshot; `ids` and `slugs` by slot (copied: these slots write their own). */
  static fromSnapshot(snapshot: SuggestSlotsSnapshot, ids: ReadonlyArray<string>, slugs: ReadonlyArray<string>): SuggestSlots {
    const slots = new SuggestSlots()
    ids.forEach((id, slot) => slots.slotById.set(id, slot))
    const shopIds = fromByteColumn(snapshot.shopIds)
    const shopBits = unpackBitsets(snapshot.shops, shopIds.length, snapshot.words)
    return Object.assign(slots, {
      ids: ids.slice(),
      slugs: slugs.slice(),
      salesCounts: snapshot.salesCounts,
      seen: new Int32Array(snapshot.salesCounts.length),
      shops: new Map(shopIds.map((shopId, at) => [shopId, shopBits[at]!])),
      words: snapshot.words
    })
  }

  /** The product's slot, a new one (second) for a product not held yet. */
  slotFor(id: string): readonly [number, boolean] {
    const slot = this.slotById.get(id)
    if (slot !== undefined) {
      for (const bits of this.shops.values()) clearBit(bits, slot)
      return [slot, false]
    }
    const added = this.ids.length
    this.slotById.set(id, added)
    this.ensureCapacity(added + 1)
    return [added, true]
  }

  write(slot: number, id: string, slug: string, salesCount: number, shopIds: ReadonlyArray<string>): void {
    this.ids[slot] = id
    this.slugs[slot] = slug
    this.salesCounts[slot] = salesCount
    for (const shopId of shopIds) setBit(bitsetOf(this.shops, shopId, this.words), slot)
  }

  /** Products enabled in at least one of the shops, for this generation of the index. */
  visibleIn(shopIds: ReadonlyArray<ShopId>, generation: number): Bitset {
    const key = [...shopIds].sort().join("\u0000")
    const cached = this.visibleCache.get(key)
    if (cached !== undefined && cached.generation === generation) return cached.bits
    const bits = makeBitset(this.words)
    for (const shopId of shopIds) {
      const shopBits = this.shops.get(shopId)
      if (shopBits !== undefined) unionInto(bits, shopBits)
    }
    if (this.visibleCache.size > VISIBLE_SETS_CACHED) this.visibleCache.clear()
    this.visibleCache.set(key, { generation, bits })
    return bits
  }

  /** Best-selling first, then slug asc, then id asc. */
  rankedBefore(left: number, right: number): boolean {
    const sales = this.salesCounts[left]! - this.salesCounts[right]!
    if (sales !== 0) return sales > 0
    const leftSlug = this.slugs[left]!
    const rightSlug = this.slugs[right]!
    if (leftSlug !== rightSlug) return leftSlug < rightSlug
    return this.ids[left]! < this.ids[right]!
  }

  private ensureCapacity(slots: number): void {
    if (slots <= this.salesCounts.length) return
    const capacity = Math.max(slots, this.salesCounts.length * 2)
    const sales = new Int32Array(capacity)
    sales.set(this.salesCounts)
    this.salesCounts = sales
    const seen = new Int32Array(capacity)
    seen.set(this.seen)
    this.seen = seen
    this.words = wordsFor(capacity)
    for (const [shopId, bits] of this.shops) this.shops.set(shopId, resized(bits, this.words))
  }
}
