/**
 * Columns on SharedArrayBuffers: what the catalog index's single writer publishes so that other
 * threads (the listing workers) read it in place, without a copy. Typed arrays are copied once
 * into shared memory at publication (or allocated there when they are never written after being
 * built); strings become a byte column, their UTF-8 (or latin1) bytes end to end with offsets;
 * many bit sets of one width are packed into one buffer.
 */
import type { Bitset } from "./bitset.ts"

export type SharedArray = Int32Array | Uint32Array | Float64Array | Uint8Array

/** A new array of `length` elements of `source`'s kind, on a SharedArrayBuffer (zero-filled). */
export const sharedLike = <A extends SharedArray>(source: A, length: number): A => {
  const Kind = source.constructor as new (buffer: SharedArrayBuffer) => A
  return new Kind(new SharedArrayBuffer(length * source.BYTES_PER_ELEMENT))
}

export const sharedInt32 = (length: number): Int32Array => new Int32Array(new SharedArrayBuffer(length * 4))

/** A copy of the first `length` elements of `source` (all by default) on shared memory. */
export const sharedCopy = <A extends SharedArray>(source: A, length: number = source.length): A => {
  const copy = sharedLike(source, length)
  copy.set(source.subarray(0, Math.min(length, source.length)) as never)
  return copy
}

/** `source` itself when it already lies on shared memory (for arrays never written after they are built), else a shared copy. */
export const sharedAsIs = <A extends SharedArray>(source: A): A =>
  source.buffer instanceof SharedArrayBuffer ? source : sharedCopy(source)

/** Strings end to end: string `i` is `bytes[offsets[i] .. offsets[i + 1])`. */
export interface ByteColumn {
  readonly bytes: Uint8Array
  readonly offsets: Int32Array
  /** "utf8" for text, "latin1" for strings of byte values (one character per byte) */
  readonly encoding: "utf8" | "latin1"
}

const encoder = new TextEncoder()
const utf8 = new TextDecoder()

/** A column of `count` entries, each written by `write` (at most `most(index)` bytes), on shared memory. */
const columnOf = (
  count: number,
  encoding: ByteColumn["encoding"],
  most: (index: number) => number,
  write: (index: number, into: Uint8Array, at: number) => number
): ByteColumn => {
  const offsets = sharedInt32(count + 1)
  let scratch = new Uint8Array(Math.max(1024, count * 64))
  let at = 0
  for (let index = 0; index < count; index++) {
    const bytes = most(index)
    if (at + bytes > scratch.length) {
      const grown = new Uint8Array(Math.max(scratch.length * 2, at + bytes))
      grown.set(scratch.subarray(0, at))
      scratch = grown
    }
    at += write(index, scratch, at)
    offsets[index + 1] = at
  }
  return { bytes: sharedCopy(scratch, at), offsets, encoding }
}

const encodeInto = (text: string, encoding: ByteColumn["encoding"], into: Uint8Array, at: number): number => {
  if (encoding === "utf8") return encoder.encodeInto(text, into.subarray(at)).written
  for (let char = 0; char < text.length; char++) into[at + char] = text.charCodeAt(char)
  return text.length
}

const mostBytes = (text: string, encoding: ByteColumn["encoding"]): number => encoding === "utf8" ? text.length * 3 : text.length

/** The strings as a shared byte column (`undefined` entries as empty strings). */
export const toByteColumn = (
  strings: ReadonlyArray<string | undefined>,
  count: number = strings.length,
  encoding: ByteColumn["encoding"] = "utf8"
): ByteColumn =>
  columnOf(
    count,
    encoding,
    (index) => mostBytes(strings[index] ?? "", encoding),
    (index, into, at) => encodeInto(strings[index] ?? "", encoding, into, at)
  )

/**
 * The strings as a new shared byte column, where every entry of `previous` not listed in
 * `changed` is copied from it as bytes, run by run (the strings are encoded only where they
 * changed or are new): a few copies of memory rather than a pass over every string.
 */
export const toByteColumnReusing = (
  previous: ByteColumn,
  changed: ReadonlySet<number>,
  strings: ReadonlyArray<string | undefined>,
  count: number
): ByteColumn => {
  const { bytes, offsets, encoding } = previous
  const kept = Math.min(offsets.length - 1, count)
  const fresh = [...changed].filter((index) => index < kept).sort((left, right) => left - right)
  for (let index = kept; index < count; index++) fresh.push(index)
  let most = offsets[kept]!
  for (const index of fresh) most += mostBytes(strings[index] ?? "", encoding)
  const out = new Uint8Array(new SharedArrayBuffer(Math.max(1, most)))
  const outOffsets = sharedInt32(count + 1)
  let at = 0
  let next = 0
  /** copies the unchanged entries [next, end) */
  const copyRun = (end: number): void => {
    if (end <= next) return
    const from = offsets[next]!
    const to = offsets[end]!
    out.set(bytes.subarray(from, to), at)
    const shift = at - from
    for (let index = next; index < end; index++) outOffsets[index + 1] = offsets[index + 1]! + shift
    at += to - from
  }
  for (const index of fresh) {
    copyRun(index)
    at += encodeInto(strings[index] ?? "", encoding, out, at)
    outOffsets[index + 1] = at
    next = index + 1
  }
  copyRun(kept)
  return { bytes: out.subarray(0, at), offsets: outOffsets, encoding }
}

/** String `index` of the column. */
export const stringAt = (column: ByteColumn, index: number): string => {
  const bytes = column.bytes.subarray(column.offsets[index]!, column.offsets[index + 1]!)
  if (column.encoding === "utf8") return utf8.decode(bytes)
  let text = ""
  for (let at = 0; at < bytes.length; at += 4096) text += String.fromCharCode(...bytes.subarray(at, at + 4096))
  return text
}

/** Every string of the column (for small columns: dictionaries, names). */
export const fromByteColumn = (column: ByteColumn): Array<string> =>
  Array.from({ length: column.offsets.length - 1 }, (_, index) => stringAt(column, index))

/** The number of UTF-8 bytes of `text`'s first `length` characters. */
export const utf8Length = (text: string, length: number = text.length): number => {
  let bytes = 0
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < length) {
      bytes += 4
      index++
    } else bytes += 3
  }
  return bytes
}

/** Bit sets of `words` words each, packed into one shared array. */
export const packBitsets = (sets: ReadonlyArray<Bitset>, words: number): Uint32Array => {
  const packed = new Uint32Array(new SharedArrayBuffer(Math.max(1, sets.length * words) * 4))
  sets.forEach((set, index) => packed.set(set.subarray(0, words), index * words))
  return packed
}

/** The packed bit sets, as views into the shared array (no copy). */
export const unpackBitsets = (packed: Uint32Array, count: number, words: number): Array<Bitset> =>
  Array.from({ length: count }, (_, index) => packed.subarray(index * words, (index + 1) * words))

/** The first position of `needle` in `bytes[from .. to)`, or -1. */
export const indexOfBytes = (bytes: Uint8Array, from: number, to: number, needle: Uint8Array): number => {
  const length = needle.length
  if (length === 0) return from
  const first = needle[0]!
  const last = to - length
  outer: for (let at = from; at <= last; at++) {
    if (bytes[at] !== first) continue
    for (let index = 1; index < length; index++) if (bytes[at + index] !== needle[index]) continue outer
    return at
  }
  return -1
}
