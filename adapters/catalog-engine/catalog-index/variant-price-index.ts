/**
 * Every variant's effective price with its slot, sorted by price: the products with a variant
 * priced in [min, max] are the slots of one contiguous run, found by binary search, so a narrow
 * price filter costs its matches rather than a pass over the candidates. Built on first use and
 * dropped when a price changes.
 */
import { type Bitset, makeBitset, setBit } from "../columns/bitset.ts"
import { sharedInt32 } from "../columns/shared-columns.ts"
import type { ProductSlots } from "./product-slots.ts"

/** The built index on shared memory (built there and never written after). */
export interface SharedPrices {
  readonly prices: Int32Array
  readonly owners: Int32Array
}

export class VariantPriceIndex {
  private readonly slots: ProductSlots
  private prices: Int32Array | undefined
  private owners: Int32Array = new Int32Array(0)

  constructor(slots: ProductSlots) {
    this.slots = slots
  }

  invalidate(): void {
    this.prices = undefined
  }

  /** The index, built now when it is not. */
  toShared(): SharedPrices {
    return { prices: this.sortedPrices(), owners: this.owners }
  }

  /** The index read in place from shared memory over slots that never change. */
  static fromShared(slots: ProductSlots, shared: SharedPrices): VariantPriceIndex {
    const index = new VariantPriceIndex(slots)
    index.prices = shared.prices
    index.owners = shared.owners
    return index
  }

  /** Builds the index now rather than on first use. */
  prepare(): void {
    this.sortedPrices()
  }

  /** The number of variants priced in [min, max]. */
  countInRange(min: number, max: number): number {
    const prices = this.sortedPrices()
    return lowerBound(prices, max + 1) - lowerBound(prices, min)
  }

  /** The slots with a variant priced in [min, max], among `candidates`. */
  slotsInRange(candidates: Bitset, min: number, max: number): Bitset {
    const prices = this.sortedPrices()
    const bits = makeBitset(candidates.length)
    const owners = this.owners
    const to = lowerBound(prices, max + 1)
    for (let index = lowerBound(prices, min); index < to; index++) setBit(bits, owners[index]!)
    for (let word = 0; word < bits.length; word++) bits[word]! &= candidates[word]!
    return bits
  }

  private sortedPrices(): Int32Array {
    if (this.prices !== undefined) return this.prices
    const { size, variantPrices } = this.slots
    const { values, offsets, lengths } = variantPrices
    let count = 0
    for (let slot = 0; slot < size; slot++) count += lengths[slot]!
    // price and slot packed into one exact double (price * size + slot < 2^53 for any int32 price
    // while size < 2^22), so that the native numeric sort orders them
    const stride = Math.max(1, size)
    const keys = new Float64Array(count)
    let at = 0
    for (let slot = 0; slot < size; slot++) {
      const start = offsets[slot]!
      for (let index = start; index < start + lengths[slot]!; index++) keys[at++] = values[index]! * stride + slot
    }
    keys.sort()
    const prices = sharedInt32(count)
    const owners = sharedInt32(count)
    for (let index = 0; index < count; index++) {
      const price = Math.floor(keys[index]! / stride)
      prices[index] = price
      owners[index] = keys[index]! - price * stride
    }
    this.prices = prices
    this.owners = owners
    return prices
  }
}

/** The first index whose value is >= `value`. */
const lowerBound = (sorted: Int32Array, value: number): number => {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (sorted[middle]! < value) low = middle + 1
    else high = middle
  }
  return low
}
