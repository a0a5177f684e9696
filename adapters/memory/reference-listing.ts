/**
 * A naive reference model of the catalog listing, written straight from docs/contract/catalog.md with plain
 * array filtering, sorting and counting (no bit sets, no caches, no incremental state): the
 * listings of the memory ProductSearch (memory-product-search.ts), which the contract suite
 * holds the catalog engine to.
 *
 * Choices where the contract is silent (kept identical to what a storefront would expect):
 * - ties of a sort key are broken by id ascending, and a descending sort reverses the whole order
 *   (so ties go by id descending);
 * - relevance ranks an exact term in the name first, then an exact term elsewhere, then loose
 *   matches (domain/catalog/search-forms.ts), then `createdAt` desc, then id desc;
 * - a product without variants sorts by price as 0 (its rendered headline price) and contributes
 *   no price to the `priceRange` facet;
 * - attribute facet keys are ordered by key asc.
 */
import { type CatalogProduct, type CatalogVariant, translatedTexts } from "../../domain/catalog/catalog-product.ts"
import type { CategoryRecord } from "../../domain/catalog/category.ts"
import type { Facets } from "../../domain/catalog/facets.ts"
import type { ProductQuery, SortBy, SortOrder } from "../../domain/catalog/product-query.ts"
import { asMinorUnits, type MinorUnits } from "../../domain/shared/money.ts"
import type { ShopId } from "../../domain/shared/ids.ts"
import { type SearchFields, searchFields, searchMatch, searchTerms } from "../../domain/catalog/search-forms.ts"

export interface ReferenceListing {
  readonly total: number
  /** Ids of the requested page, in order. */
  readonly ids: ReadonlyArray<string>
  /** Ids of every matching product, in order. */
  readonly allIds: ReadonlyArray<string>
  readonly facets: Facets | undefined
}

export const referenceEffectivePrice = (variant: Pick<CatalogVariant, "originalPrice" | "salePrice">): number =>
  variant.salePrice ?? variant.originalPrice

const prices = (product: CatalogProduct): ReadonlyArray<number> => product.variants.map(referenceEffectivePrice)

/** The lowest effective price of a product's variants (0 without variants). */
export const referenceLowestPrice = (product: CatalogProduct): MinorUnits => {
  const all = prices(product)
  return asMinorUnits(all.length === 0 ? 0 : Math.min(...all))
}

const hasStock = (product: CatalogProduct): boolean => product.variants.some((variant) => variant.stock > 0)

export const compareStrings = (left: string, right: string): number => (left < right ? -1 : left > right ? 1 : 0)

export const isVisible = (product: CatalogProduct, shopIds: ReadonlyArray<ShopId>): boolean =>
  product.enabled && product.shopIds.some((shopId) => shopIds.includes(shopId))

const productSearchFields = (product: CatalogProduct): SearchFields =>
  searchFields([product.name, product.sku, product.description, ...product.tags, ...translatedTexts(product)].map((field) => field.toLowerCase()))

/** 0 no match, 1 loose, 2 exact, 3 exact in the name; `term` is already lower-cased (as `ProductQuery.search` is). */
export const searchMatchOf = (product: CatalogProduct, term: string): 0 | 1 | 2 | 3 =>
  searchMatch(productSearchFields(product), searchTerms(term))

export const matchesSearch = (product: CatalogProduct, term: string): boolean => searchMatchOf(product, term) > 0

/** The category and all its ancestors (stopping at unknown parents and cycles), by id. */
export const ancestorsOrSelf = (categories: ReadonlyArray<CategoryRecord>, categoryId: string): ReadonlyArray<string> => {
  const chain: Array<string> = []
  let current = categories.find((category) => category.id === categoryId)
  while (current !== undefined && !chain.includes(current.id)) {
    chain.push(current.id)
    const parentId = current.parentId
    current = parentId === null ? undefined : categories.find((category) => category.id === parentId)
  }
  return chain
}

