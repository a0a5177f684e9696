import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import type { Facets } from "../../../domain/catalog/facets.ts"
import { toMajor } from "../../../domain/shared/money.ts"
import { CategoryId } from "../../../domain/shared/ids.ts"
import { minor } from "../../support/units.ts"
import { byCountThenValue } from "../../../domain/catalog/facets.ts"
import { ProductView } from "../../../adapters/http/api/product-view.ts"
import type { AttributeFilter, ProductQuery, SortBy, SortOrder } from "../../../domain/catalog/product-query.ts"
import { buildIndex, CatalogArbitrary, idsOf, pick, QUERY_ATTRIBUTE_KEYS, QueryArbitrary } from "../../support/catalog-fixtures.ts"
import { queryFromSeed, QuerySeed, SmallInt, SORT_KEYS } from "../../support/catalog-fixtures.ts"
import { compareStrings } from "../../../adapters/memory/reference-listing.ts"

const PROPERTY = { arbitrary: { runs: 150, size: 60 } }

const decodeProduct = Schema.decodeUnknownSync(ProductView)

type Group = "tags" | "categories" | "availability" | "price" | "attribute"
const GROUPS: ReadonlyArray<Group> = ["tags", "categories", "availability", "price", "attribute"]

const withoutGroup = (query: ProductQuery, group: Group, attributeKey: string): ProductQuery => {
  switch (group) {
    case "tags":
      return { ...query, tags: undefined }
    case "categories":
      return { ...query, categoryIds: undefined }
    case "availability":
      return { ...query, inStock: undefined }
    case "price":
      return { ...query, minPrice: undefined, maxPrice: undefined }
    case "attribute": {
      const rest = (query.attributes ?? []).filter((filter) => filter.key !== attributeKey)
      return { ...query, attributes: rest.length === 0 ? undefined : rest }
    }
  }
}

/** `query` with group G's filter taken from `donor` (another random query). */
const withGroupFrom = (query: ProductQuery, group: Group, attributeKey: string, donor: ProductQuery): ProductQuery => {
  const base = withoutGroup(query, group, attributeKey)
  switch (group) {
    case "tags":
      return { ...base, tags: donor.tags ?? ["Red", "sale"] }
    case "categories":
      return { ...base, categoryIds: donor.categoryIds ?? [CategoryId.make("cat_0"), CategoryId.make("cat_3")] }
    case "availability":
      return { ...base, inStock: donor.inStock ?? true }
    case "price":
      return donor.minPrice === undefined && donor.maxPrice === undefined
        ? { ...base, minPrice: minor(100), maxPrice: minor(1_000) }
        : { ...base, minPrice: donor.minPrice, maxPrice: donor.maxPrice }
    case "attribute": {
      const donated: AttributeFilter = {
        key: attributeKey,
        values: donor.attributes?.[0]?.values ?? ["cotton", "wool"]
      }
      return { ...base, attributes: [...(base.attributes ?? []), donated] }
    }
  }
}


/** The facet group G's own part of the facets, in a canonical form. */
const ownFacet = (facets: Facets | undefined, group: Group, attributeKey: string): unknown => {
  if (facets === undefined) return undefined
  switch (group) {
    case "tags":
      return facets.tags
    case "categories":
      return [...facets.categories].sort((left, right) => compareStrings(left.id, right.id))
    case "availability":
      return facets.availability
    case "price":
      return facets.priceRange
    case "attribute":
      return facets.attributes.find((entry) => entry.key === attributeKey)
  }
}

const DisjunctiveInput = Arbitrary.all({
  catalog: CatalogArbitrary,
  call: QueryArbitrary,
  donor: QueryArbitrary,
  group: Arbitrary.schema(Schema.Literals(GROUPS)),
  attributeKey: Arbitrary.schema(SmallInt(QUERY_ATTRIBUTE_KEYS.length - 1))
})

