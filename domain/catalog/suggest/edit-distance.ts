/**
 * Optimal string alignment distance (restricted Damerau-Levenshtein): insertions, deletions,
 * substitutions and transpositions of two adjacent characters, each costing one, no substring
 * edited twice. Over UTF-16 code units (folded words are almost always in the BMP).
 */
export const osaDistance = (left: string, right: string): number => {
  const m = left.length
  const n = right.length
  if (m === 0) return n
  if (n === 0) return m
  let beforePrevious = new Int32Array(n + 1)
  let previous = new Int32Array(n + 1)
  let current = new Int32Array(n + 1)
  for (let j = 0; j <= n; j++) previous[j] = j
  for (let i = 1; i <= m; i++) {
    current[0] = i
    const a = left.charCodeAt(i - 1)
    for (let j = 1; j <= n; j++) {
      const b = right.charCodeAt(j - 1)
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a === b ? 0 : 1))
      if (i > 1 && j > 1 && a === right.charCodeAt(j - 2) && left.charCodeAt(i - 2) === b) {
        best = Math.min(best, beforePrevious[j - 2]! + 1)
      }
      current[j] = best
    }
    const recycled = beforePrevious
    beforePrevious = previous
    previous = current
    current = recycled
  }
  return previous[n]!
}

/**
 * The prefix of `word` closest to `token` by osaDistance, as its length and distance; of equally
 * close prefixes, the longest (so the whole word when it is as close as any prefix).
 */
export const closestPrefix = (token: string, word: string): { readonly length: number; readonly distance: number } => {
  // one table, a row per prefix of `word`: the last cell of row i is the distance to word[0..i)
  const m = token.length
  let beforePrevious = new Int32Array(m + 1)
  let previous = Int32Array.from({ length: m + 1 }, (_, j) => j)
  let current = new Int32Array(m + 1)
  let best = { length: 0, distance: m }
  for (let i = 1; i <= word.length; i++) {
    current[0] = i
    const a = word.charCodeAt(i - 1)
    for (let j = 1; j <= m; j++) {
      const b = token.charCodeAt(j - 1)
      let cell = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a === b ? 0 : 1))
      if (i > 1 && j > 1 && a === token.charCodeAt(j - 2) && word.charCodeAt(i - 2) === b) {
        cell = Math.min(cell, beforePrevious[j - 2]! + 1)
      }
      current[j] = cell
    }
    if (current[m]! <= best.distance) best = { length: i, distance: current[m]! }
    const recycled = beforePrevious
    beforePrevious = previous
    previous = current
    current = recycled
  }
  return best
}
