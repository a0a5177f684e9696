/**
 * LZ77 parsing of one document at a time against a preset dictionary: the document is placed
 * right after the dictionary in one window, and each position is matched against earlier
 * positions of the window (dictionary or document) through hash chains, as zlib does, with one
 * step of lazy matching. The dictionary's chains are built once; a document only adds its own
 * positions, in a head table that a generation number clears.
 *
 * The parse is a list of operations: a literal byte (0–255), or a match of `length` bytes at
 * `distance` back, stored as `length << 17 | distance` (always above 255).
 */
export const MIN_MATCH = 4
export const MAX_MATCH = 258
export const MAX_DISTANCE = 65_536

const HASH_BITS = 15
const MAX_CHAIN = 32
/** A match at least this long is taken without looking one byte further. */
const GOOD_ENOUGH = 32

const hashAt = (window: Uint8Array, at: number): number =>
  Math.imul(window[at]! | (window[at + 1]! << 8) | (window[at + 2]! << 16) | (window[at + 3]! << 24), 0x9e3779b1) >>> (32 - HASH_BITS)

export const matchLength = (operation: number): number => operation >>> 17
export const matchDistance = (operation: number): number => operation & 0x1ffff

export class DictionaryMatcher {
  readonly #dictionaryLength: number
  readonly #dictionaryHead = new Int32Array(1 << HASH_BITS).fill(-1)
  readonly #documentHead = new Int32Array(1 << HASH_BITS)
  readonly #stamp = new Uint32Array(1 << HASH_BITS)
  #generation = 0
  #window: Buffer
  #previous: Int32Array
  #operations = new Int32Array(1024)

  constructor(dictionary: Uint8Array) {
    this.#dictionaryLength = dictionary.length
    this.#window = Buffer.alloc(dictionary.length + 4096)
    this.#window.set(dictionary)
    this.#previous = new Int32Array(this.#window.length)
    for (let at = 0; at + MIN_MATCH <= dictionary.length; at++) {
      const hash = hashAt(this.#window, at)
      this.#previous[at] = this.#dictionaryHead[hash]!
      this.#dictionaryHead[hash] = at
    }
  }

  /** The operations of `text`'s UTF-8 bytes (valid until the next call) and how many there are. */
  parse(text: string): { readonly operations: Int32Array; readonly count: number } {
    const start = this.#dictionaryLength
    // written where it is matched: a UTF-16 unit is at most 3 UTF-8 bytes
    if (start + 3 * text.length + MIN_MATCH > this.#window.length) this.#grow(start + 3 * text.length + MIN_MATCH)
    const window = this.#window
    const end = start + window.write(text, start, "utf8")
    window.fill(0, end, end + MIN_MATCH)
    if (++this.#generation === 0xffffffff) {
      this.#stamp.fill(0)
      this.#generation = 1
    }
    let count = 0
    const push = (operation: number) => {
      if (count === this.#operations.length) {
        const grown = new Int32Array(count * 2)
        grown.set(this.#operations)
        this.#operations = grown
      }
      this.#operations[count++] = operation
    }
    let inserted = start
    const insertUpTo = (limit: number) => {
      for (; inserted < limit && inserted + MIN_MATCH <= end; inserted++) this.#insert(inserted)
    }
    let at = start
    let pending = at + MIN_MATCH <= end ? this.#longest(at, end) : 0
    while (at < end) {
      if (pending < MIN_MATCH) {
        push(window[at]!)
        insertUpTo(at + 1)
        at++
        pending = at + MIN_MATCH <= end ? this.#longest(at, end) : 0
        continue
      }
      const length = matchLength(pending)
      insertUpTo(at + 1)
      if (length < GOOD_ENOUGH && at + 1 + MIN_MATCH <= end) {
        const next = this.#longest(at + 1, end)
        if (matchLength(next) > length) {
          push(window[at]!)
          at++
          pending = next
          continue
        }
      }
      push(pending)
      insertUpTo(at + length)
      at += length
      pending = at + MIN_MATCH <= end ? this.#longest(at, end) : 0
    }
    return { operations: this.#operations, count }
  }

  #head(hash: number): number {
    return this.#stamp[hash] === this.#generation ? this.#documentHead[hash]! : this.#dictionaryHead[hash]!
  }

  #insert(at: number): void {
    const hash = hashAt(this.#window, at)
    this.#previous[at] = this.#head(hash)
    this.#documentHead[hash] = at
    this.#stamp[hash] = this.#generation
  }

  /** The longest earlier match at `at` as `length << 17 | distance`; 0 when none reaches MIN_MATCH. */
  #longest(at: number, end: number): number {
    const window = this.#window
    const previous = this.#previous
    const limit = Math.min(MAX_MATCH, end - at)
    let best = MIN_MATCH - 1
    let bestDistance = 0
    let candidate = this.#head(hashAt(window, at))
    for (let chain = 0; chain < MAX_CHAIN && candidate >= 0; chain++) {
      const distance = at - candidate
      if (distance > MAX_DISTANCE || distance <= 0) break
      if (window[candidate + best] === window[at + best] && window[candidate] === window[at]) {
        let length = 0
        while (length < limit && window[candidate + length] === window[at + length]) length++
        if (length > best) {
          best = length
          bestDistance = distance
          if (length === limit) break
        }
      }
      candidate = previous[candidate]!
    }
    return best >= MIN_MATCH ? (best << 17) | bestDistance : 0
  }

  #grow(size: number): void {
    const window = Buffer.alloc(size * 2)
    window.set(this.#window.subarray(0, this.#dictionaryLength))
    const previous = new Int32Array(window.length)
    previous.set(this.#previous.subarray(0, this.#dictionaryLength))
    this.#window = window
    this.#previous = previous
  }
}
