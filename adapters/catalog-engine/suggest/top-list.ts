/**
 * The best `limit` entries offered so far, best first, under a strict order `before`. With
 * limits of at most a few dozen, insertion into a small sorted array beats a heap.
 */
export class TopList<A> {
  readonly entries: Array<A> = []
  private readonly limit: number
  private readonly before: (left: A, right: A) => boolean

  constructor(limit: number, before: (left: A, right: A) => boolean) {
    this.limit = limit
    this.before = before
  }

  get full(): boolean {
    return this.entries.length >= this.limit
  }

  /** The worst entry kept (undefined when empty). */
  get worst(): A | undefined {
    return this.entries[this.entries.length - 1]
  }

  /** Would `entry` be kept? */
  accepts(entry: A): boolean {
    return !this.full || this.before(entry, this.entries[this.entries.length - 1]!)
  }

  offer(entry: A): void {
    if (this.limit <= 0 || !this.accepts(entry)) return
    let at = this.entries.length
    while (at > 0 && this.before(entry, this.entries[at - 1]!)) at--
    this.entries.splice(at, 0, entry)
    if (this.entries.length > this.limit) this.entries.pop()
  }
}
