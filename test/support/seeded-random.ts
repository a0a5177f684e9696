/**
 * mulberry32: a small seeded generator for test inputs and bench figures (32-bit integer
 * arithmetic, so no precision is lost and a seed always gives the same sequence).
 */

/** Numbers in [0, 1). */
export const seededRandom = (seed: number): (() => number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Whole numbers below `below`. */
export const seededInt = (seed: number): ((below: number) => number) => {
  const random = seededRandom(seed)
  return (below) => Math.floor(random() * below)
}
