/**
 * A naive reference of the suggestion rules, written straight from their description with full
 * edit-distance matrices and plain array filtering and sorting (no sorted dictionary, no trie
 * walk, no postings, no caches): the suggestions of the memory ProductSearch. Property tests
 * hold WordDictionary, SuggestIndex and osaDistance to it.
 */
import { type CatalogProduct, translatedNames } from "../../domain/catalog/catalog-product.ts"
import type { CategoryRecord } from "../../domain/catalog/category.ts"
import type { ShopId } from "../../domain/shared/ids.ts"
import { hasBangla, normaliseText, phoneticKey, spellingKey } from "../../domain/catalog/bangla-text.ts"

/** The products (by id and slug), categories and completed queries a suggestion query is answered. */
export interface Suggestions {
  readonly products: ReadonlyArray<{ readonly id: string; readonly slug: string }>
  readonly categories: ReadonlyArray<{ readonly id: string; readonly slug: string; readonly name: string }>
  readonly queries: ReadonlyArray<string>
}

export const referenceFold = (text: string): string =>
  (hasBangla(text) ? spellingKey(normaliseText(text)) : text).normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()

/** Pieces of letters, digits and marks of the normalised text; each with its folded and lower-cased text. */
export const referenceWords = (text: string): Array<{ folded: string; surface: string }> =>
  normaliseText(text).split(/[^\p{L}\p{M}\p{N}]/u)
    .filter((piece) => piece.length > 0)
    .map((piece) => ({ folded: referenceFold(piece), surface: piece.toLowerCase() }))
    .filter((word) => word.folded.length > 0)

/** Restricted Damerau-Levenshtein over the whole matrix. */
export const referenceOsa = (a: string, b: string): number => {
  const d: Array<Array<number>> = []
  for (let i = 0; i <= a.length; i++) {
    d.push([])
    for (let j = 0; j <= b.length; j++) {
      if (i === 0 || j === 0) {
        d[i]![j] = i + j
        continue
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, d[i - 2]![j - 2]! + 1)
      d[i]![j] = value
    }
  }
  return d[a.length]![b.length]!
}

export const referenceEdits = (length: number): number => (length < 4 ? 0 : length < 8 ? 1 : 2)

/** 0 exact, 1 prefix, 2 typo (some prefix of the word, itself included, within the edits), undefined none. */
export const referenceKind = (token: string, word: string): 0 | 1 | 2 | undefined => {
  if (word === token) return 0
  if (word.startsWith(token)) return 1
  const edits = referenceEdits(token.length)
  if (edits === 0) return undefined
  for (let length = 0; length <= word.length; length++) {
    if (referenceOsa(token, word.slice(0, length)) <= edits) return 2
  }
  return undefined
}

const isVisible = (product: CatalogProduct, shopIds: ReadonlyArray<ShopId>) =>
  product.enabled && product.shopIds.some((shop) => shopIds.includes(shop))

/** A text's words, then each Bangla word's phonetic key as a word ("\u0001" and the key). */
export const referenceIndexWords = (text: string): Array<{ folded: string; surface: string }> => {
  const words = referenceWords(text)
  return [
    ...words,
    ...words.flatMap((word) => {
      const key = hasBangla(word.surface) ? phoneticKey(word.surface) : undefined
      return key === undefined ? [] : [{ folded: `\u0001${key}`, surface: word.surface }]
    })
  ]
}

/** A typed word: its folded form and, for Latin letters whose key has 2+ letters, its key word. */
interface Token {
  readonly folded: string
  readonly key: string | undefined
}

const tokenOf = (word: { folded: string; surface: string }): Token => {
  const key = /^[a-z]+$/.test(word.surface) ? phoneticKey(word.surface) : undefined
  return { folded: word.folded, key: key !== undefined && key.length >= 2 ? `\u0001${key}` : undefined }
}

/** How a typed word matches a word: as `referenceKind`, or its key word exactly (0) or as a prefix (1). */
const tokenKind = (token: Token, word: string): 0 | 1 | 2 | undefined => {
  const kinds = [referenceKind(token.folded, word)]
  if (token.key !== undefined) kinds.push(word === token.key ? 0 : word.startsWith(token.key) ? 1 : undefined)
  const found = kinds.filter((kind) => kind !== undefined)
  return found.length === 0 ? undefined : (Math.min(...found) as 0 | 1 | 2)
}