describe("disjunctive facets", () => {
  it.prop("adding or changing a filter of group G never changes G's own facet", [DisjunctiveInput], ([input]) => {
    const index = buildIndex(input.catalog)
    const key = pick(QUERY_ATTRIBUTE_KEYS, input.attributeKey)
    const unfiltered = withoutGroup(input.call.query, input.group, key)
    const filtered = withGroupFrom(input.call.query, input.group, key, input.donor.query)
    const before = index.list(unfiltered, input.call.shopIds)
    const after = index.list(filtered, input.call.shopIds)
    expect(ownFacet(after.facets, input.group, key)).toEqual(ownFacet(before.facets, input.group, key))
  }, PROPERTY)

  it.prop("adding a filter of group G only lowers the other groups' counts and the total", [DisjunctiveInput], ([input]) => {
    const index = buildIndex(input.catalog)
    const key = pick(QUERY_ATTRIBUTE_KEYS, input.attributeKey)
    const wide = index.list(withoutGroup(input.call.query, input.group, key), input.call.shopIds)
    const narrow = index.list(withGroupFrom(input.call.query, input.group, key, input.donor.query), input.call.shopIds)
    expect(narrow.total).toBeLessThanOrEqual(wide.total)
    const wideFacets = wide.facets!
    const narrowFacets = narrow.facets!
    if (input.group !== "tags") {
      for (const tag of narrowFacets.tags) {
        expect(tag.count).toBeLessThanOrEqual(wideFacets.tags.find((other) => other.value === tag.value)?.count ?? 0)
      }
    }
    if (input.group !== "categories") {
      for (const category of narrowFacets.categories) {
        expect(category.count).toBeLessThanOrEqual(
          wideFacets.categories.find((other) => other.id === category.id)?.count ?? 0
        )
      }
    }
    if (input.group !== "availability") {
      expect(narrowFacets.availability.inStock).toBeLessThanOrEqual(wideFacets.availability.inStock)
      expect(narrowFacets.availability.outOfStock).toBeLessThanOrEqual(wideFacets.availability.outOfStock)
    }
    if (input.group !== "price" && !(narrowFacets.priceRange.min === 0 && narrowFacets.priceRange.max === 0)) {
      expect(narrowFacets.priceRange.min).toBeGreaterThanOrEqual(wideFacets.priceRange.min)
      expect(narrowFacets.priceRange.max).toBeLessThanOrEqual(wideFacets.priceRange.max)
    }
    for (const entry of narrowFacets.attributes) {
      if (input.group === "attribute" && entry.key === key) continue
      const wider = wideFacets.attributes.find((other) => other.key === entry.key)
      for (const value of entry.values) {
        expect(value.count).toBeLessThanOrEqual(wider?.values.find((other) => other.value === value.value)?.count ?? 0)
      }
    }
  }, PROPERTY)
})