/** The product sits in `categoryId` or in one of its descendants. */
export const inCategoryOrDescendant = (
  categories: ReadonlyArray<CategoryRecord>,
  product: CatalogProduct,
  categoryId: string
): boolean => product.categoryIds.some((own) => ancestorsOrSelf(categories, own).includes(categoryId))

type Group = "categories" | "tags" | "availability" | "price" | `attribute:${string}`

const matchesGroup = (
  categories: ReadonlyArray<CategoryRecord>,
  product: CatalogProduct,
  query: ProductQuery,
  group: Group
): boolean => {
  switch (group) {
    case "categories":
      return query.categoryIds === undefined ||
        query.categoryIds.some((categoryId) => inCategoryOrDescendant(categories, product, categoryId))
    case "tags":
      return query.tags === undefined || query.tags.some((tag) => product.tags.includes(tag))
    case "availability":
      return query.inStock === undefined || hasStock(product) === query.inStock
    case "price": {
      if (query.minPrice === undefined && query.maxPrice === undefined) return true
      const min = query.minPrice ?? 0
      const max = query.maxPrice ?? Number.POSITIVE_INFINITY
      return prices(product).some((price) => price >= min && price <= max)
    }
    default: {
      const key = group.slice("attribute:".length)
      const attributes = product.attributes ?? {}
      const own = Object.hasOwn(attributes, key) ? attributes[key] : undefined
      return (query.attributes ?? [])
        .filter((filter) => filter.key === key)
        .every((filter) => own !== undefined && filter.values.includes(own.value))
    }
  }
}

const groupsOf = (query: ProductQuery): ReadonlyArray<Group> => {
  const groups: Array<Group> = ["categories", "tags", "availability", "price"]
  for (const filter of query.attributes ?? []) {
    const group: Group = `attribute:${filter.key}`
    if (!groups.includes(group)) groups.push(group)
  }
  return groups
}

const sortKeyComparator = (sortBy: SortBy): (left: CatalogProduct, right: CatalogProduct) => number => {
  switch (sortBy) {
    case "name":
      return (left, right) => compareStrings(left.name.toLowerCase(), right.name.toLowerCase())
    case "price":
      return (left, right) => referenceLowestPrice(left) - referenceLowestPrice(right)
    case "newest":
      return (left, right) => left.createdAt.getTime() - right.createdAt.getTime()
    case "bestselling":
      return (left, right) => left.salesCount - right.salesCount
  }
}

export const referenceDefaultOrder = (sortBy: SortBy): SortOrder =>
  sortBy === "name" || sortBy === "price" ? "asc" : "desc"

const sortProducts = (products: ReadonlyArray<CatalogProduct>, query: ProductQuery): Array<CatalogProduct> => {
  if (query.sortBy === undefined && query.search !== undefined) {
    const term = query.search
    const tier = new Map(products.map((product) => [product.id, 3 - searchMatchOf(product, term)]))
    return [...products].sort((left, right) =>
      tier.get(left.id)! - tier.get(right.id)! ||
      right.createdAt.getTime() - left.createdAt.getTime() ||
      compareStrings(right.id, left.id)
    )
  }
  const sortBy = query.sortBy ?? "newest"
  const order = query.sortOrder ?? referenceDefaultOrder(sortBy)
  const byKey = sortKeyComparator(sortBy)
  const ascending = (left: CatalogProduct, right: CatalogProduct) =>
    byKey(left, right) || compareStrings(left.id, right.id)
  return [...products].sort(order === "asc" ? ascending : (left, right) => ascending(right, left))
}

const byCountThenValue = (left: { count: number; value: string }, right: { count: number; value: string }) =>
  right.count - left.count || compareStrings(left.value, right.value)

const valueCounts = (values: ReadonlyArray<string>): Array<{ value: string; count: number }> => {
  const counts = new Map<string, number>()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  return [...counts.entries()].map(([value, count]) => ({ value, count })).sort(byCountThenValue)
}

