/** A dictionary from strings to dense ids, each with a bit set of the slots holding it. */
import { type Bitset, makeBitset, resized } from "../columns/bitset.ts"
import { type ByteColumn, fromByteColumn, packBitsets, toByteColumn, unpackBitsets } from "../columns/shared-columns.ts"

/** A dictionary on shared memory: its names, and its bit sets of `words` words packed end to end. */
export interface SharedDictionary {
  readonly names: ByteColumn
  readonly bits: Uint32Array
  readonly words: number
}

export class ValueDictionary {
  readonly ids = new Map<string, number>()
  readonly names: Array<string> = []
  readonly bits: Array<Bitset> = []

  idFor(name: string, words: number): number {
    let id = this.ids.get(name)
    if (id === undefined) {
      id = this.names.length
      this.ids.set(name, id)
      this.names.push(name)
      this.bits.push(makeBitset(words))
    }
    return id
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
    const dictionary = new ValueDictionary()
    const names = fromByteColumn(shared.names)
    const bits = unpackBitsets(shared.bits, names.length, shared.words)
    names.forEach((name, id) => {
      dictionary.ids.set(name, id)
      dictionary.names.push(name)
      dictionary.bits.push(bits[id]!)
    })
    return dictionary
  }

  grow(words: number): void {
    for (let index = 0; index < this.bits.length; index++) this.bits[index] = resized(this.bitsOf(index), words)
  }
}

/** The dictionary name of an attribute value: its key and value, NUL-separated. */
export const attributeValueName = (key: string, value: string): string => `${key}\u0000${value}`
