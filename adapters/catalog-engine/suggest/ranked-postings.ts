/**
 * Per word, the product slots holding it, kept in rank order (best first) so that a lookup can
 * stop reading a list as soon as the rest cannot make the answer. The order is given by
 * `before(left, right)`, which may change for a slot: the writer removes the slot from its lists
 * before the change and adds it back after it.
 *
 * A slot added to a list is put in its place by binary search; during a bulk load (many changes
 * with no `settle` between them) it is appended instead and the list sorted once at the next
 * `settle`, which every reader calls first.
 */
const PLACE_AT_ONCE_MAX_CHANGES = 256

/** Shared by the words with no list yet; never written (a word's first slot replaces it). */
const EMPTY: Array<number> = []

/** The lists in a snapshot, end to end: word `w`'s slots are `values[offsets[w] .. offsets[w + 1])`. */
export interface PostingsSnapshot {
  readonly offsets: Int32Array
  readonly values: Int32Array
}

export class RankedPostings {
  private readonly lists: Array<Array<number>> = []
  private readonly unsorted = new Set<number>()
  private changesSinceSettle = 0
  private readonly before: (left: number, right: number) => boolean

  constructor(before: (left: number, right: number) => boolean) {
    this.before = before
  }

  /** The lists, sorted, for a snapshot. */
  snapshot(): PostingsSnapshot {
    this.settle()
    const offsets = new Int32Array(this.lists.length + 1)
    this.lists.forEach((list, word) => (offsets[word + 1] = offsets[word]! + list.length))
    const values = new Int32Array(offsets[this.lists.length]!)
    this.lists.forEach((list, word) => values.set(list, offsets[word]!))
    return { offsets, values }
  }

  /** Lists that go on from a snapshot, ordered by `before`. */
  static fromSnapshot(before: (left: number, right: number) => boolean, snapshot: PostingsSnapshot): RankedPostings {
    const postings = new RankedPostings(before)
    const { offsets, values } = snapshot
    for (let word = 0; word < offsets.length - 1; word++) {
      const from = offsets[word]!
      const to = offsets[word + 1]!
      postings.lists.push(from === to ? EMPTY : Array.from(values.subarray(from, to)))
    }
    return postings
  }

  /** The slots holding `word`, best first (after `settle`). */
  of(word: number): ReadonlyArray<number> {
    return this.lists[word] ?? []
  }

  size(word: number): number {
    return this.lists[word]?.length ?? 0
  }

  add(word: number, slot: number): void {
    this.changesSinceSettle++
    const list = this.lists[word]
    if (list === undefined || list.length === 0) {
      for (let missing = this.lists.length; missing < word; missing++) this.lists.push(EMPTY)
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
    const list = this.lists[word]
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
}
