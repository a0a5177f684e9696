/**
 * The bit format of a compressed document: deflate's symbols (RFC 1951 §3.2.5: literals and
 * lengths in one alphabet, 256 ends the document, distances with extra bits, and deflate64's two
 * more distance codes for up to 64 KiB back) under prefix codes trained once on sample documents
 * and kept beside the dictionary, instead of a table in front of every document. A document of
 * a few hundred compressed bytes would spend a fifth of them on its own deflate tables.
 */
import { decodingTable, MAX_CODE_BITS, reversedCodes } from "./huffman-code.ts"
import { matchDistance, matchLength } from "./dictionary-matcher.ts"

export const LITERAL_SYMBOLS = 286
export const DISTANCE_SYMBOLS = 32
export const END_OF_DOCUMENT = 256

const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
const DISTANCE_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
  8193, 12289, 16385, 24577, 32769, 49153
]
const DISTANCE_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14]

/** The code of each value from its table's bases up to `last`: index i holds the code whose base range holds i. */
const codesByValue = (bases: ReadonlyArray<number>, last: number): Uint8Array => {
  const codes = new Uint8Array(last + 1)
  bases.forEach((base, code) => codes.fill(code, base, code + 1 < bases.length ? bases[code + 1]! : last + 1))
  return codes
}
/** The length code (index into LENGTH_BASE) of each match length up to 258. */
const LENGTH_CODE = codesByValue(LENGTH_BASE, 258)
/** The distance code of each distance 1..65536 (looked up: a document has hundreds of them). */
const DISTANCE_CODE = codesByValue(DISTANCE_BASE, 65_536)

/** Adds the symbols of a parse to `literals` and `distances` counts (training). */
export const countSymbols = (operations: Int32Array, count: number, literals: Float64Array, distances: Float64Array): void => {
  for (let index = 0; index < count; index++) {
    const operation = operations[index]!
    if (operation <= 255) {
      literals[operation]!++
    } else {
      literals[257 + LENGTH_CODE[matchLength(operation)]!]!++
      distances[DISTANCE_CODE[matchDistance(operation)]!]!++
    }
  }
  literals[END_OF_DOCUMENT]!++
}

export interface SymbolCodes {
  readonly literalLengths: Uint8Array
  readonly distanceLengths: Uint8Array
}

/** Writes parses as bits under the given codes. */
export const symbolWriter = (codes: SymbolCodes) => {
  const literalCodes = reversedCodes(codes.literalLengths)
  const distanceCodes = reversedCodes(codes.distanceLengths)
  const { distanceLengths, literalLengths } = codes
  let out = Buffer.allocUnsafeSlow(4096)
  return (operations: Int32Array, count: number): string => {
    let length = 0
    let bits = 0
    let bitCount = 0
    const put = (value: number, width: number) => {
      bits |= value << bitCount
      bitCount += width
      while (bitCount >= 8) {
        if (length === out.length) {
          const grown = Buffer.allocUnsafeSlow(out.length * 2)
          out.copy(grown)
          out = grown
        }
        out[length++] = bits & 0xff
        bits >>>= 8
        bitCount -= 8
      }
    }
    for (let index = 0; index < count; index++) {
      const operation = operations[index]!
      if (operation <= 255) {
        put(literalCodes[operation]!, literalLengths[operation]!)
        continue
      }
      const matched = matchLength(operation)
      const lengthCode = LENGTH_CODE[matched]!
      put(literalCodes[257 + lengthCode]!, literalLengths[257 + lengthCode]!)
      if (LENGTH_EXTRA[lengthCode]! > 0) put(matched - LENGTH_BASE[lengthCode]!, LENGTH_EXTRA[lengthCode]!)
      const distance = matchDistance(operation)
      const code = DISTANCE_CODE[distance]!
      put(distanceCodes[code]!, distanceLengths[code]!)
      if (DISTANCE_EXTRA[code]! > 0) put(distance - DISTANCE_BASE[code]!, DISTANCE_EXTRA[code]!)
    }
    put(literalCodes[END_OF_DOCUMENT]!, literalLengths[END_OF_DOCUMENT]!)
    put(0, 7)
    return out.toString("latin1", 0, length)
  }
}

/** Documents larger than this are refused as corrupt (the catalog's are a few kilobytes). */
const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024

