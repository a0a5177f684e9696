// Distinct listing queries drawn from the imported catalog, the main listing figures of the bench:
// every request a different mix of category, tags, attribute, price range, search term, sort,
// page and limit, all with includeFacets=true. The vocabulary (categories, tags, attribute values,
// price range, words of product names) is read through the public API; the mix is a seeded
// pseudo-random function of it, so two runs over the same catalog send the same queries.
import type { StoreApi } from "./store-api.ts"
import { seededRandom } from "../support/seeded-random.ts"
import { arrayOf, isRecord, numberOf, stringOf } from "./json-fields.ts"

export interface ListingVocabulary {
  readonly categorySlugs: ReadonlyArray<string>
  readonly tags: ReadonlyArray<string>
  readonly attributes: ReadonlyArray<{ readonly key: string; readonly values: ReadonlyArray<string> }>
  /** major units */
  readonly priceMin: number
  readonly priceMax: number
  /** lower-cased words and word parts of product names */
  readonly searchTerms: ReadonlyArray<string>
  /** visible products, for sizing pages */
  readonly total: number
}

const present = <A>(a: A | null): a is A => a !== null

const categorySlugsOf = (categories: ReadonlyArray<unknown>): Array<string> =>
  categories.flatMap((category) => [
    ...(stringOf(category, "slug") === null ? [] : [stringOf(category, "slug")!]),
    ...categorySlugsOf(arrayOf(category, "children"))
  ])

/** Pages of product names read to find search terms. */
const NAME_PAGES = 5

/** Reads what queries can be built from: the unfiltered facets, the category tree, product names. */
export const readListingVocabulary = async (api: StoreApi): Promise<ListingVocabulary> => {
  const first = await api.getJson("/v1/store/products?limit=100&includeFacets=true")
  const tree = await api.getJson("/v1/store/categories")
  const names: Array<string> = []
  for (let page = 1; page <= NAME_PAGES; page++) {
    const listing = page === 1 ? first : await api.getJson(`/v1/store/products?limit=100&page=${page}&sortBy=name`)
    for (const product of arrayOf(listing, "data")) {
      const name = stringOf(product, "name")
      if (name !== null) names.push(name)
    }
  }
  return vocabularyFrom(first, categorySlugsOf(arrayOf(tree, "data")), names)
}

/** The vocabulary of a listing body with facets (`first`), the category slugs and some product names. */
export const vocabularyFrom = (
  first: unknown,
  categorySlugs: ReadonlyArray<string>,
  names: ReadonlyArray<string>
): ListingVocabulary => {
  const facets = isRecord(first) ? first["facets"] : undefined
  const tags = arrayOf(facets, "tags").map((tag) => stringOf(tag, "value")).filter(present)
  const attributes = arrayOf(facets, "attributes").map((attribute) => ({
    key: stringOf(attribute, "key") ?? "",
    values: arrayOf(attribute, "values").map((value) => stringOf(value, "value")).filter(present)
  })).filter((attribute) => attribute.key !== "" && attribute.values.length > 0)
  const priceRange = isRecord(facets) ? facets["priceRange"] : undefined
  const terms = new Set<string>()
  for (const name of names) {
    for (const word of name.toLowerCase().split(/\s+/)) {
      if (word.length < 3) continue
      terms.add(word)
      // a word part, as shoppers type: "lassic" finds "Classic"
      if (word.length >= 5) terms.add(word.slice(1, -1))
    }
  }
  return {
    categorySlugs,
    tags,
    attributes,
    priceMin: numberOf(priceRange, "min"),
    priceMax: numberOf(priceRange, "max"),
    searchTerms: [...terms].sort(),
    total: numberOf(first, "total")
  }
}

const escapeAttribute = (value: string): string => value.replace(/[\\,|:]/g, (char) => `\\${char}`)

const SORTS = ["", "newest", "price", "name", "bestselling"] as const
const LIMITS = [12, 20, 24, 48, 100] as const

/** One listing query as the bench sends it (prices in major units, as on the wire). */
export interface ListingQuerySpec {
  readonly categorySlug?: string
  readonly tags?: ReadonlyArray<string>
  readonly attribute?: { readonly key: string; readonly values: ReadonlyArray<string> }
  readonly minPrice?: number
  readonly maxPrice?: number
  readonly inStock?: boolean
  readonly search?: string
  readonly sortBy?: "newest" | "price" | "name" | "bestselling"
  readonly sortOrder?: "asc" | "desc"
  readonly page: number
  readonly limit: number
}

