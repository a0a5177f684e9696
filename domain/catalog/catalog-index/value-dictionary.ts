/** A dictionary from strings to dense ids, each with a bit set of the slots holding it. */
import { type Bitset, makeBitset, resized } from "../bitset.ts"

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

  grow(words: number): void {
    for (let index = 0; index < this.bits.length; index++) this.bits[index] = resized(this.bitsOf(index), words)
  }
}

/** The dictionary name of an attribute value: its key and value, NUL-separated. */
export const attributeValueName = (key: string, value: string): string => `${key}\u0000${value}`
