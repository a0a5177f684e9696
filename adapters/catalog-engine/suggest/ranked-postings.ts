/**
 * Per word, the product slots holding it, kept in rank order (best first) so that a lookup can
 * stop reading a list as soon as the rest cannot make the answer. The order is given by
 * `before(left, right)`, which may change for a slot: the writer removes the slot from its lists
 * before the change and adds it back after it.
 *
 * A slot added to a list is put in its place by binary search; during a bulk load (many changes
 * with no `settle` between them) it is appended instead and the list sorted once at the next
 * `settle`, which every reader calls first. Lists read from a snapshot stay in its typed array
 * until their word's list changes.
 */
const PLACE_AT_ONCE_MAX_CHANGES = 256

/** What a word with no list reads; never written (a word's first slot makes its list). */
const EMPTY: ReadonlyArray<number> = []

/** The lists in a snapshot, end to end: word `w`'s slots are `values[offsets[w] .. offsets[w + 1])`. */
export interface PostingsSnapshot {
  readonly offsets: Int32Array
  readonly values: Int32Array
}

export class RankedPostings {
  /** the lists built or changed here, by word; a word without one reads its snapshot's list */
  private lists: Array<Array<number> | undefined> = []
  /** the lists a snapshot gave, read in place until a word's list changes */
  private restored: PostingsSnapshot | undefined
  private readonly unsorted = new Set<number>()
  private changesSinceSettle = 0
  private readonly before: (left: number, right: number) => boolean

  constructor(before: (left: number, right: number) => boolean) {
    this.before = before
  }

  /** The lists, sorted, for a snapshot. */
  snapshot(): PostingsSnapshot {
    this.settle()
    const words = Math.max(this.lists.length, (this.restored?.offsets.length ?? 1) - 1)
    const offsets = new Int32Array(words + 1)
    for (let word = 0; word < words; word++) offsets[word + 1] = offsets[word]! + this.size(word)
    const values = new Int32Array(offsets[words]!)
    for (let word = 0; word < words; word++) values.set(this.of(word), offsets[word]!)
    return { offsets, values }
  }

  /** Lists that go on from a snapshot (read in place), ordered by `before`. */
  static fromSnapshot(before: (left: number, right: number) => boolean, snapshot: PostingsSnapshot): RankedPostings {
    const postings = new RankedPostings(before)
    postings.restored = snapshot
    postings.lists = new Array<Array<number> | undefined>(snapshot.offsets.length - 1).fill(undefined)
    return postings
  }

  /** The slots holding `word`, best first (after `settle`). */
  of(word: number): ArrayLike<number> & Iterable<number> {
    return this.lists[word] ?? this.stored(word) ?? EMPTY
  }

  size(word: number): number {
    return this.of(word).length
  }

  add(word: number, slot: number): void {
    this.changesSinceSettle++
    const list = this.writable(word)
    if (list === undefined || list.length === 0) {
      for (let missing = this.lists.length; missing < word; missing++) this.lists.push(undefined)
      // made with its one slot: an array grown from empty by a push reserves room for 17 (~200 bytes),
      // and most words (product numbers, rare names) are held by one product
      this.lists[word] = [slot]
      return
    }
    if (this.unsorted.has(word) || this.changesSinceSettle > PLACE_AT_ONCE_MAX_CHANGES) {
      list.push(slot)
      if (list.length > 1) this.unsorted.add(word)
      return
    }
    let low = 0
    let high = list.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (this.before(list[middle]!, slot)) low = middle + 1
      else high = middle
    }
    list.splice(low, 0, slot)
  }

  remove(word: number, slot: number): void {
    this.changesSinceSettle++
    const list = this.writable(word)
    if (list === undefined) return
    const at = list.indexOf(slot)
    if (at >= 0) list.splice(at, 1)
  }

  /** Sorts the lists changed by a bulk load. */
  settle(): void {
    const compare = (left: number, right: number) => (this.before(left, right) ? -1 : this.before(right, left) ? 1 : 0)
    for (const word of this.unsorted) this.lists[word]!.sort(compare)
    this.unsorted.clear()
    this.changesSinceSettle = 0
  }

  private stored(word: number): Int32Array | undefined {
    const restored = this.restored
    if (restored === undefined || word >= restored.offsets.length - 1) return undefined
    return restored.values.subarray(restored.offsets[word]!, restored.offsets[word + 1]!)
  }

  /** The word's list as an array that can change (a snapshot's copied out first). */
  private writable(word: number): Array<number> | undefined {
    const list = this.lists[word]
    if (list !== undefined) return list
    const stored = this.stored(word)
    if (stored === undefined || stored.length === 0) return undefined
    const copy = Array.from(stored)
    this.lists[word] = copy
    return copy
  }
}
