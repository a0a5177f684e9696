/**
 * A streaming reader of an import document's JSON (document-parts.ts): fed the bytes chunk by
 * chunk, it hands out each top-level member whole and each item of the top-level `products`
 * array on its own, as soon as its last byte arrived. It only finds where values begin and end
 * (brackets and strings); each value's text is then parsed by `JSON.parse`, which checks it in
 * full. Memory: the value being read and nothing else, whatever the document's size.
 *
 * Malformed input throws `JsonScanError` with the byte offset. The document's members must have
 * distinct names (JSON.parse would keep the last of two; an import refuses to guess).
 */
import { type DocumentPart, member, notAnObject, productItem } from "../../application/catalog-import/document-parts.ts"

export class JsonScanError extends Error {}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const COLON = 0x3a
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d

const isWhitespace = (byte: number): boolean => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09

/** Where the reader is between values. */
type Position =
  | "document" // before the document's value
  | "keyOrEnd" // after `{`
  | "key" // after `,` between members
  | "colon"
  | "value" // a member's value
  | "afterValue" // `,` or `}`
  | "itemOrEnd" // after the `[` of products
  | "item" // after `,` between products
  | "afterItem" // `,` or `]`
  | "done"

/** What the value being read is. */
type Capture = "document" | "key" | "member" | "item"

export class JsonDocumentScanner {
  #position: Position = "document"
  /** Bytes of the chunks before the current one. */
  #offset = 0
  #keys = new Set<string>()
  #key = ""
  #items = 0
  // the value being read
  #capture: Capture | null = null
  #captureStart = 0
  #pieces: Array<Uint8Array> = []
  #depth = 0
  #inString = false
  #escaped = false
  #scalar = false

  /** Reads a chunk; returns the parts completed by it. */
  push(chunk: Uint8Array): Array<DocumentPart> {
    const parts: Array<DocumentPart> = []
    let i = 0
    const length = chunk.length
    if (this.#capture !== null) {
      i = this.#continueCapture(chunk, 0, parts)
      if (i < 0) {
        this.#pieces.push(chunk)
        this.#offset += length
        return parts
      }
    }
    while (i < length) {
      const byte = chunk[i]!
      if (isWhitespace(byte)) {
        i++
        continue
      }
      const capture = this.#step(byte, i)
      i = capture === null ? i + 1 : this.#startCapture(capture, chunk, i, parts)
    }
    this.#offset += length
    return parts
  }

  /** Once every chunk was pushed: the last parts, or an error when the document is cut short. */
  end(): Array<DocumentPart> {
    const parts: Array<DocumentPart> = []
    if (this.#capture === "document" && this.#scalar) this.#complete(new Uint8Array(0), 0, parts)
    if (this.#position !== "done" || this.#capture !== null) {
      throw new JsonScanError(`unexpected end of the document at byte ${this.#offset}`)
    }
    return parts
  }

  /** A byte between values: the value that starts at it, or null when it only moves the position on. */
  #step(byte: number, index: number): Capture | null {
    const position = this.#position
    switch (position) {
      case "document":
        return byte === OPEN_BRACE ? this.#moveTo("keyOrEnd") : "document"
      case "keyOrEnd":
      case "key":
        if (byte === QUOTE) return "key"
        if (byte === CLOSE_BRACE && position === "keyOrEnd") return this.#moveTo("done")
        return this.#fail(index, "expected a member name")
      case "colon":
        return byte === COLON ? this.#moveTo("value") : this.#fail(index, "expected ':'")
      case "value":
        return this.#key === "products" && byte === OPEN_BRACKET ? this.#moveTo("itemOrEnd") : "member"
      case "afterValue":
        return this.#moveTo(this.#afterEntry(byte, index, CLOSE_BRACE, "key", "done", "expected ',' or '}'"))
      case "itemOrEnd":
      case "item":
        return byte === CLOSE_BRACKET && position === "itemOrEnd" ? this.#moveTo("afterValue") : "item"
      case "afterItem":
        return this.#moveTo(this.#afterEntry(byte, index, CLOSE_BRACKET, "item", "afterValue", "expected ',' or ']' in products"))
      case "done":
        return this.#fail(index, "unexpected data after the document")
    }
  }

