/**
 * A tree of plain values and typed arrays as bytes, and back: the form an index snapshot is
 * stored in. The bytes are a fixed prefix, a JSON header (the tree, each typed array replaced
 * by its kind and length) and then every typed array's bytes in header order, each padded to 8
 * bytes. Encoding yields views of the arrays as they are (no copy); decoding takes the bytes in
 * pieces of any size, as they are read, and copies each array once into its own memory, so a
 * restore never holds the whole snapshot twice.
 */

export type SnapshotArray = Int32Array | Uint32Array | Float64Array | Uint8Array

const KINDS = { Int32Array, Uint32Array, Float64Array, Uint8Array } as const
type KindName = keyof typeof KINDS

const MAGIC = "SFSNAP01"
const PREFIX_BYTES = 12
const ALIGN = 8

interface ArrayPlaceholder {
  readonly $array: KindName
  readonly length: number
}

const isPlaceholder = (value: unknown): value is ArrayPlaceholder =>
  typeof value === "object" && value !== null && "$array" in value

const kindOf = (value: unknown): KindName | undefined => {
  for (const name of Object.keys(KINDS) as Array<KindName>) if (value instanceof KINDS[name]) return name
  return undefined
}

const padding = (bytes: number): number => (ALIGN - (bytes % ALIGN)) % ALIGN

/** The tree's bytes, in pieces (the arrays' pieces are views of the arrays themselves). */
export const encodeSnapshot = (tree: unknown): Array<Uint8Array> => {
  const arrays: Array<SnapshotArray> = []
  const header = JSON.stringify(tree, (_key, value: unknown) => {
    const kind = kindOf(value)
    if (kind === undefined) return value
    const array = value as SnapshotArray
    arrays.push(array)
    return { $array: kind, length: array.length } satisfies ArrayPlaceholder
  })
  const headerBytes = new TextEncoder().encode(header)
  const first = new Uint8Array(PREFIX_BYTES + headerBytes.length + padding(PREFIX_BYTES + headerBytes.length))
  first.set(new TextEncoder().encode(MAGIC))
  new DataView(first.buffer).setUint32(8, headerBytes.length, true)
  first.set(headerBytes, PREFIX_BYTES)
  const parts: Array<Uint8Array> = [first]
  for (const array of arrays) {
    if (array.byteLength > 0) parts.push(new Uint8Array(array.buffer, array.byteOffset, array.byteLength))
    const pad = padding(array.byteLength)
    if (pad > 0) parts.push(new Uint8Array(pad))
  }
  return parts
}

/** Reads a snapshot's bytes piece by piece; `finish` gives the tree once every byte has come. */
export class SnapshotDecoder {
  private pending: Array<Uint8Array> = []
  private pendingBytes = 0
  private header: { readonly tree: unknown; readonly arrays: Array<SnapshotArray> } | undefined
  /** the array being filled, how much of it is, and the padding still to skip after it */
  private next = 0
  private filled = 0
  private skip = 0

  push(piece: Uint8Array): void {
    let rest = piece
    if (this.header === undefined) {
      this.pending.push(rest)
      this.pendingBytes += rest.length
      if (!this.readHeader()) return
      rest = this.takePending()
    }
    while (rest.length > 0) rest = this.fill(rest)
  }

  finish(): unknown {
    const header = this.header
    if (header === undefined || this.next < header.arrays.length || this.skip > 0) {
      throw new Error("catalog snapshot: the bytes ended early")
    }
    return header.tree
  }

  /** Fills the current array (then skips its padding) from `piece`; returns what is left of it. */
  private fill(piece: Uint8Array): Uint8Array {
    const header = this.header!
    if (this.skip > 0) {
      const skipped = Math.min(this.skip, piece.length)
      this.skip -= skipped
      return piece.subarray(skipped)
    }
    const array = header.arrays[this.next]
    if (array === undefined) throw new Error("catalog snapshot: bytes after the end")
    const view = new Uint8Array(array.buffer, array.byteOffset, array.byteLength)
    const taken = Math.min(view.length - this.filled, piece.length)
    view.set(piece.subarray(0, taken), this.filled)
    this.filled += taken
    if (this.filled === view.length) {
      this.next++
      this.filled = 0
      this.skip = padding(view.length)
      this.skipEmpty()
    }
    return piece.subarray(taken)
  }

  /** Moves past arrays of no bytes (they need no piece). */
  private skipEmpty(): void {
    const arrays = this.header!.arrays
    while (this.skip === 0 && this.next < arrays.length && arrays[this.next]!.byteLength === 0) this.next++
  }

  private takePending(): Uint8Array {
    const all = new Uint8Array(this.pendingBytes)
    let at = 0
    for (const piece of this.pending) {
      all.set(piece, at)
      at += piece.length
    }
    this.pending = []
    this.pendingBytes = 0
    return all
  }

  /** Parses the header once its bytes have come; leaves in `pending` what follows it. */
  private readHeader(): boolean {
    if (this.pendingBytes < PREFIX_BYTES) return false
    const head = this.takePending()
    this.pending = [head]
    this.pendingBytes = head.length
    if (new TextDecoder().decode(head.subarray(0, 8)) !== MAGIC) throw new Error("catalog snapshot: not a snapshot of this format")
    const headerLength = new DataView(head.buffer, head.byteOffset).getUint32(8, true)
    const end = PREFIX_BYTES + headerLength
    const start = end + padding(end)
    if (head.length < start) return false
    const arrays: Array<SnapshotArray> = []
    const tree = JSON.parse(new TextDecoder().decode(head.subarray(PREFIX_BYTES, end)), (_key, value: unknown) => {
      if (!isPlaceholder(value)) return value
      const array = new KINDS[value.$array](value.length)
      arrays.push(array)
      return array
    })
    this.header = { tree, arrays }
    this.pending = [head.subarray(start)]
    this.pendingBytes = head.length - start
    this.skipEmpty()
    return true
  }
}
