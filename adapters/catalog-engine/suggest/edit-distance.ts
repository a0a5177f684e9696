/**
 * Optimal string alignment distance (restricted Damerau-Levenshtein): insertions, deletions,
 * substitutions and transpositions of two adjacent characters, each costing one, no substring
 * edited twice. Over UTF-16 code units (folded words are almost always in the BMP).
 */

/** Three rows of the alignment table, the last two computed and one to fill. */
interface OsaRows {
  beforePrevious: Int32Array
  previous: Int32Array
  current: Int32Array
}

/** The rows before the first: row 0 is the distance of the empty prefix to each column's prefix. */
const osaRows = (columns: number): OsaRows => {
  const previous = new Int32Array(columns + 1)
  for (let j = 0; j <= columns; j++) previous[j] = j
  return { beforePrevious: new Int32Array(columns + 1), previous, current: new Int32Array(columns + 1) }
}

/**
 * Fills row `i` of the table of `rowWord[0..i)` against every prefix of `columnWord` into
 * `rows.current`, then makes it the previous row (the oldest row is reused for the next one).
 * Returns the row's last cell: the distance of `rowWord[0..i)` to the whole `columnWord`.
 */
const nextOsaRow = (rows: OsaRows, rowWord: string, columnWord: string, i: number): number => {
  const { beforePrevious, previous, current } = rows
  const n = columnWord.length
  current[0] = i
  const a = rowWord.charCodeAt(i - 1)
  for (let j = 1; j <= n; j++) {
    const b = columnWord.charCodeAt(j - 1)
    let cell = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a === b ? 0 : 1))
    if (i > 1 && j > 1 && a === columnWord.charCodeAt(j - 2) && rowWord.charCodeAt(i - 2) === b) {
      cell = Math.min(cell, beforePrevious[j - 2]! + 1)
    }
    current[j] = cell
  }
  rows.beforePrevious = previous
  rows.previous = current
  rows.current = beforePrevious
  return current[n]!
}

export const osaDistance = (left: string, right: string): number => {
  const m = left.length
  const n = right.length
  if (m === 0) return n
  if (n === 0) return m
  const rows = osaRows(n)
  let distance = m
  for (let i = 1; i <= m; i++) distance = nextOsaRow(rows, left, right, i)
  return distance
}

/**
 * The prefix of `word` closest to `token` by osaDistance, as its length and distance; of equally
 * close prefixes, the longest (so the whole word when it is as close as any prefix).
 */
export const closestPrefix = (token: string, word: string): { readonly length: number; readonly distance: number } => {
  // one table, a row per prefix of `word`: the last cell of row i is the distance to word[0..i)
  const rows = osaRows(token.length)
  let best = { length: 0, distance: token.length }
  for (let i = 1; i <= word.length; i++) {
    const distance = nextOsaRow(rows, word, token, i)
    if (distance <= best.distance) best = { length: i, distance }
  }
  return best
}