describe("facet counts", () => {
  it.prop("availability.inStock + outOfStock = total when there is no availability filter", [CatalogArbitrary, QueryArbitrary], ([catalog, call]) => {
    const query: ProductQuery = { ...call.query, inStock: undefined }
    const { facets, total } = buildIndex(catalog).list(query, call.shopIds)
    expect(facets!.availability.inStock + facets!.availability.outOfStock).toBe(total)
  }, PROPERTY)

  it.prop("with an availability filter, the filtered side's count is the total", [CatalogArbitrary, QueryArbitrary], ([catalog, call]) => {
    const index = buildIndex(catalog)
    for (const inStock of [true, false]) {
      const { facets, total } = index.list({ ...call.query, inStock }, call.shopIds)
      expect(inStock ? facets!.availability.inStock : facets!.availability.outOfStock).toBe(total)
    }
  }, PROPERTY)

  it.prop("without its own filter, a group's counts are within the total (attributes: their sum too)", [CatalogArbitrary, QueryArbitrary], ([catalog, call]) => {
    const query: ProductQuery = { ...call.query, tags: undefined, categoryIds: undefined }
    const { facets, total } = buildIndex(catalog).list(query, call.shopIds)
    for (const tag of facets!.tags) {
      expect(tag.count).toBeGreaterThan(0)
      expect(tag.count).toBeLessThanOrEqual(total)
    }
    for (const category of facets!.categories) {
      expect(category.count).toBeGreaterThan(0)
      expect(category.count).toBeLessThanOrEqual(total)
    }
    const filteredKeys = new Set((query.attributes ?? []).map((filter) => filter.key))
    for (const entry of facets!.attributes) {
      expect(entry.values.length).toBeGreaterThan(0)
      if (filteredKeys.has(entry.key)) continue
      // a product has one value per key, so the values of a key partition a subset of the result
      expect(entry.values.reduce((sum, value) => sum + value.count, 0)).toBeLessThanOrEqual(total)
    }
  }, PROPERTY)

  it.prop("values are ordered by count desc then value asc; attribute keys by key", [CatalogArbitrary, QueryArbitrary], ([catalog, call]) => {
    const { facets } = buildIndex(catalog).list(call.query, call.shopIds)
    const byValue = byCountThenValue<{ value: string; count: number }>((item) => item.value)
    const sortedCopy = <A>(items: ReadonlyArray<A>, compare: (left: A, right: A) => number) => [...items].sort(compare)
    expect(facets!.tags).toEqual(sortedCopy(facets!.tags, byValue))
    for (const entry of facets!.attributes) expect(entry.values).toEqual(sortedCopy(entry.values, byValue))
    const keys = facets!.attributes.map((entry) => entry.key)
    expect(keys).toEqual([...keys].sort(compareStrings))
    const categories = facets!.categories
    expect(categories.map((entry) => [entry.count, entry.name])).toEqual(
      sortedCopy(categories, byCountThenValue((entry) => entry.name)).map((entry) => [entry.count, entry.name])
    )
  }, PROPERTY)

  it.prop("a category counts at least as many products as any of its children", [CatalogArbitrary, QueryArbitrary], ([catalog, call]) => {
    const { facets } = buildIndex(catalog).list(call.query, call.shopIds)
    const counts = new Map(facets!.categories.map((entry) => [entry.id, entry.count]))
    for (const category of catalog.categories) {
      const own = counts.get(category.id)
      if (own === undefined || category.parentId === null) continue
      expect(counts.get(category.parentId) ?? 0).toBeGreaterThanOrEqual(own)
    }
  }, PROPERTY)

  it.prop("without a price filter, priceRange spans every listed product's price range", [CatalogArbitrary, QueryArbitrary], ([catalog, call]) => {
    const query: ProductQuery = { ...call.query, minPrice: undefined, maxPrice: undefined, page: 1, limit: 100 }
    const { documents, facets } = buildIndex(catalog).list(query, call.shopIds)
    // facets in minor units, the documents' prices in major units
    const range = { min: toMajor(facets!.priceRange.min), max: toMajor(facets!.priceRange.max) }
    expect(range.min).toBeLessThanOrEqual(range.max)
    const views = documents.map((document) => decodeProduct(JSON.parse(document)))
    for (const view of views) {
      expect(view.priceRange.minPrice).toBeGreaterThanOrEqual(range.min)
      expect(view.priceRange.maxPrice).toBeLessThanOrEqual(range.max)
    }
    if (views.length > 0) {
      expect(Math.min(...views.map((view) => view.priceRange.minPrice))).toBe(range.min)
      expect(Math.max(...views.map((view) => view.priceRange.maxPrice))).toBe(range.max)
    }
  }, PROPERTY)
})

// -----------------------------------------------------------------------------------------------
// pagination

const ORDERINGS: ReadonlyArray<{ sortBy: SortBy | undefined; sortOrder: SortOrder | undefined }> = [
  { sortBy: undefined, sortOrder: undefined },
  ...SORT_KEYS.flatMap((sortBy) =>
    ([undefined, "asc", "desc"] as const).map((sortOrder) => ({ sortBy, sortOrder }))
  )
]

describe("pagination", () => {
  it.prop(
    "pages concatenated = every matching id exactly once, in the single-page order, for every sort",
    [CatalogArbitrary, Arbitrary.schema(QuerySeed), Arbitrary.schema(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 7 })))],
    ([catalog, seed, limit]) => {
      const index = buildIndex(catalog)
      const call = queryFromSeed(seed, false)
      for (const ordering of ORDERINGS) {
        const query: ProductQuery = { ...call.query, ...ordering }
        const whole = index.list({ ...query, page: 1, limit: 100 }, call.shopIds)
        expect(whole.documents.length).toBe(whole.total) // catalogs hold at most 60 products
        const collected: Array<string> = []
        for (let page = 1; page <= Math.ceil(whole.total / limit) + 1; page++) {
          const listing = index.list({ ...query, page, limit }, call.shopIds)
          expect(listing.total).toBe(whole.total)
          const ids = idsOf(listing.documents)
          const expectedSize = Math.max(0, Math.min(limit, whole.total - (page - 1) * limit))
          expect(ids.length).toBe(expectedSize)
          collected.push(...ids)
        }
        expect(new Set(collected).size).toBe(collected.length)
        expect(collected).toEqual(idsOf(whole.documents))
      }
    },
    { arbitrary: { runs: 100, size: 60 } }
  )
})
