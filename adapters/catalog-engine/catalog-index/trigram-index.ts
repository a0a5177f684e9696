/**
 * An index of the three-character sequences (trigrams) of every slot's search text, to find the
 * candidates for a search term without reading every product: a product whose text holds the
 * term holds each of the term's trigrams, so the slots listed under all of them are a superset of
 * the matches (verified by substring afterwards, so the answer is exactly docs/contract/catalog.md's).
 *
 * Built in two passes over the texts into one byte array: per trigram, its slots ascending as
 * variable-length deltas (about a byte a slot). Slots changed after the build are not in it; the
 * caller keeps them apart and verifies them with every term, and rebuilds when they grow many.
 */
import { grownInt32 } from "../columns/grown-array.ts"
import { sharedCopy, sharedInt32 } from "../columns/shared-columns.ts"
import { FIELD_SEPARATOR } from "./search-texts.ts"

/** A built index on shared memory (its arrays are never written once built, so they are shared as they are). */
export interface SharedTrigrams {
  readonly slotCount: number
  readonly asciiIds: Int32Array | undefined
  /** the trigrams outside the ASCII table: their keys and ids */
  readonly wideKeys: Float64Array
  readonly wideIds: Int32Array
  readonly offsets: Int32Array
  readonly counts: Int32Array
  readonly bytes: Uint8Array
}

const SEPARATOR_CODE = FIELD_SEPARATOR.charCodeAt(0)
/** In a large index trigrams of ASCII characters are numbered through a direct table (8 MB), the rest through a Map. */
const ASCII_TABLE_SIZE = 1 << 21
const ASCII_TABLE_FROM = 4096

const asciiKey = (first: number, second: number, third: number): number => (first << 14) | (second << 7) | third
const wideKey = (first: number, second: number, third: number): number => (first * 65536 + second) * 65536 + third

export class TrigramIndex {
  /** slots covered: those below `slotCount` as they were at the build */
  readonly slotCount: number
  private readonly asciiIds: Int32Array | undefined
  private readonly wideIds = new Map<number, number>()
  private offsets: Int32Array = new Int32Array(1)
  private counts: Int32Array = new Int32Array(0)
  private bytes: Uint8Array = new Uint8Array(0)

  constructor(texts: (slot: number) => string, slotCount: number) {
    this.slotCount = slotCount
    this.asciiIds = slotCount >= ASCII_TABLE_FROM ? sharedInt32(ASCII_TABLE_SIZE).fill(-1) : undefined
    this.build(texts)
  }

  toShared(): SharedTrigrams {
    const wideKeys = new Float64Array(new SharedArrayBuffer(this.wideIds.size * 8))
    const wideIds = sharedInt32(this.wideIds.size)
    let at = 0
    for (const [key, id] of this.wideIds) {
      wideKeys[at] = key
      wideIds[at++] = id
    }
    const { slotCount, asciiIds, offsets, counts, bytes } = this
    return { slotCount, asciiIds, wideKeys, wideIds, offsets, counts, bytes }
  }

  /** The index read in place from shared memory (only the few non-ASCII trigrams are put back in a map). */
  static fromShared(shared: SharedTrigrams): TrigramIndex {
    const index = new TrigramIndex(() => "", 0)
    shared.wideKeys.forEach((key, at) => index.wideIds.set(key, shared.wideIds[at]!))
    return Object.assign(index, {
      slotCount: shared.slotCount,
      asciiIds: shared.asciiIds,
      offsets: shared.offsets,
      counts: shared.counts,
      bytes: shared.bytes
    })
  }

  private nextId = 0

  private idOf(first: number, second: number, third: number, create: boolean): number {
    const asciiIds = this.asciiIds
    if (asciiIds !== undefined && (first | second | third) < 128) {
      const key = asciiKey(first, second, third)
      const id = asciiIds[key]!
      if (id >= 0 || !create) return id
      asciiIds[key] = this.nextId
      return this.nextId++
    }
    const key = wideKey(first, second, third)
    const id = this.wideIds.get(key)
    if (id !== undefined) return id
    if (!create) return -1
    this.wideIds.set(key, this.nextId)
    return this.nextId++
  }

  private scratch = new Int32Array(256)

  /**
   * Writes the ids of the text's trigrams (those without the field separator), in text order and
   * with repeats, into `scratch`; returns how many. One character read per position: the two
   * before it are carried along.
   */
  private trigramIdsOf(text: string, create: boolean): number {
    if (this.scratch.length < text.length) this.scratch = new Int32Array(text.length * 2)
    const ids = this.scratch
    const asciiIds = this.asciiIds
    let found = 0
    let run = 0
    let first = 0
    let second = 0
    for (let index = 0; index < text.length; index++) {
      const third = text.charCodeAt(index)
      if (third === SEPARATOR_CODE) {
        run = 0
        continue
      }
      if (++run >= 3) {
        if (asciiIds !== undefined && (first | second | third) < 128) {
          const key = asciiKey(first, second, third)
          let id = asciiIds[key]!
          if (id < 0 && create) {
            id = this.nextId++
            asciiIds[key] = id
          }
          ids[found++] = id
        } else {
          ids[found++] = this.idOf(first, second, third, create)
        }
      }
      first = second
      second = third
    }
    return found
  }

