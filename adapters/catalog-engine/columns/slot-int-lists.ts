/**
 * A short list of integers per product slot (its tag ids, attribute value ids, category ids,
 * variant prices), all packed into one growable Int32Array instead of one small typed array
 * per slot: at 100k products that is a few megabytes rather than hundreds of thousands of
 * objects.
 *
 * Slot `s` holds `values[offsets[s] .. offsets[s] + lengths[s])`. Replacing a list reuses its
 * place when the new one fits and otherwise appends it at the end; the space left behind is
 * reclaimed by compacting the pool (slot order) when it would otherwise have to grow and at least
 * a quarter of it is waste. Readers take `values`, `offsets` and `lengths` afresh for each pass:
 * the arrays are replaced when they grow or compact.
 */
import { grownInt32 } from "./grown-array.ts"
import { sharedCopy } from "./shared-columns.ts"

/** The lists on shared memory, read in place by another thread (slot-int-lists.ts). */
export interface SharedSlotIntLists {
  readonly values: Int32Array
  readonly offsets: Int32Array
  readonly lengths: Int32Array
  readonly liveLength: number
}

const MINIMUM_POOL = 1024
const MINIMUM_SLOTS = 1024
const COMPACT_WHEN_WASTE_RATIO = 0.25

export class SlotIntLists {
  private pool: Int32Array = new Int32Array(MINIMUM_POOL)
  private starts: Int32Array = new Int32Array(MINIMUM_SLOTS)
  private counts: Int32Array = new Int32Array(MINIMUM_SLOTS)
  /** end of the used part of the pool */
  private end = 0
  /** pool entries inside [0, end) that no slot uses */
  private waste = 0

  get values(): Int32Array {
    return this.pool
  }

  get offsets(): Int32Array {
    return this.starts
  }

  get lengths(): Int32Array {
    return this.counts
  }

  /** Entries in use by some slot. */
  get liveLength(): number {
    return this.end - this.waste
  }

  /** Entries the pool has room for (used, wasted and free). */
  get capacity(): number {
    return this.pool.length
  }

  /** A copy of the lists on shared memory, for `fromShared` in another thread. */
  toShared(): SharedSlotIntLists {
    return {
      values: sharedCopy(this.pool, this.end),
      offsets: sharedCopy(this.starts),
      lengths: sharedCopy(this.counts),
      liveLength: this.liveLength
    }
  }

  /** Lists that read the shared ones in place (never to be written). */
  static fromShared(shared: SharedSlotIntLists): SlotIntLists {
    const lists = new SlotIntLists()
    lists.pool = shared.values
    lists.starts = shared.offsets
    lists.counts = shared.lengths
    lists.end = shared.values.length
    lists.waste = shared.values.length - shared.liveLength
    return lists
  }

  /** A copy of the slot's list (empty for a slot never set). */
  get(slot: number): Int32Array {
    if (slot >= this.counts.length) return new Int32Array(0)
    const start = this.starts[slot]!
    return this.pool.slice(start, start + this.counts[slot]!)
  }

  set(slot: number, list: ArrayLike<number>): void {
    this.ensureSlots(slot + 1)
    const previous = this.counts[slot]!
    if (list.length <= previous) {
      this.write(this.starts[slot]!, list)
      this.counts[slot] = list.length
      this.waste += previous - list.length
      return
    }
    this.counts[slot] = 0
    this.waste += previous
    if (this.end + list.length > this.pool.length) this.makeRoom(list.length)
    this.starts[slot] = this.end
    this.write(this.end, list)
    this.counts[slot] = list.length
    this.end += list.length
  }

  private write(at: number, list: ArrayLike<number>): void {
    for (let index = 0; index < list.length; index++) this.pool[at + index] = list[index]!
  }

  private ensureSlots(slots: number): void {
    if (slots <= this.counts.length) return
    const capacity = Math.max(slots, this.counts.length * 2)
    this.starts = grownInt32(this.starts, capacity)
    this.counts = grownInt32(this.counts, capacity)
  }

  /** Compacts or grows the pool so that `needed` more entries fit after `end`. */
  private makeRoom(needed: number): void {
    const live = this.liveLength
    const compact = this.waste >= this.end * COMPACT_WHEN_WASTE_RATIO
    const required = (compact ? live : this.end) + needed
    const size = Math.max(MINIMUM_POOL, required <= this.pool.length ? this.pool.length : Math.max(required, this.pool.length * 2))
    const pool = new Int32Array(size)
    if (compact) {
      let at = 0
      for (let slot = 0; slot < this.counts.length; slot++) {
        const count = this.counts[slot]!
        if (count === 0) continue
        const start = this.starts[slot]!
        pool.set(this.pool.subarray(start, start + count), at)
        this.starts[slot] = at
        at += count
      }
      this.end = at
      this.waste = 0
    } else {
      pool.set(this.pool.subarray(0, this.end))
    }
    this.pool = pool
  }
}
