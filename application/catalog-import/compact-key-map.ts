/**
 * A map from strings to non-negative integers kept in typed arrays: the keys' UTF-8 bytes one
 * after another, an open-addressing table of entry numbers, and each entry's offset, length,
 * hash and value. The import remembers every product slug and variant sku it has seen (to
 * report duplicates), millions at a million products; held as strings in a `Map`, they are
 * millions of objects that every major garbage collection marks again (at 1M products most of
 * the reading's CPU time), whereas typed arrays are a few objects whatever their size.
 */
const EMPTY = -1

const nextPowerOfTwo = (n: number): number => 2 ** Math.ceil(Math.log2(Math.max(n, 16)))

/** FNV-1a over bytes, as a 32-bit integer. */
const hashOf = (bytes: Uint8Array, length: number): number => {
  let hash = 0x811c9dc5
  for (let i = 0; i < length; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193)
  return hash | 0
}

const grown = <T extends Uint8Array | Int32Array | Float64Array>(array: T, needed: number, make: (size: number) => T): T => {
  if (needed <= array.length) return array
  const next = make(nextPowerOfTwo(needed))
  next.set(array)
  return next
}

export class CompactKeyMap {
  readonly #encoder = new TextEncoder()
  #scratch = new Uint8Array(256)
  #bytes = new Uint8Array(1 << 16)
  #bytesUsed = 0
  #offsets = new Int32Array(1 << 10)
  #lengths = new Int32Array(1 << 10)
  #hashes = new Int32Array(1 << 10)
  #values = new Float64Array(1 << 10)
  #size = 0
  /** Entry number per slot, EMPTY for none; always at most half full. */
  #slots = new Int32Array(1 << 11).fill(EMPTY)
  readonly #illFormed = new Map<string, number>()

  get size(): number {
    return this.#size + this.#illFormed.size
  }

  /** The value of `key`, or undefined. */
  get(key: string): number | undefined {
    if (!key.isWellFormed()) return this.#illFormed.get(key)
    const length = this.#encode(key)
    const slot = this.#find(hashOf(this.#scratch, length), length)
    const entry = this.#slots[slot]!
    return entry === EMPTY ? undefined : this.#values[entry]
  }

  /** Sets the value of `key` (a non-negative integer up to 2^53). */
  set(key: string, value: number): void {
    if (!key.isWellFormed()) {
      this.#illFormed.set(key, value)
      return
    }
    const length = this.#encode(key)
    const hash = hashOf(this.#scratch, length)
    const slot = this.#find(hash, length)
    const existing = this.#slots[slot]!
    if (existing !== EMPTY) {
      this.#values[existing] = value
      return
    }
    const entry = this.#size++
    this.#bytes = grown(this.#bytes, this.#bytesUsed + length, (size) => new Uint8Array(size))
    this.#bytes.set(this.#scratch.subarray(0, length), this.#bytesUsed)
    this.#offsets = grown(this.#offsets, this.#size, (size) => new Int32Array(size))
    this.#lengths = grown(this.#lengths, this.#size, (size) => new Int32Array(size))
    this.#hashes = grown(this.#hashes, this.#size, (size) => new Int32Array(size))
    this.#values = grown(this.#values, this.#size, (size) => new Float64Array(size))
    this.#offsets[entry] = this.#bytesUsed
    this.#lengths[entry] = length
    this.#hashes[entry] = hash
    this.#values[entry] = value
    this.#bytesUsed += length
    this.#slots[slot] = entry
    if (this.#size * 2 > this.#slots.length) this.#rehash()
  }

  /** Writes the key's UTF-8 into the scratch buffer; returns its length. */
  #encode(key: string): number {
    if (key.length * 3 > this.#scratch.length) this.#scratch = new Uint8Array(nextPowerOfTwo(key.length * 3))
    return this.#encoder.encodeInto(key, this.#scratch).written
  }

  /** The slot holding the scratch key, or the empty slot where it would go. */
  #find(hash: number, length: number): number {
    const mask = this.#slots.length - 1
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.#slots[slot]!
      if (entry === EMPTY) return slot
      if (this.#hashes[entry] === hash && this.#lengths[entry] === length && this.#sameBytes(entry, length)) return slot
    }
  }

  #sameBytes(entry: number, length: number): boolean {
    const offset = this.#offsets[entry]!
    for (let i = 0; i < length; i++) if (this.#bytes[offset + i] !== this.#scratch[i]) return false
    return true
  }

  #rehash(): void {
    const slots = new Int32Array(this.#slots.length * 2).fill(EMPTY)
    const mask = slots.length - 1
    for (let entry = 0; entry < this.#size; entry++) {
      let slot = this.#hashes[entry]! & mask
      while (slots[slot] !== EMPTY) slot = (slot + 1) & mask
      slots[slot] = entry
    }
    this.#slots = slots
  }
}
