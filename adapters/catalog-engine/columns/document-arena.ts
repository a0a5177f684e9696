/**
 * Byte strings by slot (the stored, encoded product documents) kept in large chunks outside the
 * JavaScript heap instead of one heap string each: a million documents of ~300 bytes are ~300 MB
 * the collector no longer walks or grows its heap for. A slot written again takes new bytes; the
 * old ones are reclaimed by copying the live ones into fresh chunks once they are most of the
 * chunks.
 */
import { grownInt32 } from "./grown-array.ts"
import { type ByteColumn, sharedInt32 } from "./shared-columns.ts"

const CHUNK_BYTES = 4 * 1024 * 1024
/** Rewriting starts once this many bytes are dead and they outweigh the live ones. */
const DEAD_BYTES_BEFORE_COMPACTING = 16 * 1024 * 1024

/** The arena as it is, for a snapshot: its chunks and where each slot's bytes lie in them. */
export interface ArenaSnapshot {
  readonly chunks: ReadonlyArray<Uint8Array>
  readonly used: number
  readonly chunkOf: Int32Array
  readonly startOf: Int32Array
  readonly lengthOf: Int32Array
  readonly liveBytes: number
  readonly deadBytes: number
}

export class DocumentArena {
  private chunks: Array<Uint8Array> = []
  /** bytes used of the last chunk */
  private used = CHUNK_BYTES
  /** per slot: its chunk (-1: nothing written), where its bytes start and how many */
  private chunkOf: Int32Array = new Int32Array(1024).fill(-1)
  private startOf: Int32Array = new Int32Array(1024)
  private lengthOf: Int32Array = new Int32Array(1024)
  private liveBytes = 0
  private deadBytes = 0

  /** The arena's own arrays (not copies: take it while nothing writes). */
  snapshot(): ArenaSnapshot {
    const { chunks, used, chunkOf, startOf, lengthOf, liveBytes, deadBytes } = this
    return { chunks, used, chunkOf, startOf, lengthOf, liveBytes, deadBytes }
  }

  /** An arena that goes on from a snapshot's arrays. */
  static fromSnapshot(snapshot: ArenaSnapshot): DocumentArena {
    const arena = new DocumentArena()
    arena.chunks = [...snapshot.chunks]
    arena.used = snapshot.used
    arena.chunkOf = snapshot.chunkOf
    arena.startOf = snapshot.startOf
    arena.lengthOf = snapshot.lengthOf
    arena.liveBytes = snapshot.liveBytes
    arena.deadBytes = snapshot.deadBytes
    return arena
  }

  /** Stores `text`, a string of byte values (each character < 256), for `slot`. */
  set(slot: number, text: string): void {
    this.ensureSlots(slot + 1)
    if (this.chunkOf[slot] !== -1) {
      this.deadBytes += this.lengthOf[slot]!
      this.liveBytes -= this.lengthOf[slot]!
    }
    const length = text.length
    const { chunk, at } = this.room(length)
    const bytes = this.chunks[chunk]!
    for (let index = 0; index < length; index++) bytes[at + index] = text.charCodeAt(index)
    this.chunkOf[slot] = chunk
    this.startOf[slot] = at
    this.lengthOf[slot] = length
    this.liveBytes += length
    if (this.deadBytes > DEAD_BYTES_BEFORE_COMPACTING && this.deadBytes > this.liveBytes) this.compact()
  }

  /** The slot's bytes (a view, valid until the next `set`), or undefined. */
  bytesAt(slot: number): Uint8Array | undefined {
    const chunk = slot < this.chunkOf.length ? this.chunkOf[slot]! : -1
    if (chunk === -1) return undefined
    const start = this.startOf[slot]!
    return this.chunks[chunk]!.subarray(start, start + this.lengthOf[slot]!)
  }

  /** The first `count` slots' bytes end to end on shared memory, as a latin1 column (none: empty). */
  toShared(count: number): ByteColumn {
    let total = 0
    for (let slot = 0; slot < count; slot++) total += this.lengthAt(slot)
    const bytes = new Uint8Array(new SharedArrayBuffer(Math.max(1, total)))
    const offsets = sharedInt32(count + 1)
    let at = 0
    for (let slot = 0; slot < count; slot++) {
      const slice = this.bytesAt(slot)
      if (slice !== undefined) {
        bytes.set(slice, at)
        at += slice.length
      }
      offsets[slot + 1] = at
    }
    return { bytes: bytes.subarray(0, at), offsets, encoding: "latin1" }
  }

  private lengthAt(slot: number): number {
    return slot < this.chunkOf.length && this.chunkOf[slot] !== -1 ? this.lengthOf[slot]! : 0
  }

  /** Where `length` bytes go: the last chunk, a new one, or one of their own when they exceed a chunk. */
  private room(length: number): { readonly chunk: number; readonly at: number } {
    if (length > CHUNK_BYTES) {
      this.chunks.push(new Uint8Array(length))
      // a chunk of its own, full: the next write starts a new chunk
      this.used = CHUNK_BYTES
      return { chunk: this.chunks.length - 1, at: 0 }
    }
    if (this.chunks.length === 0 || this.used + length > CHUNK_BYTES) {
      this.chunks.push(new Uint8Array(CHUNK_BYTES))
      this.used = 0
    }
    const at = this.used
    this.used += length
    return { chunk: this.chunks.length - 1, at }
  }

  private ensureSlots(slots: number): void {
    if (slots <= this.chunkOf.length) return
    const capacity = Math.max(slots, this.chunkOf.length * 2)
    this.chunkOf = grownInt32(this.chunkOf, capacity, -1)
    this.startOf = grownInt32(this.startOf, capacity)
    this.lengthOf = grownInt32(this.lengthOf, capacity)
  }

  /** Copies the live bytes into fresh chunks, in slot order. */
  private compact(): void {
    const old = this.chunks
    const oldChunkOf = this.chunkOf
    const oldStartOf = this.startOf
    this.chunks = []
    this.used = CHUNK_BYTES
    this.chunkOf = new Int32Array(oldChunkOf.length).fill(-1)
    this.startOf = new Int32Array(oldChunkOf.length)
    for (let slot = 0; slot < oldChunkOf.length; slot++) {
      const chunk = oldChunkOf[slot]!
      if (chunk === -1) continue
      const length = this.lengthOf[slot]!
      const room = this.room(length)
      const start = oldStartOf[slot]!
      this.chunks[room.chunk]!.set(old[chunk]!.subarray(start, start + length), room.at)
      this.chunkOf[slot] = room.chunk
      this.startOf[slot] = room.at
    }
    this.deadBytes = 0
  }
}