export const listingPath = (spec: ListingQuerySpec): string => {
  const query = new URLSearchParams()
  if (spec.categorySlug !== undefined) query.set("categorySlug", spec.categorySlug)
  if (spec.tags !== undefined) query.set("tags", spec.tags.join(","))
  if (spec.attribute !== undefined) {
    query.set("attributes", `${escapeAttribute(spec.attribute.key)}:${spec.attribute.values.map(escapeAttribute).join("|")}`)
  }
  if (spec.minPrice !== undefined) query.set("minPrice", String(spec.minPrice))
  if (spec.maxPrice !== undefined) query.set("maxPrice", String(spec.maxPrice))
  if (spec.inStock !== undefined) query.set("inStock", String(spec.inStock))
  if (spec.search !== undefined) query.set("search", spec.search)
  if (spec.sortBy !== undefined) query.set("sortBy", spec.sortBy)
  if (spec.sortOrder !== undefined) query.set("sortOrder", spec.sortOrder)
  if (spec.page > 1) query.set("page", String(spec.page))
  query.set("limit", String(spec.limit))
  query.set("includeFacets", "true")
  return `/v1/store/products?${query.toString()}`
}

/** `count` listing queries over the vocabulary, the same for the same seed. */
type QueryMaker = (vocabulary: ListingVocabulary, count: number, seed?: number) => ReadonlyArray<ListingQuerySpec>

/**
 * `count` distinct listing queries. Each filter is present with its own probability (a category
 * 55 %, tags 25 %, an attribute 30 %, a price range 25 %, in stock 15 %, a search term 20 %), so
 * broad and selective queries mix; pages are mostly the first few, sometimes deep.
 */
export const makeListingQueries: QueryMaker = (vocabulary, count, seed = 7) => {
  const random = seededRandom(seed)
  const pick = <A>(items: ReadonlyArray<A>): A => items[Math.floor(random() * items.length)]!
  const some = <A>(items: ReadonlyArray<A>, most: number): Array<A> =>
    [...new Set(Array.from({ length: 1 + Math.floor(random() * most) }, () => pick(items)))]
  const queries = new Map<string, ListingQuerySpec>()
  const span = Math.max(1, vocabulary.priceMax - vocabulary.priceMin)
  let attempts = 0
  while (queries.size < count && attempts < count * 20) {
    attempts++
    const spec: { -readonly [K in keyof ListingQuerySpec]: ListingQuerySpec[K] } = { page: 1, limit: 20 }
    if (vocabulary.categorySlugs.length > 0 && random() < 0.55) spec.categorySlug = pick(vocabulary.categorySlugs)
    if (vocabulary.tags.length > 0 && random() < 0.25) spec.tags = some(vocabulary.tags, 2)
    if (vocabulary.attributes.length > 0 && random() < 0.3) {
      const attribute = pick(vocabulary.attributes)
      spec.attribute = { key: attribute.key, values: some(attribute.values, 3) }
    }
    if (random() < 0.25) {
      // a range over a fifth of the span or less, on a log-like scale (cheap items are common)
      spec.minPrice = vocabulary.priceMin + Math.floor(span * random() ** 3)
      spec.maxPrice = spec.minPrice + Math.max(1, Math.floor(span * 0.2 * random()))
    }
    if (random() < 0.15) spec.inStock = true
    if (vocabulary.searchTerms.length > 0 && random() < 0.2) spec.search = pick(vocabulary.searchTerms)
    const sortBy = pick(SORTS)
    if (sortBy !== "") {
      spec.sortBy = sortBy
      if (random() < 0.3) spec.sortOrder = random() < 0.5 ? "asc" : "desc"
    }
    spec.limit = pick(LIMITS)
    const roll = random()
    spec.page = roll < 0.6 ? 1 : roll < 0.9 ? 2 + Math.floor(random() * 4) : 6 + Math.floor(random() * 45)
    queries.set(listingPath(spec), spec)
  }
  return [...queries.values()]
}

/**
 * `count` listing paths, each with a search term no other path uses (a product number, which
 * matches a handful of names and skus): the cost of a term the engine has not seen before.
 */
export const makeNewTermQueries: QueryMaker = (vocabulary, count, seed = 11) => {
  const random = seededRandom(seed)
  const products = Math.max(vocabulary.total, 1000)
  const terms = new Set<string>()
  while (terms.size < count && terms.size < products) terms.add(String(Math.floor(random() * products)))
  return [...terms].map((search) => ({ search, page: 1, limit: 20 }))
}