  private build(texts: (slot: number) => string): void {
    // pass 1: number the trigrams; count each one's slots and the bytes of their deltas
    let seen: Int32Array = new Int32Array(1 << 12).fill(-1)
    let last: Int32Array = new Int32Array(1 << 12).fill(-1)
    let sizes: Int32Array = new Int32Array(1 << 12)
    let counts: Int32Array = new Int32Array(1 << 12)
    for (let slot = 0; slot < this.slotCount; slot++) {
      const found = this.trigramIdsOf(texts(slot), true)
      const ids = this.scratch
      for (let at = 0; at < found; at++) {
        const id = ids[at]!
        if (id >= seen.length) {
          const length = seen.length * 2
          seen = grownInt32(seen, length, -1)
          last = grownInt32(last, length, -1)
          sizes = grownInt32(sizes, length, 0)
          counts = grownInt32(counts, length, 0)
        }
        if (seen[id] === slot) continue
        seen[id] = slot
        sizes[id]! += varintLength(slot - last[id]!)
        counts[id]!++
        last[id] = slot
      }
    }
    const trigrams = this.nextId
    const offsets = new Int32Array(trigrams + 1)
    for (let id = 0; id < trigrams; id++) offsets[id + 1] = offsets[id]! + sizes[id]!
    // pass 2: write the deltas
    const bytes = new Uint8Array(new SharedArrayBuffer(offsets[trigrams]!))
    const cursor = offsets.slice(0, trigrams)
    seen.fill(-1)
    last.fill(-1)
    for (let slot = 0; slot < this.slotCount; slot++) {
      const found = this.trigramIdsOf(texts(slot), false)
      const ids = this.scratch
      for (let at = 0; at < found; at++) {
        const id = ids[at]!
        if (seen[id] === slot) continue
        seen[id] = slot
        cursor[id] = writeVarint(bytes, cursor[id]!, slot - last[id]!)
        last[id] = slot
      }
    }
    this.offsets = sharedCopy(offsets)
    this.counts = sharedCopy(counts, trigrams)
    this.bytes = bytes
  }

  /**
   * The indexed slots that hold every trigram of `term` (length 3 or more), ascending; a superset
   * of those whose text holds the term. Intersects the rarest lists only while that is cheaper
   * than verifying the candidates.
   */
  candidates(term: string): Int32Array {
    const ids: Array<number> = []
    for (let index = 0; index + 3 <= term.length; index++) {
      const id = this.idOf(term.charCodeAt(index), term.charCodeAt(index + 1), term.charCodeAt(index + 2), false)
      if (id < 0 || id >= this.counts.length) return new Int32Array(0)
      if (!ids.includes(id)) ids.push(id)
    }
    ids.sort((left, right) => this.counts[left]! - this.counts[right]!)
    let candidates = this.decode(ids[0]!)
    for (let next = 1; next < ids.length && candidates.length > 64; next++) {
      if (this.counts[ids[next]!]! > candidates.length * 8) break
      candidates = intersectSorted(candidates, this.decode(ids[next]!))
    }
    return candidates
  }

  private decode(id: number): Int32Array {
    const slots = new Int32Array(this.counts[id]!)
    const bytes = this.bytes
    let at = this.offsets[id]!
    let slot = -1
    for (let index = 0; index < slots.length; index++) {
      let delta = 0
      let shift = 0
      let byte: number
      do {
        byte = bytes[at++]!
        delta += (byte & 0x7f) * 2 ** shift
        shift += 7
      } while (byte >= 0x80)
      slot += delta
      slots[index] = slot
    }
    return slots
  }
}

const varintLength = (value: number): number => (value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x200000 ? 3 : 4)

const writeVarint = (bytes: Uint8Array, at: number, value: number): number => {
  let remaining = value
  while (remaining >= 0x80) {
    bytes[at++] = (remaining & 0x7f) | 0x80
    remaining = Math.floor(remaining / 128)
  }
  bytes[at++] = remaining
  return at
}

const intersectSorted = (left: Int32Array, right: Int32Array): Int32Array => {
  const out = new Int32Array(Math.min(left.length, right.length))
  let count = 0
  let i = 0
  let j = 0
  while (i < left.length && j < right.length) {
    const a = left[i]!
    const b = right[j]!
    if (a === b) {
      out[count++] = a
      i++
      j++
    } else if (a < b) i++
    else j++
  }
  return out.subarray(0, count)
}
