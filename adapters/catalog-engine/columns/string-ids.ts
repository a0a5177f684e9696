/**
 * Dense ids for distinct strings, given in the order the strings are first added (0, 1, 2, …):
 * the strings by id and the id of a string. The dictionaries built on it (tags and attribute
 * values of the catalog index, the words of suggestions) keep what else they know of a string in
 * arrays by the same id.
 */
export class StringIds {
  private readonly ids: Map<string, number>
  /** The strings by id. */
  readonly strings: Array<string>

  /** Ids for `strings`, in their order (they must be distinct). */
  constructor(strings: Array<string> = []) {
    this.strings = strings
    // filled in a loop: a million words as [string, id] pairs first would be garbage the heap keeps room for
    this.ids = new Map()
    for (let id = 0; id < strings.length; id++) this.ids.set(strings[id]!, id)
  }

  get size(): number {
    return this.strings.length
  }

  idOf(string: string): number | undefined {
    return this.ids.get(string)
  }

  /** Gives a string not held yet the next id; that id. */
  add(string: string): number {
    const id = this.strings.length
    this.ids.set(string, id)
    this.strings.push(string)
    return id
  }
}
