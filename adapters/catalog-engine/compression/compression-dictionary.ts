/**
 * Builds a preset dictionary for compressing many small, similar documents one at a time (the
 * rendered product JSON): the byte segments that occur in the most sample documents, so that
 * each document's keys, enumerations and URL prefixes compress to back-references into it.
 *
 * The method follows zstd's COVER trainer in a simple form: the samples are cut into as many
 * stretches ("epochs") as the dictionary has segments; in each stretch the `segmentLength`-byte
 * window whose `gramLength`-byte substrings occur in the most documents is chosen, and those
 * substrings stop counting, so later choices add something new. One linear pass overall.
 * The best segments come last, nearest to the data, where back-references are cheapest.
 */
const TABLE_BITS = 20
const NO_GRAM = -1

export interface DictionaryOptions {
  /** dictionary bytes (deflate uses at most 32 KiB) */
  readonly size: number
  readonly segmentLength: number
  readonly gramLength: number
}

const gramHash = (bytes: Uint8Array, at: number, length: number): number => {
  let hash = 0x811c9dc5
  for (let index = 0; index < length; index++) hash = Math.imul(hash ^ bytes[at + index]!, 0x01000193)
  return hash >>> (32 - TABLE_BITS)
}

export const trainDictionary = (samples: ReadonlyArray<string>, options: DictionaryOptions): Uint8Array => {
  const { gramLength, segmentLength, size } = options
  const documents = samples.map((sample) => Buffer.from(sample, "utf8"))
  const all = Buffer.concat(documents)
  if (all.length <= size) return new Uint8Array(all)

  // the hash of the gram starting at each position (none where it would cross into the next sample),
  // and in how many samples each gram hash occurs
  const grams = new Int32Array(all.length).fill(NO_GRAM)
  const documentFrequency = new Uint32Array(1 << TABLE_BITS)
  const lastDocument = new Int32Array(1 << TABLE_BITS).fill(-1)
  let position = 0
  documents.forEach((document, documentIndex) => {
    for (let offset = 0; offset + gramLength <= document.length; offset++) {
      const hash = gramHash(all, position + offset, gramLength)
      grams[position + offset] = hash
      if (lastDocument[hash] !== documentIndex) {
        lastDocument[hash] = documentIndex
        documentFrequency[hash]!++
      }
    }
    position += document.length
  })

  const frequencyAt = (at: number): number => {
    const hash = grams[at]!
    return hash === NO_GRAM ? 0 : documentFrequency[hash]!
  }
  const gramsPerSegment = segmentLength - gramLength + 1
  const segmentCount = Math.floor(size / segmentLength)
  const epochLength = Math.floor(all.length / segmentCount)
  const chosen: Array<{ readonly start: number; readonly score: number }> = []
  for (let epoch = 0; epoch < segmentCount; epoch++) {
    const first = epoch * epochLength
    const last = Math.min(first + epochLength, all.length - segmentLength)
    if (last <= first) break
    let score = 0
    for (let at = first; at < first + gramsPerSegment; at++) score += frequencyAt(at)
    let best = first
    let bestScore = score
    for (let start = first + 1; start <= last; start++) {
      score += frequencyAt(start + gramsPerSegment - 1) - frequencyAt(start - 1)
      if (score > bestScore) {
        best = start
        bestScore = score
      }
    }
    if (bestScore === 0) continue
    chosen.push({ start: best, score: bestScore })
    for (let at = best; at < best + gramsPerSegment; at++) {
      const hash = grams[at]!
      if (hash !== NO_GRAM) documentFrequency[hash] = 0
    }
  }
  chosen.sort((left, right) => left.score - right.score)
  const dictionary = new Uint8Array(chosen.length * segmentLength)
  chosen.forEach((segment, index) => {
    dictionary.set(all.subarray(segment.start, segment.start + segmentLength), index * segmentLength)
  })
  return dictionary
}