const productWordsOf = (product: CatalogProduct) =>
  [product.name, ...product.tags, product.attributes?.["brand"]?.value ?? "", ...translatedNames(product)].flatMap(referenceIndexWords)

/** The tier of a thing with these words for the query words (undefined: some query word matches none). */
const tierOf = (words: ReadonlyArray<string>, tokens: ReadonlyArray<Token>): number | undefined => {
  let tier = 0
  for (const token of tokens) {
    const kinds = words.map((word) => tokenKind(token, word)).filter((kind) => kind !== undefined)
    if (kinds.length === 0) return undefined
    tier = Math.max(tier, Math.min(...kinds))
  }
  return tier
}

const compare = (left: string, right: string) => (left < right ? -1 : left > right ? 1 : 0)

/** Best-selling first, then slug, then id. */
const byRank = (left: CatalogProduct, right: CatalogProduct) =>
  right.salesCount - left.salesCount || compare(left.slug, right.slug) || compare(left.id, right.id)

export const referenceSuggest = (
  products: ReadonlyArray<CatalogProduct>,
  categories: ReadonlyArray<CategoryRecord>,
  request: {
    readonly q: string
    readonly limit: number
    readonly shopIds: ReadonlyArray<ShopId>
    readonly categoryProductCount: (categoryId: string) => number
  },
  /** How a folded word is written in completions (the catalog's first sighting of it); else as its best holder writes it. */
  surfaceOf: (folded: string) => string | undefined = () => undefined
): Suggestions => {
  const typed = referenceWords(request.q)
  const tokens = typed.map(tokenOf)
  if (tokens.length === 0) return { products: [], categories: [], queries: [] }
  const matching = products
    .filter((product) => isVisible(product, request.shopIds))
    .map((product) => ({ product, words: productWordsOf(product), tier: tierOf(productWordsOf(product).map((w) => w.folded), tokens) }))
    .filter((entry) => entry.tier !== undefined)
  const ranked = [...matching].sort((left, right) => left.tier! - right.tier! || byRank(left.product, right.product))
  const categoryRanked = categories
    .map((category) => ({ category, tier: tierOf([category.name, ...translatedNames(category)].flatMap(referenceIndexWords).map((w) => w.folded), tokens), count: request.categoryProductCount(category.id) }))
    .filter((entry) => entry.tier !== undefined && entry.count > 0)
    .sort((left, right) => left.tier! - right.tier! || right.count - left.count || compare(left.category.slug, right.category.slug))

  // completions: each product word the last query word matches, ranked as its best holder
  // (with the tier counted through that word), then by the word
  const lastToken = tokens[tokens.length - 1]!
  const earlier = tokens.slice(0, -1)
  const completions = new Map<string, { surface: string; tier: number; product: CatalogProduct }>()
  for (const entry of matching) {
    const folded = entry.words.map((word) => word.folded)
    const floor = tierOf(folded, earlier)!
    for (const word of entry.words) {
      const kind = tokenKind(lastToken, word.folded)
      if (kind === undefined) continue
      const tier = Math.max(kind, floor)
      const known = completions.get(word.folded)
      const better = known === undefined || tier < known.tier ||
        (tier === known.tier && byRank(entry.product, known.product) < 0)
      if (better) completions.set(word.folded, { surface: known?.surface ?? surfaceOf(word.folded) ?? word.surface, tier, product: entry.product })
    }
  }
  const prefix = typed.slice(0, -1).map((word) => `${word.surface} `).join("")
  const queries = [...completions.entries()]
    .sort(([leftWord, left], [rightWord, right]) =>
      left.tier - right.tier || byRank(left.product, right.product) || compare(leftWord, rightWord)
    )
    .map(([, entry]) => prefix + entry.surface)

  return {
    products: ranked.slice(0, request.limit).map(({ product }) => ({ id: product.id, slug: product.slug })),
    categories: categoryRanked.slice(0, request.limit).map(({ category }) => ({ id: category.id, slug: category.slug, name: category.name })),
    queries: queries.slice(0, request.limit)
  }
}