/**
 * The literal/length decoding table, with two literals in one entry where both codes fit in its
 * bits (most of a document's literals): `bits consumed | two? << 4 | first symbol << 5 | second << 14`.
 */
const pairedLiteralTable = (lengths: Uint8Array): Int32Array => {
  const single = decodingTable(lengths)
  const paired = new Int32Array(single.length)
  for (let bits = 0; bits < single.length; bits++) {
    const first = single[bits]!
    const firstLength = first & 15
    const second = single[bits >>> firstLength]!
    const secondLength = second & 15
    paired[bits] = first >>> 4 < 256 && second >>> 4 < 256 && firstLength + secondLength <= MAX_CODE_BITS
      ? (firstLength + secondLength) | 16 | ((first >>> 4) << 5) | ((second >>> 4) << 14)
      : firstLength | ((first >>> 4) << 5)
  }
  return paired
}

/** Reads bits back into the document's UTF-8 text; the window starts with the dictionary. */
export const symbolReader = (dictionary: Uint8Array, codes: SymbolCodes) => {
  const literalTable = pairedLiteralTable(codes.literalLengths)
  const distanceTable = decodingTable(codes.distanceLengths)
  const start = dictionary.length
  let window: Buffer = Buffer.allocUnsafeSlow(start + 16 * 1024)
  window.set(dictionary)
  const mask = (1 << MAX_CODE_BITS) - 1
  return (input: Uint8Array): string => {
    const inputLength = input.length
    // bits are read four bytes past the end at most (as zeros): a stream that needs more is cut short.
    // At most 29 bits are held, so that they stay a small integer, not a double
    const readLimit = inputLength + 4
    let position = 0
    let bits = 0
    let bitCount = 0
    let out = start
    // locals, not the closure's variables, in the loop
    const literals = literalTable
    const distances = distanceTable
    let bytes = window
    let room = bytes.length
    // a match is read in three steps (its length, its distance's code, the distance's extra bits),
    // each after the same refill: 21 bits or more, so that a code and its extra bits are there
    let step: 0 | 1 | 2 = 0
    let length = 0
    let code = 0
    while (true) {
      while (bitCount < 22) {
        if (position >= readLimit) throw new Error("compressed document ends early")
        bits |= (position < inputLength ? input[position]! : 0) << bitCount
        position++
        bitCount += 8
      }
      if (step === 0) {
        const entry = literals[bits & mask]!
        const symbol = (entry >>> 5) & 0x1ff
        bits >>>= entry & 15
        bitCount -= entry & 15
        if (symbol < 256) {
          if (out + 2 > room) room = (bytes = window = grown(bytes, out + 2)).length
          bytes[out++] = symbol
          if ((entry & 16) !== 0) bytes[out++] = entry >>> 14
          continue
        }
        if (symbol === END_OF_DOCUMENT) break
        const lengthCode = symbol - 257
        if (lengthCode >= LENGTH_BASE.length) throw new Error("corrupt compressed document")
        const extra = LENGTH_EXTRA[lengthCode]!
        length = LENGTH_BASE[lengthCode]! + (bits & ((1 << extra) - 1))
        bits >>>= extra
        bitCount -= extra
        step = 1
        continue
      }
      if (step === 1) {
        const entry = distances[bits & mask]!
        code = entry >>> 4
        bits >>>= entry & 15
        bitCount -= entry & 15
        step = 2
        continue
      }
      step = 0
      const extra = DISTANCE_EXTRA[code]!
      const distance = DISTANCE_BASE[code]! + (bits & ((1 << extra) - 1))
      bits >>>= extra
      bitCount -= extra
      if (distance > out) throw new Error("corrupt compressed document")
      if (out + length > room) room = (bytes = window = grown(bytes, out + length)).length
      if (distance >= length && length > 16) {
        bytes.copyWithin(out, out - distance, out - distance + length)
        out += length
      } else {
        for (let from = out - distance, to = out + length; out < to;) bytes[out++] = bytes[from++]!
      }
    }
    return bytes.toString("utf8", start, out)
  }
}

const grown = (window: Buffer, needed: number): Buffer => {
  if (needed > MAX_DOCUMENT_BYTES) throw new Error("compressed document too large")
  const next = Buffer.allocUnsafeSlow(Math.max(needed, window.length * 2))
  window.copy(next)
  return next
}
