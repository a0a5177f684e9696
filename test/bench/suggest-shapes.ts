// The search-box shape of `npm run bench`: GET /products/suggest with many distinct queries (so
// few are answered from the per-generation cache), made from words of real product names: word
// prefixes of every length, whole words, one-edit typos of words of 4+ letters (deletion,
// insertion, substitution, transposition), and a word followed by a prefix of another.
import { seededInt } from "../support/seeded-random.ts"
import type { BenchRequest, Shape } from "./shape.ts"
import { isRecord } from "./json-fields.ts"

/** Pages of 100 products whose names give the words. */
const NAME_PAGES = 10
/** Distinct queries sent in rotation. */
const QUERIES = 20_000

const typo = (word: string, int: (below: number) => number): string => {
  const at = int(word.length)
  const letter = "abcdefghijklmnopqrstuvwxyz"[int(26)]!
  switch (int(4)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1)
    case 1:
      return word.slice(0, at) + letter + word.slice(at)
    case 2:
      return word.slice(0, at) + letter + word.slice(at + 1)
    default:
      return at + 1 < word.length ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : word + letter
  }
}

export const suggestShapes: ReadonlyArray<Shape> = [
  {
    name: "suggest",
    setup: async ({ api }) => {
      const words = new Set<string>()
      for (let page = 1; page <= NAME_PAGES; page++) {
        const listing = await api.getJson(`/v1/store/products?limit=100&page=${page}&sortBy=name`)
        const data = isRecord(listing) && Array.isArray(listing["data"]) ? listing["data"] : []
        for (const product of data) {
          const name = isRecord(product) && typeof product["name"] === "string" ? product["name"] : ""
          for (const word of name.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (word !== "" && !/^\d+$/.test(word)) words.add(word)
        }
      }
      const pool = [...words]
      if (pool.length === 0) throw new Error("no product names were found for suggestion queries")
      const int = seededInt(7)
      const queries = new Set<string>()
      for (let attempt = 0; queries.size < QUERIES && attempt < QUERIES * 20; attempt++) {
        const word = pool[int(pool.length)]!
        const kind = int(4)
        if (kind === 0) queries.add(word.slice(0, 1 + int(word.length)))
        else if (kind === 1) queries.add(word.length >= 4 ? typo(word, int) : word)
        else if (kind === 2) queries.add(`${pool[int(pool.length)]!} ${word.slice(0, 1 + int(word.length))}`)
        else queries.add(`${typo(pool[int(pool.length)]!, int)} ${typo(word, int)}`)
      }
      return [...queries].map((q): BenchRequest => ({ path: `/v1/store/products/suggest?${new URLSearchParams({ q, limit: "8" })}` }))
    }
  }
]
