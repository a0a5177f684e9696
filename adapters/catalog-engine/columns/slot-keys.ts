/**
 * A string per slot (a product's id, its slug) and the slot a string leads to, kept outside the
 * V8 heap: the strings as UTF-8 in one growing byte arena, and an open-addressing hash table of
 * slots (Int32Array). At a million products the same keys as heap strings in arrays and `Map`s
 * (three maps of a million entries, two arrays) held about 250 MB of the heap, which every full
 * collection walked and the heap's growth under load multiplied.
 *
 * A slot's string can change (a product's new slug): the new bytes are appended and the old ones
 * become garbage, reclaimed when the arena grows. Which slot a string leads to is the caller's
 * choice (`lead`, `release`): two slots may hold the same string for a moment (slugs moved in
 * one batch) while the string leads to one of them.
 */
import { type ByteColumn, sharedInt32 } from "./shared-columns.ts"

const encoder = new TextEncoder()
const decoder = new TextDecoder()

const EMPTY = 0
const DELETED = -1
const MIN_TABLE = 1024

/** FNV-1a over `bytes[from, to)`. */
const hashOf = (bytes: Uint8Array, from: number, to: number): number => {
  let hash = 0x811c9dc5
  for (let at = from; at < to; at++) hash = Math.imul(hash ^ bytes[at]!, 0x01000193)
  return hash >>> 0
}

export class SlotKeys {
  private arena: Uint8Array
  private used: number
  /** per slot: where its bytes start in the arena (-1: no string), and how many there are */
  private starts: Int32Array
  private lengths: Int32Array
  /** slot + 1 per entry, EMPTY or DELETED */
  private table: Int32Array
  private entries = 0
  private deleted = 0
  private scratch = new Uint8Array(256)
  /** one more than the highest slot given a string */
  size = 0

  constructor(capacity = MIN_TABLE) {
    this.arena = new Uint8Array(Math.max(1024, capacity * 16))
    this.used = 0
    this.starts = new Int32Array(capacity).fill(-1)
    this.lengths = new Int32Array(capacity)
    this.table = new Int32Array(MIN_TABLE)
  }

  /** Keys from a snapshot's column (its bytes are adopted, not copied); `leads(slot)` says which slots their strings lead to. */
  static fromColumn(column: ByteColumn, leads: (slot: number) => boolean): SlotKeys {
    const count = column.offsets.length - 1
    const keys = new SlotKeys(0)
    keys.used = column.offsets[count]!
    // exactly the column's bytes: a later write grows into an arena of its own, never into what another holder of the column reads
    keys.arena = column.bytes.subarray(0, keys.used)
    keys.starts = new Int32Array(Math.max(MIN_TABLE, count))
    keys.lengths = new Int32Array(keys.starts.length)
    keys.starts.fill(-1, count)
    for (let slot = 0; slot < count; slot++) {
      keys.starts[slot] = column.offsets[slot]!
      keys.lengths[slot] = column.offsets[slot + 1]! - column.offsets[slot]!
    }
    keys.size = count
    keys.table = new Int32Array(tableSizeFor(count))
    for (let slot = 0; slot < count; slot++) if (leads(slot)) keys.insert(slot)
    return keys
  }

  /** The strings of slots [0, size) end to end (a slot without one is empty), for a snapshot. */
  toColumn(size: number = this.size): ByteColumn {
    let total = 0
    for (let slot = 0; slot < size; slot++) total += this.lengths[slot]!
    const bytes = new Uint8Array(new SharedArrayBuffer(Math.max(1, total)))
    const offsets = sharedInt32(size + 1)
    let at = 0
    for (let slot = 0; slot < size; slot++) {
      const start = this.starts[slot]!
      if (start >= 0) bytes.set(this.arena.subarray(start, start + this.lengths[slot]!), at)
      at += this.lengths[slot]!
      offsets[slot + 1] = at
    }
    return { bytes: bytes.subarray(0, at), offsets, encoding: "utf8" }
  }

  /** The slot's string, or undefined when it has none. */
  at(slot: number): string | undefined {
    const start = slot < this.size ? this.starts[slot]! : -1
    return start < 0 ? undefined : decoder.decode(this.arena.subarray(start, start + this.lengths[slot]!))
  }

  /** Whether the slot holds exactly `text`. */
  holds(slot: number, text: string): boolean {
    const length = this.encode(text)
    return this.sameBytes(slot, this.scratch, length)
  }

  /** Whether the slot's string leads to it. */
  leads(slot: number): boolean {
    const start = slot < this.size ? this.starts[slot]! : -1
    if (start < 0) return false
    const end = start + this.lengths[slot]!
    const mask = this.table.length - 1
    for (let probe = hashOf(this.arena, start, end) & mask; ; probe = (probe + 1) & mask) {
      const entry = this.table[probe]!
      if (entry === EMPTY) return false
      if (entry === slot + 1) return true
    }
  }

  /** The slot `text` leads to, if any. */
  slotOf(text: string): number | undefined {
    const length = this.encode(text)
    const mask = this.table.length - 1
    for (let probe = hashOf(this.scratch, 0, length) & mask; ; probe = (probe + 1) & mask) {
      const entry = this.table[probe]!
      if (entry === EMPTY) return undefined
      if (entry !== DELETED && this.sameBytes(entry - 1, this.scratch, length)) return entry - 1
    }
  }