const referenceFacets = (
  categories: ReadonlyArray<CategoryRecord>,
  candidates: ReadonlyArray<CatalogProduct>,
  query: ProductQuery
): Facets => {
  const groups = groupsOf(query)
  /** Candidates matching every filter group except `excluded`. */
  const allBut = (excluded: Group | undefined) =>
    candidates.filter((product) =>
      groups.every((group) => group === excluded || matchesGroup(categories, product, query, group))
    )

  const tagSet = allBut("tags")
  const tags = valueCounts(tagSet.flatMap((product) => [...new Set(product.tags)]))

  const categorySet = allBut("categories")
  const categoryFacet = categories
    .map((category) => ({
      id: category.id,
      name: category.name,
      slug: category.slug,
      count: categorySet.filter((product) => inCategoryOrDescendant(categories, product, category.id)).length
    }))
    .filter((entry) => entry.count > 0)
    .sort((left, right) => right.count - left.count || compareStrings(left.name, right.name))

  const availabilitySet = allBut("availability")
  const inStock = availabilitySet.filter(hasStock).length

  const priceSet = allBut("price")
  const allPrices = priceSet.flatMap(prices)
  const priceRange = allPrices.length === 0
    ? { min: asMinorUnits(0), max: asMinorUnits(0) }
    : { min: asMinorUnits(Math.min(...allPrices)), max: asMinorUnits(Math.max(...allPrices)) }

  const keys = [...new Set(candidates.flatMap((product) => Object.keys(product.attributes ?? {})))]
    .sort(compareStrings)
  const attributes = keys
    .map((key) => {
      const set = allBut(`attribute:${key}`)
      const values = set.flatMap((product) => {
        const attributesOfProduct = product.attributes ?? {}
        const own = Object.hasOwn(attributesOfProduct, key) ? attributesOfProduct[key] : undefined
        return own === undefined ? [] : [own.value]
      })
      return { key, values: valueCounts(values) }
    })
    .filter((entry) => entry.values.length > 0)

  return {
    attributes,
    availability: { inStock, outOfStock: availabilitySet.length - inStock },
    categories: categoryFacet,
    priceRange,
    tags
  }
}

/** The listing docs/contract/catalog.md asks for, over `products` visible in `shopIds`. */
export const referenceList = (
  products: ReadonlyArray<CatalogProduct>,
  categories: ReadonlyArray<CategoryRecord>,
  query: ProductQuery,
  shopIds: ReadonlyArray<ShopId>
): ReferenceListing => {
  const term = query.search
  const candidates = products.filter((product) =>
    isVisible(product, shopIds) && (term === undefined || matchesSearch(product, term))
  )
  const groups = groupsOf(query)
  const matching = candidates.filter((product) =>
    groups.every((group) => matchesGroup(categories, product, query, group))
  )
  const sorted = sortProducts(matching, query)
  const offset = (query.page - 1) * query.limit
  const allIds = sorted.map((product) => product.id)
  return {
    total: matching.length,
    ids: allIds.slice(offset, offset + query.limit),
    allIds,
    facets: query.includeFacets ? referenceFacets(categories, candidates, query) : undefined
  }
}

/** Visible products in each category or any descendant (the `productCount` of docs/contract/catalog.md). */
export const referenceCategoryCounts = (
  products: ReadonlyArray<CatalogProduct>,
  categories: ReadonlyArray<CategoryRecord>,
  shopIds: ReadonlyArray<ShopId>
): ReadonlyMap<string, number> =>
  new Map(categories.map((category) => [
    category.id,
    products.filter((product) => isVisible(product, shopIds) && inCategoryOrDescendant(categories, product, category.id))
      .length
  ]))

/** The visible product with this slug (`undefined` when none is, or the slug is ambiguous). */
export const referenceBySlug = (
  products: ReadonlyArray<CatalogProduct>,
  slug: string,
  shopIds: ReadonlyArray<ShopId>
): CatalogProduct | undefined => {
  const holders = products.filter((product) => product.slug === slug)
  const [only] = holders
  return holders.length === 1 && only !== undefined && isVisible(only, shopIds) ? only : undefined
}
