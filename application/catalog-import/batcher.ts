/**
 * Collects items into batches of at most `size`. The import holds no more of the product list
 * than the batch it is filling and the few whole batches queued for writing, whatever the
 * document's size.
 */
export class Batcher<A> {
  #items: Array<A> = []
  readonly size: number

  constructor(size: number) {
    this.size = size
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`batch size must be a positive integer, got ${size}`)
  }

  /** The items added and not yet handed out. */
  get held(): number {
    return this.#items.length
  }

  /** Adds an item; hands out the batch (and starts a new one) when it reaches `size`. */
  add(item: A): ReadonlyArray<A> | undefined {
    this.#items.push(item)
    if (this.#items.length < this.size) return undefined
    return this.flush()
  }

  /** Hands out the items held (fewer than `size`, possibly none). */
  flush(): ReadonlyArray<A> {
    const batch = this.#items
    this.#items = []
    return batch
  }
}