  /** Gives the slot `text` (it leads nowhere until `lead`). */
  write(slot: number, text: string): void {
    this.ensureSlots(slot + 1)
    const most = text.length * 3
    if (this.used + most > this.arena.length) this.growArena(most)
    const written = encoder.encodeInto(text, this.arena.subarray(this.used)).written
    this.starts[slot] = this.used
    this.lengths[slot] = written
    this.used += written
    if (slot >= this.size) this.size = slot + 1
  }

  /** Makes the slot's string lead to the slot (instead of any other slot holding it). */
  lead(slot: number): void {
    const start = this.starts[slot]!
    const end = start + this.lengths[slot]!
    const mask = this.table.length - 1
    const bytes = this.arena.subarray(start, end)
    for (let probe = hashOf(this.arena, start, end) & mask; ; probe = (probe + 1) & mask) {
      const entry = this.table[probe]!
      if (entry === EMPTY) break
      if (entry !== DELETED && this.sameBytes(entry - 1, bytes, end - start)) {
        this.table[probe] = slot + 1
        return
      }
    }
    this.insert(slot)
  }

  /** `text` no longer leads to `slot` (if it did); returns whether it did. Call before the slot's string changes. */
  release(text: string, slot: number): boolean {
    const length = this.encode(text)
    const mask = this.table.length - 1
    for (let probe = hashOf(this.scratch, 0, length) & mask; ; probe = (probe + 1) & mask) {
      const entry = this.table[probe]!
      if (entry === EMPTY) return false
      if (entry === slot + 1 && this.sameBytes(slot, this.scratch, length)) {
        this.table[probe] = DELETED
        this.entries--
        this.deleted++
        return true
      }
    }
  }

  /** Another slot than `except` holding `text`, if any (a scan: for the rare moved slug). */
  holderOf(text: string, except: number): number | undefined {
    const length = this.encode(text)
    for (let slot = 0; slot < this.size; slot++) if (slot !== except && this.sameBytes(slot, this.scratch, length)) return slot
    return undefined
  }

  /** The order of the two slots' strings as JavaScript's `<` orders them (UTF-16 code units): negative, 0 or positive. */
  compare(left: number, right: number): number {
    const arena = this.arena
    const leftStart = this.starts[left]!
    const rightStart = this.starts[right]!
    const leftLength = this.lengths[left]!
    const rightLength = this.lengths[right]!
    const common = Math.min(leftLength, rightLength)
    for (let at = 0; at < common; at++) {
      const a = arena[leftStart + at]!
      const b = arena[rightStart + at]!
      if (a === b) continue
      // an ASCII byte is a whole character in both; past it, UTF-8 and UTF-16 orders may differ
      if (a < 0x80 && b < 0x80) return a - b
      const leftText = this.at(left)!
      const rightText = this.at(right)!
      return leftText < rightText ? -1 : leftText > rightText ? 1 : 0
    }
    return leftLength - rightLength
  }

  private encode(text: string): number {
    if (text.length * 3 > this.scratch.length) this.scratch = new Uint8Array(text.length * 3)
    return encoder.encodeInto(text, this.scratch).written
  }

  private sameBytes(slot: number, bytes: Uint8Array, length: number): boolean {
    if (slot >= this.size || this.lengths[slot] !== length) return false
    const start = this.starts[slot]!
    if (start < 0) return false
    const arena = this.arena
    for (let at = 0; at < length; at++) if (arena[start + at] !== bytes[at]) return false
    return true
  }

  private insert(slot: number): void {
    if ((this.entries + this.deleted + 1) * 10 > this.table.length * 7) this.rehash(tableSizeFor(this.entries + 1))
    const start = this.starts[slot]!
    const mask = this.table.length - 1
    let probe = hashOf(this.arena, start, start + this.lengths[slot]!) & mask
    while (this.table[probe] !== EMPTY && this.table[probe] !== DELETED) probe = (probe + 1) & mask
    if (this.table[probe] === DELETED) this.deleted--
    this.table[probe] = slot + 1
    this.entries++
  }

  private rehash(size: number): void {
    const old = this.table
    this.table = new Int32Array(size)
    this.entries = 0
    this.deleted = 0
    for (const entry of old) if (entry > 0) this.insert(entry - 1)
  }

  private ensureSlots(count: number): void {
    if (count <= this.starts.length) return
    const capacity = Math.max(count, this.starts.length * 2, MIN_TABLE)
    const starts = new Int32Array(capacity).fill(-1)
    starts.set(this.starts)
    const lengths = new Int32Array(capacity)
    lengths.set(this.lengths)
    this.starts = starts
    this.lengths = lengths
  }

  /** Room for `bytes` more: the live strings compacted into an arena a quarter larger than they are (or more). */
  private growArena(bytes: number): void {
    let live = 0
    for (let slot = 0; slot < this.size; slot++) live += this.lengths[slot]!
    const arena = new Uint8Array(live + Math.max(bytes, live >>> 2, 65_536))
    let at = 0
    for (let slot = 0; slot < this.size; slot++) {
      const start = this.starts[slot]!
      if (start < 0) continue
      arena.set(this.arena.subarray(start, start + this.lengths[slot]!), at)
      this.starts[slot] = at
      at += this.lengths[slot]!
    }
    this.arena = arena
    this.used = at
  }
}

/** A power of two at least twice `entries` (a table is rehashed past 70 % full). */
const tableSizeFor = (entries: number): number => {
  let size = MIN_TABLE
  while (size < entries * 2) size *= 2
  return size
}
