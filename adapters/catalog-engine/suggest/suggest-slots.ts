/**
 * What the suggestion index keeps per product slot: id, slug and sales (its rank: best-selling
 * first, then slug asc, then id asc), the shops it is enabled in, and a scratch mark per slot for
 * lookups. Slots are the catalog index's: a product keeps its slot across updates. The ids can be
 * the catalog index's own keys (`SlotKeys`, shared: the catalog index writes a product before this
 * index reads it); the slugs are kept here as this index last saw them, since a product's rank
 * moves with its slug (a restored index starts from the same bytes as the catalog index's).
 */
import { type Bitset, bitsetOf, clearBit, makeBitset, resized, setBit, unionInto, wordsFor } from "../columns/bitset.ts"
import { type ByteColumn, fromByteColumn, packBitsets, toByteColumn, unpackBitsets } from "../columns/shared-columns.ts"
import { SlotKeys } from "../columns/slot-keys.ts"
import type { ShopId } from "../../../domain/shared/ids.ts"

/** The slots in a snapshot (ids and slugs are not in it: they are the catalog index's, slot for slot). */
export interface SuggestSlotsSnapshot {
  readonly salesCounts: Int32Array
  readonly shopIds: ByteColumn
  readonly shops: Uint32Array
  readonly words: number
}

const VISIBLE_SETS_CACHED = 64
/** Suggested products' id and slug, decoded once: suggestions come back to the same best-sellers. */
const KEYS_CACHED = 10_000

export class SuggestSlots {
  private readonly ids: SlotKeys
  /** whether the ids are this index's to write (not the catalog index's) */
  private readonly ownIds: boolean
  private slugs = new SlotKeys()
  private count = 0
  private readonly decoded = new Map<number, { readonly id: string; readonly slug: string }>()
  salesCounts = new Int32Array(1024)
  /** per slot, the stamp of the last lookup that saw it */
  seen = new Int32Array(1024)
  private shops = new Map<string, Bitset>()
  private words = wordsFor(1024)
  private readonly visibleCache = new Map<string, { generation: number; bits: Bitset }>()

  /** `ids`: the catalog index's keys, to share them; none for keys of its own. */
  constructor(ids?: SlotKeys) {
    this.ids = ids ?? new SlotKeys()
    this.ownIds = ids === undefined
  }

  get size(): number {
    return this.count
  }

  /** The slot's product id and slug. */
  keysOf(slot: number): { readonly id: string; readonly slug: string } {
    let keys = this.decoded.get(slot)
    if (keys === undefined) {
      keys = { id: this.ids.at(slot)!, slug: this.slugs.at(slot)! }
      if (this.decoded.size >= KEYS_CACHED) this.decoded.clear()
      this.decoded.set(slot, keys)
    }
    return keys
  }

  /** Whether the slot's product had this slug when this index last saw it. */
  hasSlug(slot: number, slug: string): boolean {
    return this.slugs.holds(slot, slug)
  }

  snapshot(): SuggestSlotsSnapshot {
    const { salesCounts, shops, words } = this
    return { salesCounts, shopIds: toByteColumn([...shops.keys()]), shops: packBitsets([...shops.values()], words), words }
  }

  /** Slots that go on from a snapshot: the catalog index's `ids`, and its `slugs` column (these slots keep their own from it). */
  static fromSnapshot(snapshot: SuggestSlotsSnapshot, ids: SlotKeys, slugs: ByteColumn): SuggestSlots {
    const slots = new SuggestSlots(ids)
    const shopIds = fromByteColumn(snapshot.shopIds)
    const shopBits = unpackBitsets(snapshot.shops, shopIds.length, snapshot.words)
    return Object.assign(slots, {
      slugs: SlotKeys.fromColumn(slugs, () => false),
      count: slugs.offsets.length - 1,
      salesCounts: snapshot.salesCounts,
      seen: new Int32Array(snapshot.salesCounts.length),
      shops: new Map(shopIds.map((shopId, at) => [shopId, shopBits[at]!])),
      words: snapshot.words
    })
  }

  /** The product's slot, a new one (second) for a product not held yet. */
  slotFor(id: string): readonly [number, boolean] {
    let slot = this.ids.slotOf(id)
    if (slot === undefined) {
      if (!this.ownIds) throw new Error(`the catalog index holds no product ${id}: it takes a product before the suggestion index`)
      slot = this.count
      this.ids.write(slot, id)
      this.ids.lead(slot)
    }
    if (slot < this.count) {
      for (const bits of this.shops.values()) clearBit(bits, slot)
      return [slot, false]
    }
    this.count = slot + 1
    this.ensureCapacity(slot + 1)
    return [slot, true]
  }

  write(slot: number, slug: string, salesCount: number, shopIds: ReadonlyArray<string>): void {
    if (!this.slugs.holds(slot, slug)) {
      this.slugs.write(slot, slug)
      this.decoded.delete(slot)
    }
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
    const bySlug = this.slugs.compare(left, right)
    if (bySlug !== 0) return bySlug < 0
    return this.ids.compare(left, right) < 0
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