  #moveTo(position: Position): null {
    this.#position = position
    return null
  }

  /** After a member or an item: `,` goes on to the `next` one, the `close` byte to `closed`. */
  #afterEntry(byte: number, index: number, close: number, next: Position, closed: Position, expected: string): Position {
    if (byte === COMMA) return next
    if (byte === close) return closed
    return this.#fail(index, expected)
  }

  #fail(index: number, message: string): never {
    throw new JsonScanError(`${message} at byte ${this.#offset + index}`)
  }

  /** Starts reading a value at `start`; returns where to go on (the chunk's length if it continues in the next one). */
  #startCapture(capture: Capture, chunk: Uint8Array, start: number, parts: Array<DocumentPart>): number {
    const byte = chunk[start]!
    this.#capture = capture
    this.#captureStart = this.#offset + start
    this.#pieces = []
    this.#depth = 0
    this.#inString = false
    this.#escaped = false
    this.#scalar = byte !== QUOTE && byte !== OPEN_BRACE && byte !== OPEN_BRACKET
    const end = this.#continueCapture(chunk, start, parts)
    if (end >= 0) return end
    this.#pieces.push(chunk.subarray(start))
    return chunk.length
  }

  /** Reads on from `from`; returns the index after the value when it ended here, else -1. */
  #continueCapture(chunk: Uint8Array, from: number, parts: Array<DocumentPart>): number {
    const length = chunk.length
    let i = from
    if (this.#scalar) {
      for (; i < length; i++) {
        const byte = chunk[i]!
        if (byte === COMMA || byte === CLOSE_BRACE || byte === CLOSE_BRACKET || isWhitespace(byte)) {
          return this.#complete(chunk, i, parts)
        }
      }
      return -1
    }
    let depth = this.#depth
    let inString = this.#inString
    if (this.#escaped) {
      this.#escaped = false
      i++
    }
    for (; i < length; i++) {
      const byte = chunk[i]!
      if (inString) {
        if (byte === BACKSLASH) {
          if (i + 1 === length) this.#escaped = true
          i++
        } else if (byte === QUOTE) {
          inString = false
          if (depth === 0) return this.#complete(chunk, i + 1, parts)
        }
      } else if (byte === QUOTE) {
        inString = true
      } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
        depth++
      } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        depth--
        if (depth <= 0) return this.#complete(chunk, i + 1, parts)
      }
    }
    this.#depth = depth
    this.#inString = inString
    return -1
  }

  /** The value ends before `end` in `chunk`: parses it and hands it out; returns `end`. */
  #complete(chunk: Uint8Array, end: number, parts: Array<DocumentPart>): number {
    const capture = this.#capture
    const startInChunk = this.#pieces.length === 0 ? this.#captureStart - this.#offset : 0
    const last = chunk.subarray(startInChunk, end)
    const bytes = this.#pieces.length === 0 ? last : Buffer.concat([...this.#pieces, last])
    this.#capture = null
    this.#pieces = []
    let value: unknown
    try {
      value = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8"))
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      const what = capture === "item" ? `products item ${this.#items}` : capture === "member" ? `member "${this.#key}"` : "the document"
      throw new JsonScanError(`${what} (from byte ${this.#captureStart}): ${reason}`)
    }
    switch (capture) {
      case "document":
        parts.push(notAnObject(value))
        this.#position = "done"
        break
      case "key":
        this.#key = value as string
        if (this.#keys.has(this.#key)) {
          throw new JsonScanError(`member "${this.#key}" appears twice (at byte ${this.#captureStart})`)
        }
        this.#keys.add(this.#key)
        this.#position = "colon"
        break
      case "member":
        parts.push(member(this.#key, value))
        this.#position = "afterValue"
        break
      case "item":
        parts.push(productItem(this.#items++, value))
        this.#position = "afterItem"
        break
    }
    return end
  }
}
