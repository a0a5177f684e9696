/** A dictionary from strings to dense ids, each with a bit set of the slots holding it. */
import { type Bitset, makeBitset, resized } from "../columns/bitset.ts"
import { type ByteColumn, fromByteColumn, packBitsets, toByteColumn, unpackBitsets } from "../columns/shared-columns.ts"
import { StringIds } from "../columns/string-ids.ts"

/** A dictionary on shared memory: its names, and its bit sets of `words` words packed end to end. */
export interface SharedDictionary {
  readonly names: ByteColumn
  readonly bits: Uint32Array
  readonly words: number
}

export class ValueDictionary {
  private readonly ids: StringIds
  readonly bits: Array<Bitset>

  constructor(ids = new StringIds(), bits: Array<Bitset> = []) {
    this.ids = ids
    this.bits = bits
  }

  /** The names by id. */
  get names(): ReadonlyArray<string> {
    return this.ids.strings
  }

  idOf(name: string): number | undefined {
    return this.ids.idOf(name)
  }

  /** The id of `name`, added with an empty bit set of `words` words when new. */
  idFor(name: string, words: number): number {
    const known = this.ids.idOf(name)
    if (known !== undefined) return known
    this.bits.push(makeBitset(words))
    return this.ids.add(name)
  }

  /** The bit set of a known id. */
  bitsOf(id: number): Bitset {
    return this.bits[id] ?? makeBitset(0)
  }

  toShared(words: number): SharedDictionary {
    return { names: toByteColumn(this.names), bits: packBitsets(this.bits, words), words }
  }

  /** A dictionary whose bit sets are views of the shared ones (the names are decoded: dictionaries are small). */
  static fromShared(shared: SharedDictionary): ValueDictionary {
    const names = fromByteColumn(shared.names)
    return new ValueDictionary(new StringIds(names), unpackBitsets(shared.bits, names.length, shared.words))
  }

  grow(words: number): void {
    for (let index = 0; index < this.bits.length; index++) this.bits[index] = resized(this.bitsOf(index), words)
  }
}

/** The dictionary name of an attribute value: its key and value, NUL-separated. */
export const attributeValueName = (key: string, value: string): string => `${key}\u0000${value}`
