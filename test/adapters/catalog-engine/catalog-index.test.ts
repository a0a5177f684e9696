import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import type { CatalogIndex } from "../../../adapters/catalog-engine/catalog-index/catalog-index.ts"
import type { CatalogProduct } from "../../../domain/catalog/catalog-product.ts"
import type { CategoryRecord } from "../../../domain/catalog/category.ts"
import { buildCategoryTree } from "../../../domain/catalog/category-tree.ts"
import type { CategoryView } from "../../../domain/catalog/category-tree.ts"
import type { Facets } from "../../../domain/catalog/facets.ts"
import type { ProductQuery } from "../../../domain/catalog/product-query.ts"
import { ProductView } from "../../../adapters/http/api/product-view.ts"
import { renderProduct } from "../../../adapters/http/representation/product-document.ts"
import type { DocumentContext } from "../../../application/catalog/product-search.ts"
import {
  buildIndex,
  type Catalog,
  CatalogArbitrary,
  type CategorySeed,
  idsOf,
  type ListingCall,
  makeCategories,
  makeIndex,
  makeProduct,
  makeVariant,
  pick,
  productFromSeed,
  productId,
  ProductSeed,
  QUERY_SHOPS,
  QueryArbitrary,
  queryFromSeed,
  QuerySeed,
  SHOPS,
  SmallInt,
  shops,
  STOCKS
} from "../../support/catalog-fixtures.ts"
import { expectReferenceAnswer } from "./reference-answers.ts"
import {
  compareStrings,
  inCategoryOrDescendant,
  isVisible,
  referenceBySlug,
  referenceCategoryCounts,
  referenceList
} from "../../../adapters/memory/reference-listing.ts"
import { CategoryId, ShopId } from "../../../domain/shared/ids.ts"
import { minor } from "../../support/units.ts"

const PROPERTY = { arbitrary: { runs: 150, size: 60 } }

/** The index's own order of the categories facet: (count desc, name asc). */
const expectCategoryFacetOrdered = (facets: Facets | undefined): void => {
  const categories = facets?.categories ?? []
  for (let index = 1; index < categories.length; index++) {
    const previous = categories[index - 1]!
    const current = categories[index]!
    const inOrder = previous.count > current.count ||
      (previous.count === current.count && compareStrings(previous.name, current.name) <= 0)
    expect(inOrder, `categories facet out of order at ${index}: ${JSON.stringify(categories)}`).toBe(true)
  }
}

const expectListingMatches = (
  index: CatalogIndex,
  products: ReadonlyArray<CatalogProduct>,
  categories: ReadonlyArray<CategoryRecord>,
  call: ListingCall
): void => expectCategoryFacetOrdered(expectReferenceAnswer(index, products, categories, call).facets)

const renderContextFor = (categories: ReadonlyArray<CategoryRecord>): DocumentContext => ({
  categoryRef: (categoryId) => {
    const category = categories.find((candidate) => candidate.id === categoryId)
    return category === undefined ? undefined : { id: category.id, name: category.name, slug: category.slug }
  },
  sizeGuide: () => undefined
})

const renderedJson = (product: CatalogProduct, categories: ReadonlyArray<CategoryRecord>): unknown =>
  JSON.parse(JSON.stringify(renderProduct(product, renderContextFor(categories))))

const everyShopSet: ReadonlyArray<ReadonlyArray<ShopId>> = [
  [],
  ...QUERY_SHOPS.map((shop) => [shop]),
  shops("shop_a", "shop_b"),
  shops("shop_c", "shop_d", "shop_unknown"),
  SHOPS
]

describe("CatalogIndex.list equals the reference model", () => {
  it.prop("total, page and facets for random catalogs and queries", [CatalogArbitrary, QueryArbitrary], ([catalog, call]) => {
    const index = buildIndex(catalog)
    expectListingMatches(index, catalog.products, catalog.categories, call)
  }, PROPERTY)

  it.prop(
    "several queries against one index (caches are reused across queries)",
    [CatalogArbitrary, Arbitrary.schema(Schema.Array(QuerySeed).check(Schema.isBetweenLength(1, 6)))],
    ([catalog, seeds]) => {
      const index = buildIndex(catalog)
      // twice: the second pass answers from the warmed caches
      for (const _pass of [1, 2]) {
        for (const seed of seeds) expectListingMatches(index, catalog.products, catalog.categories, queryFromSeed(seed))
      }
    },
    { arbitrary: { runs: 100, size: 60 } }
  )

  it.prop("without includeFacets: same total and page, facets undefined", [CatalogArbitrary, QueryArbitrary], ([catalog, call]) => {
    const index = buildIndex(catalog)
    const query: ProductQuery = { ...call.query, includeFacets: false }
    const actual = index.list(query, call.shopIds)
    const expected = referenceList(catalog.products, catalog.categories, query, call.shopIds)
    expect(actual.facets).toBeUndefined()
    expect(actual.total).toBe(expected.total)
    expect(idsOf(actual.documents)).toEqual(expected.ids)
  }, PROPERTY)

  it.prop("page documents are the product's listing rendering", [CatalogArbitrary, QueryArbitrary], ([catalog, call]) => {
    const index = buildIndex(catalog)
    const query: ProductQuery = { ...call.query, page: 1, limit: 100 }
    const byId = new Map<string, CatalogProduct>(catalog.products.map((product) => [product.id, product]))
    for (const document of index.list(query, call.shopIds).documents) {
      const parsed: unknown = JSON.parse(document)
      const [id] = idsOf([document])
      const product = byId.get(id!)
      expect(product).toBeDefined()
      expect(isVisible(product!, call.shopIds)).toBe(true)
      expect(parsed).toEqual(renderedJson(product!, catalog.categories))
      expect(Schema.is(ProductView)(parsed)).toBe(true)
    }
  }, PROPERTY)

  it.prop("categoryProductCounts = visible products in the category or a descendant", [CatalogArbitrary], ([catalog]) => {
    const index = buildIndex(catalog)
    for (const shopIds of everyShopSet) {
      const expected = referenceCategoryCounts(catalog.products, catalog.categories, shopIds)
      expect(new Map(index.categoryProductCounts(shopIds))).toEqual(new Map(expected))
    }
  }, PROPERTY)

  it.prop("documentBySlug finds exactly the visible products", [CatalogArbitrary], ([catalog]) => {
    const index = buildIndex(catalog)
    const slugs = [...catalog.products.map((product) => product.slug), "no-such-slug"]
    for (const shopIds of everyShopSet) {
      for (const slug of slugs) {
        const expected = referenceBySlug(catalog.products, slug, shopIds)
        const document = index.documentBySlug(slug, shopIds)
        expect(document === undefined ? undefined : idsOf([document])[0]).toBe(expected?.id)
      }
    }
  }, PROPERTY)

  it.prop("productCount and categoryIdBySlug", [CatalogArbitrary], ([catalog]) => {
    const index = buildIndex(catalog)
    expect(index.productCount).toBe(catalog.products.length)
    for (const category of catalog.categories) expect(index.categoryIdBySlug(category.slug)).toBe(category.id)
    expect(index.categoryIdBySlug("no-such-category")).toBeUndefined()
  }, PROPERTY)
})

// -----------------------------------------------------------------------------------------------
// incremental updates

/**
 * mode 0: replace every field; mode 1: keep the sort keys (name, prices, createdAt, sales) and
 * change tags, attributes, categories, shops, enabled and stock; mode 2: re-upsert unchanged.
 */
const UpdateSeed = Schema.Struct({
  target: SmallInt(63),
  mode: SmallInt(2),
  renameSlug: Schema.Boolean,
  seed: ProductSeed
})
type UpdateSeed = typeof UpdateSeed.Type

const Updates = Schema.Array(UpdateSeed).check(Schema.isBetweenLength(1, 12))
const Queries = Schema.Array(QuerySeed).check(Schema.isBetweenLength(1, 4))

const applyUpdate = (
  records: Array<CatalogProduct>,
  update: UpdateSeed,
  step: number,
  slugFor: (target: number, step: number) => string
): CatalogProduct => {
  const target = update.target
  if (target >= records.length) {
    const fresh = productFromSeed(productId(records.length), slugFor(records.length, step), update.seed)
    records.push(fresh)
    return fresh
  }
  const previous = records[target]!
  const slug = update.renameSlug ? slugFor(target, step) : previous.slug
  const replaced = productFromSeed(previous.id, slug, update.seed)
  const next: CatalogProduct = update.mode === 0
    ? replaced
    : update.mode === 1
    ? {
      ...previous,
      slug,
      tags: replaced.tags,
      attributes: replaced.attributes,
      categoryIds: replaced.categoryIds,
      shopIds: replaced.shopIds,
      enabled: replaced.enabled,
      variants: previous.variants.map((variant, index) => ({
        ...variant,
        stock: pick(STOCKS, update.seed.variants[index % update.seed.variants.length]!.stock)
      }))
    }
    : { ...previous }
  records[target] = next
  return next
}

describe("CatalogIndex after incremental upserts equals the reference built from the final records", () => {
  it.prop(
    "listing, facets, category counts, by-slug and renderings",
    [CatalogArbitrary, Arbitrary.schema(Updates), Arbitrary.schema(Queries)],
    ([catalog, updates, querySeeds]) => {
      const index = buildIndex(catalog)
      const records = [...catalog.products]
      const calls = querySeeds.map((seed) => queryFromSeed(seed))
      // warm every cache (visible sets, search sets, sort permutations) before changing anything
      for (const call of calls) index.list(call.query, call.shopIds)
      for (const call of calls) index.list({ ...call.query, sortBy: "price" }, call.shopIds)
      for (const call of calls) index.list({ ...call.query, sortBy: "name" }, call.shopIds)
      for (const call of calls) index.list({ ...call.query, sortBy: "bestselling" }, call.shopIds)
      for (const shopIds of everyShopSet) index.categoryProductCounts(shopIds)
      const slugsEverUsed = new Set(records.map((product) => product.slug))

      const generationBefore = index.generation
      updates.forEach((update, step) => {
        const next = applyUpdate(records, update, step, (target, at) => `slug-${target}-v${at}`)
        slugsEverUsed.add(next.slug)
        index.upsertProduct(next)
        expectListingMatches(index, records, catalog.categories, calls[step % calls.length]!)
      })
      expect(index.generation).toBeGreaterThan(generationBefore)
      expect(index.productCount).toBe(records.length)

      for (const call of calls) {
        expectListingMatches(index, records, catalog.categories, call)
        for (const sortBy of ["bestselling", "name", "newest", "price"] as const) {
          expectListingMatches(index, records, catalog.categories, { ...call, query: { ...call.query, sortBy } })
        }
      }
      for (const shopIds of everyShopSet) {
        expect(new Map(index.categoryProductCounts(shopIds))).toEqual(
          new Map(referenceCategoryCounts(records, catalog.categories, shopIds))
        )
        for (const slug of slugsEverUsed) {
          const document = index.documentBySlug(slug, shopIds)
          const expected = referenceBySlug(records, slug, shopIds)
          expect(document === undefined ? undefined : JSON.parse(document)).toEqual(
            expected === undefined ? undefined : renderedJson(expected, catalog.categories)
          )
        }
      }
      const everything = index.list({ page: 1, limit: 100, includeFacets: false }, SHOPS)
      const byId = new Map<string, CatalogProduct>(records.map((product) => [product.id, product]))
      for (const document of everything.documents) {
        const [id] = idsOf([document])
        expect(JSON.parse(document)).toEqual(renderedJson(byId.get(id!)!, catalog.categories))
      }
    },
    { arbitrary: { runs: 120, size: 60 } }
  )

  it.prop(
    "by-slug after upserts whose slugs collide on the way but are unique at the end",
    [CatalogArbitrary, Arbitrary.schema(Updates)],
    ([catalog, updates]) => {
      const index = buildIndex(catalog)
      const records = [...catalog.products]
      // slugs from a tiny pool, so products take over each other's slugs
      const pool = (target: number, step: number) => `slug-${(target + step) % 4}`
      const slugsEverUsed = new Set(records.map((product) => product.slug))
      updates.forEach((update, step) => {
        const next = applyUpdate(records, update, step, pool)
        slugsEverUsed.add(next.slug)
        index.upsertProduct(next)
      })
      for (const slug of slugsEverUsed) {
        const holders = records.filter((product) => product.slug === slug)
        if (holders.length > 1) continue // ambiguous at the end: no expectation
        const document = index.documentBySlug(slug, SHOPS)
        const expected = referenceBySlug(records, slug, SHOPS)
        expect(document === undefined ? undefined : idsOf([document])[0], `slug ${slug}`).toBe(expected?.id)
      }
    },
    { arbitrary: { runs: 200, size: 30 } }
  )

  it("two products swap slugs in one batch: both stay reachable by slug", () => {
    const index = makeIndex({ categories: [], sizeGuides: [] })
    const first = makeProduct("prod_1", { slug: "red-shirt" })
    const second = makeProduct("prod_2", { slug: "blue-shirt" })
    index.upsertProduct(first)
    index.upsertProduct(second)
    // an import renames both at once; the index applies them one after the other
    index.upsertProduct({ ...first, slug: "blue-shirt" })
    index.upsertProduct({ ...second, slug: "red-shirt" })
    expect(idsOf([index.documentBySlug("red-shirt", shops("shop_a")) ?? "{}"])).toEqual(["prod_2"])
    expect(idsOf([index.documentBySlug("blue-shirt", shops("shop_a")) ?? "{}"])).toEqual(["prod_1"])
  })

  it("a renamed slug stops resolving and the new one resolves", () => {
    const index = makeIndex({ categories: [], sizeGuides: [] })
    const product = makeProduct("prod_1", { slug: "old" })
    index.upsertProduct(product)
    index.upsertProduct({ ...product, slug: "new" })
    expect(index.documentBySlug("old", shops("shop_a"))).toBeUndefined()
    expect(idsOf([index.documentBySlug("new", shops("shop_a")) ?? "{}"])).toEqual(["prod_1"])
    expect(index.productCount).toBe(1)
  })

  it("growing past the initial capacity (1024 slots) keeps every set and sort key", () => {
    const categories = makeCategories([
      { parent: 0, position: 0, name: 0 },
      { parent: 0, position: 0, name: 1 },
      { parent: 1, position: 1, name: 2 }
    ])
    const products: Array<CatalogProduct> = []
    for (let slot = 0; slot < 1_500; slot++) {
      products.push(makeProduct(`prod_${String(slot).padStart(4, "0")}`, {
        name: `Item ${slot % 97}`,
        tags: [`tag-${slot % 7}`],
        attributes: { size: { type: "text", value: `s${slot % 3}` } },
        categoryIds: [CategoryId.make(`cat_${slot % 3}`)],
        shopIds: [SHOPS[slot % SHOPS.length]!],
        enabled: slot % 11 !== 0,
        salesCount: slot % 13,
        createdAt: new Date(Date.UTC(2026, 0, 1) + (slot % 17) * 60_000),
        variants: [makeVariant(`var_${slot}`, { originalPrice: (slot % 50) * 100, stock: slot % 5 })]
      }))
    }
    const index = buildIndex({ categories, products })
    const records = [...products]
    // change products on both sides of the old capacity after the growth
    for (const slot of [3, 1_023, 1_024, 1_400]) {
      const changed: CatalogProduct = {
        ...records[slot]!,
        tags: ["changed"],
        enabled: true,
        shopIds: [ShopId.make("shop_a")],
        variants: [makeVariant(`var_${slot}`, { originalPrice: 7, stock: 0 })]
      }
      records[slot] = changed
      index.upsertProduct(changed)
    }
    const queries: ReadonlyArray<ProductQuery> = [
      { page: 1, limit: 100, includeFacets: true },
      { page: 15, limit: 100, includeFacets: true, sortBy: "price" },
      { page: 3, limit: 50, includeFacets: true, tags: ["changed", "tag-3"], inStock: false, sortBy: "name" },
      { page: 1, limit: 20, includeFacets: true, categoryIds: [CategoryId.make("cat_1")], minPrice: minor(0), maxPrice: minor(500) },
      { page: 2, limit: 20, includeFacets: true, attributes: [{ key: "size", values: ["s1"] }], search: "item 9" },
      { page: 4, limit: 100, includeFacets: true, inStock: true, sortBy: "bestselling", sortOrder: "asc" }
    ]
    for (const query of queries) {
      for (const shopIds of [shops("shop_a"), shops("shop_b", "shop_d"), SHOPS]) {
        expectListingMatches(index, records, categories, { query, shopIds })
      }
    }
  })
})

describe("sort orders after a few changes are placed, not sorted again", () => {
  const productAt = (slot: number): CatalogProduct =>
    makeProduct(`prod_${String(slot).padStart(4, "0")}`, {
      name: `Item ${slot % 97}`,
      shopIds: [SHOPS[slot % SHOPS.length]!],
      salesCount: slot % 13,
      createdAt: new Date(Date.UTC(2026, 0, 1) + (slot % 17) * 60_000),
      variants: [makeVariant(`var_${slot}`, { originalPrice: (slot % 50) * 100 }), makeVariant(`var_${slot}_b`, { originalPrice: (slot % 70) * 100 })]
    })

  it.prop(
    "sales, prices, names and new products changed after every order was built list as a fresh index does",
    // up to 300 changes: the few placed one by one, more (past 256) sorted again
    [Arbitrary.schema(Schema.Array(Schema.Tuple([SmallInt(1_999), SmallInt(20)])).check(Schema.isBetweenLength(1, 300)))],
    ([changes]) => {
      const records = Array.from({ length: 1_500 }, (_, slot) => productAt(slot))
      const index = buildIndex({ categories: [], products: records })
      const sorts = ["newest", "price", "name", "bestselling"] as const
      const everyOrder = sorts.flatMap((sortBy) => (["asc", "desc"] as const).map((sortOrder) => ({ sortBy, sortOrder })))
      const listing = (of: CatalogIndex, order: (typeof everyOrder)[number], page: number) =>
        of.list({ page, limit: 100, includeFacets: page === 1, ...order }, SHOPS)
      for (const order of everyOrder) listing(index, order, 1)
      changes.forEach(([target, value], step) => {
        // a target past the catalog's end adds a product
        const previous = records[target] ?? productAt(target)
        const next: CatalogProduct = step % 3 === 0
          ? { ...previous, salesCount: value * 7 }
          : step % 3 === 1
          ? { ...previous, variants: [makeVariant(`var_${target}`, { originalPrice: value * 150 })] }
          : { ...previous, name: `Renamed ${value}` }
        if (target < records.length) records[target] = next
        else if (!records.some((product) => product.id === next.id)) records.push(next)
        else records[records.findIndex((product) => product.id === next.id)] = next
        index.upsertProduct(next)
      })
      const fresh = buildIndex({ categories: [], products: records })
      for (const order of everyOrder) {
        for (const page of [1, 8, 16]) {
          const actual = listing(index, order, page)
          const expected = listing(fresh, order, page)
          expect(idsOf(actual.documents), JSON.stringify(order)).toEqual(idsOf(expected.documents))
          expect(actual.facets?.priceRange).toEqual(expected.facets?.priceRange)
        }
      }
    },
    { arbitrary: { runs: 40, size: 40 } }
  )
})

// -----------------------------------------------------------------------------------------------
// contract edge cases, one at a time

const single = (products: ReadonlyArray<CatalogProduct>, categories: ReadonlyArray<CategoryRecord> = []): CatalogIndex =>
  buildIndex({ categories, products })

const listIds = (index: CatalogIndex, query: Partial<ProductQuery>, shopIds: ReadonlyArray<ShopId> = shops("shop_a")) =>
  idsOf(index.list({ page: 1, limit: 100, includeFacets: false, ...query }, shopIds).documents)

describe("CatalogIndex contract examples", () => {
  it("visibility: enabled and in one of the key's shops", () => {
    const index = single([
      makeProduct("prod_a", { shopIds: [ShopId.make("shop_a")] }),
      makeProduct("prod_b", { shopIds: [ShopId.make("shop_b")] }),
      makeProduct("prod_c", { shopIds: [ShopId.make("shop_a"), ShopId.make("shop_b")], enabled: false }),
      makeProduct("prod_d", { shopIds: [] })
    ])
    expect(listIds(index, { sortBy: "name" }, shops("shop_a"))).toEqual(["prod_a"])
    expect(listIds(index, { sortBy: "name" }, shops("shop_a", "shop_b"))).toEqual(["prod_a", "prod_b"])
    expect(listIds(index, {}, [])).toEqual([])
    expect(index.documentBySlug("slug-prod_c", shops("shop_a"))).toBeUndefined()
  })

  it("search: case-insensitive substring of name, sku, description or a tag; % _ \\ are literal", () => {
    const index = single([
      makeProduct("prod_1", { name: "Classic Tee", sku: "A-1" }),
      makeProduct("prod_2", { name: "Mug", sku: "CLASSIC-9" }),
      makeProduct("prod_3", { name: "Bag", sku: "B-3", description: "100% cotton_blend \\ tough" }),
      makeProduct("prod_4", { name: "Hat", sku: "H-4", tags: ["ClassicWear"] }),
      makeProduct("prod_5", { name: "Plain", sku: "P-5" })
    ])
    expect(new Set(listIds(index, { search: "lassic" }))).toEqual(new Set(["prod_1", "prod_2", "prod_4"]))
    expect(listIds(index, { search: "%" })).toEqual(["prod_3"])
    expect(listIds(index, { search: "_" })).toEqual(["prod_3"])
    expect(listIds(index, { search: "\\" })).toEqual(["prod_3"])
    expect(listIds(index, { search: "0% c" })).toEqual(["prod_3"])
    expect(listIds(index, { search: "nothing" })).toEqual([])
  })

  it("search does not match across two fields", () => {
    // name ends with "tea", sku starts with "bag": no single field contains "a\nb"
    const index = single([makeProduct("prod_1", { name: "Green tea", sku: "bag-1", description: "", tags: [] })])
    expect(listIds(index, { search: "a\nb" })).toEqual([])
  })

  it("relevance: name matches first, then newest; an explicit sortBy wins", () => {
    const at = (hours: number) => new Date(Date.UTC(2026, 0, 1) + hours * 3_600_000)
    const index = single([
      makeProduct("prod_1", { name: "Plain", description: "wool", createdAt: at(9) }),
      makeProduct("prod_2", { name: "Wool Hat", createdAt: at(1) }),
      makeProduct("prod_3", { name: "wool scarf", createdAt: at(5) }),
      makeProduct("prod_4", { name: "Other", tags: ["wool"], createdAt: at(2) })
    ])
    expect(listIds(index, { search: "wool" })).toEqual(["prod_3", "prod_2", "prod_1", "prod_4"])
    expect(listIds(index, { search: "wool", sortBy: "name" })).toEqual(["prod_4", "prod_1", "prod_2", "prod_3"])
  })

  it("sort: default newest desc; name case-insensitive asc; price by lowest effective price; bestselling desc; ties by id", () => {
    const at = (hours: number) => new Date(Date.UTC(2026, 0, 1) + hours * 3_600_000)
    const index = single([
      makeProduct("prod_b", {
        name: "banana",
        createdAt: at(1),
        salesCount: 5,
        variants: [makeVariant("v1", { originalPrice: 900, salePrice: 100 }), makeVariant("v2", { originalPrice: 500 })]
      }),
      makeProduct("prod_a", { name: "Apple", createdAt: at(3), salesCount: 5, variants: [makeVariant("v3", { originalPrice: 300 })] }),
      makeProduct("prod_c", { name: "cherry", createdAt: at(2), salesCount: 9, variants: [makeVariant("v4", { originalPrice: 100 })] })
    ])
    expect(listIds(index, {})).toEqual(["prod_a", "prod_c", "prod_b"])
    expect(listIds(index, { sortBy: "newest", sortOrder: "asc" })).toEqual(["prod_b", "prod_c", "prod_a"])
    expect(listIds(index, { sortBy: "name" })).toEqual(["prod_a", "prod_b", "prod_c"])
    expect(listIds(index, { sortBy: "name", sortOrder: "desc" })).toEqual(["prod_c", "prod_b", "prod_a"])
    // prod_b's lowest effective price is its sale price 100, tied with prod_c: id breaks the tie
    expect(listIds(index, { sortBy: "price" })).toEqual(["prod_b", "prod_c", "prod_a"])
    expect(listIds(index, { sortBy: "bestselling" })).toEqual(["prod_c", "prod_b", "prod_a"])
  })

  it("categories include descendants; several ids form a union; unknown ids match nothing", () => {
    const categories = makeCategories([
      { parent: 0, position: 0, name: 0 }, // cat_0 root
      { parent: 0, position: 0, name: 1 }, // cat_1 under cat_0
      { parent: 1, position: 0, name: 2 }, // cat_2 under cat_1
      { parent: 3, position: 0, name: 3 } // cat_3 root
    ])
    const index = single([
      makeProduct("prod_1", { categoryIds: [CategoryId.make("cat_2")] }),
      makeProduct("prod_2", { categoryIds: [CategoryId.make("cat_1")] }),
      makeProduct("prod_3", { categoryIds: [CategoryId.make("cat_3")] }),
      makeProduct("prod_4", { categoryIds: [CategoryId.make("cat_missing")] })
    ], categories)
    expect(listIds(index, { categoryIds: [CategoryId.make("cat_0")], sortBy: "name" })).toEqual(["prod_1", "prod_2"])
    expect(listIds(index, { categoryIds: [CategoryId.make("cat_2")] })).toEqual(["prod_1"])
    expect(listIds(index, { categoryIds: [CategoryId.make("cat_2"), CategoryId.make("cat_3")], sortBy: "name" })).toEqual(["prod_1", "prod_3"])
    expect(listIds(index, { categoryIds: [CategoryId.make("cat_missing")] })).toEqual([])
    expect(index.categoryProductCounts(shops("shop_a")).get("cat_0")).toBe(2)
  })

  it("price: some variant's effective price in the closed range", () => {
    const index = single([
      makeProduct("prod_1", {
        variants: [makeVariant("v1", { originalPrice: 5_000, salePrice: 1_000 }), makeVariant("v2", { originalPrice: 9_000 })]
      }),
      makeProduct("prod_2", { variants: [makeVariant("v3", { originalPrice: 3_000 })] })
    ])
    // 5000 is only prod_1's original price, not an effective one
    expect(listIds(index, { minPrice: minor(4_000), maxPrice: minor(6_000) })).toEqual([])
    expect(listIds(index, { minPrice: minor(1_000), maxPrice: minor(1_000) })).toEqual(["prod_1"])
    expect(listIds(index, { minPrice: minor(9_000) })).toEqual(["prod_1"])
    expect(listIds(index, { maxPrice: minor(3_000), sortBy: "name" })).toEqual(["prod_1", "prod_2"])
    expect(listIds(index, { minPrice: minor(3_001), maxPrice: minor(2_999) })).toEqual([])
  })

  it("tags any-of (exact), attributes any value within a key and every key", () => {
    const index = single([
      makeProduct("prod_1", { tags: ["red"], attributes: { color: { type: "t", value: "red" }, size: { type: "t", value: "M" } } }),
      makeProduct("prod_2", { tags: ["Red", "sale"], attributes: { color: { type: "t", value: "blue" } } }),
      makeProduct("prod_3", { tags: [], attributes: null })
    ])
    expect(listIds(index, { tags: ["red"] })).toEqual(["prod_1"])
    expect(listIds(index, { tags: ["red", "sale"], sortBy: "name" })).toEqual(["prod_1", "prod_2"])
    expect(listIds(index, { attributes: [{ key: "color", values: ["red", "blue"] }], sortBy: "name" })).toEqual([
      "prod_1",
      "prod_2"
    ])
    expect(listIds(index, { attributes: [{ key: "color", values: ["red", "blue"] }, { key: "size", values: ["M"] }] }))
      .toEqual(["prod_1"])
    expect(listIds(index, { attributes: [{ key: "nope", values: ["red"] }] })).toEqual([])
  })

  it("inStock true/false splits on 'some variant has available quantity > 0'", () => {
    const index = single([
      makeProduct("prod_1", { variants: [makeVariant("v1", { stock: 0 }), makeVariant("v2", { stock: 1 })] }),
      makeProduct("prod_2", { variants: [makeVariant("v3", { stock: 0 })] })
    ])
    expect(listIds(index, { inStock: true })).toEqual(["prod_1"])
    expect(listIds(index, { inStock: false })).toEqual(["prod_2"])
  })

  it("pagination: page past the end is empty and total is unchanged", () => {
    const products = Array.from({ length: 7 }, (_, index) => makeProduct(`prod_${index}`))
    const index = single(products)
    const pages = [1, 2, 3, 4].map((page) => index.list({ page, limit: 3, includeFacets: false }, shops("shop_a")))
    expect(pages.map((page) => page.total)).toEqual([7, 7, 7, 7])
    expect(pages.map((page) => page.documents.length)).toEqual([3, 3, 1, 0])
    // every product has the same createdAt: the order is by id (desc, as the sort is desc)
    expect(pages.flatMap((page) => idsOf(page.documents))).toEqual(
      ["prod_6", "prod_5", "prod_4", "prod_3", "prod_2", "prod_1", "prod_0"]
    )
  })

  it("facets of an empty result: no values, zero availability, priceRange {0, 0}", () => {
    const index = single([makeProduct("prod_1")])
    const { facets, total } = index.list({ page: 1, limit: 20, includeFacets: true, search: "zzz" }, shops("shop_a"))
    expect(total).toBe(0)
    expect(facets).toEqual({
      attributes: [],
      availability: { inStock: 0, outOfStock: 0 },
      categories: [],
      priceRange: { min: 0, max: 0 },
      tags: []
    })
  })

  it("facet priceRange is the min/max effective price, in minor units", () => {
    const index = single([
      makeProduct("prod_1", { variants: [makeVariant("v1", { originalPrice: 125_050, salePrice: 99_999 })] }),
      makeProduct("prod_2", { variants: [makeVariant("v2", { originalPrice: 250 }), makeVariant("v3", { originalPrice: 300_000 })] })
    ])
    expect(index.list({ page: 1, limit: 20, includeFacets: true }, shops("shop_a")).facets?.priceRange).toEqual({
      min: 250,
      max: 300_000
    })
  })

  it("facet priceRange ignores a product without variants (it has no effective price)", () => {
    const index = single([
      makeProduct("prod_1", { variants: [makeVariant("v1", { originalPrice: 1_500 })] }),
      makeProduct("prod_2", { variants: [] })
    ])
    const listing = index.list({ page: 1, limit: 20, includeFacets: true }, shops("shop_a"))
    expect(listing.total).toBe(2)
    expect(listing.facets?.priceRange).toEqual({ min: 1_500, max: 1_500 })
    // and such a product matches no price range
    expect(listIds(index, { minPrice: minor(0), maxPrice: minor(100_000) })).toEqual(["prod_1"])
  })
})

// -----------------------------------------------------------------------------------------------
// damaged category trees: counts agree with the tree that is rendered

const DamagedCategorySeeds = Schema.Array(
  Schema.Struct({ parent: SmallInt(9), position: SmallInt(2), name: SmallInt(5) })
).check(Schema.isBetweenLength(1, 8))

/** Any parent (earlier, later, itself, or unknown), so cycles and orphans occur. */
const damagedCategories = (seeds: ReadonlyArray<CategorySeed>): Array<CategoryRecord> =>
  makeCategories(seeds).map((category, index) => ({
    ...category,
    parentId: seeds[index]!.parent === 9 ? null : CategoryId.make(`cat_${seeds[index]!.parent}`)
  }))

const subtreeIds = (view: CategoryView): ReadonlyArray<string> => [view.id, ...view.children.flatMap(subtreeIds)]

describe("category product counts over a damaged tree", () => {
  it.prop(
    "productCount = visible products in the category or a descendant of the rendered tree",
    [Arbitrary.schema(DamagedCategorySeeds), CatalogArbitrary],
    ([seeds, catalog]) => {
      const categories = damagedCategories(seeds)
      const index = buildIndex({ categories, products: catalog.products })
      const counts = index.categoryProductCounts(SHOPS)
      const tree = buildCategoryTree(categories, (id) => counts.get(id) ?? 0)
      for (const view of tree.all) {
        const subtree = subtreeIds(view)
        const expected = catalog.products.filter((product) =>
          isVisible(product, SHOPS) && product.categoryIds.some((id) => subtree.includes(id))
        ).length
        expect(view.productCount, `${view.id} in ${JSON.stringify(categories.map((c) => [c.id, c.parentId]))}`)
          .toBe(expected)
      }
    },
    { arbitrary: { runs: 150, size: 30 } }
  )

  it("a two-node cycle: each node counts only its own products", () => {
    const categories: Array<CategoryRecord> = damagedCategories([
      { parent: 1, position: 0, name: 0 },
      { parent: 0, position: 0, name: 1 }
    ])
    const index = single([
      makeProduct("prod_1", { categoryIds: [CategoryId.make("cat_0")] }),
      makeProduct("prod_2", { categoryIds: [CategoryId.make("cat_1")] })
    ], categories)
    const tree = buildCategoryTree(categories, () => 0)
    // the tree renders both as roots without children ...
    expect(new Map(tree.roots.map((root) => [root.id, root.children.length]))).toEqual(new Map([["cat_0", 0], ["cat_1", 0]]))
    // ... so neither is a descendant of the other
    expect(index.categoryProductCounts(shops("shop_a")).get("cat_0")).toBe(1)
    expect(index.categoryProductCounts(shops("shop_a")).get("cat_1")).toBe(1)
  })
})

// sanity of the reference itself on a hand-made catalog, so the model is not trivially agreeing
describe("reference model sanity", () => {
  it("agrees with hand-computed answers", () => {
    const categories = makeCategories([{ parent: 0, position: 0, name: 0 }, { parent: 0, position: 0, name: 1 }])
    const catalog: Catalog = {
      categories,
      products: [
        makeProduct("prod_1", { categoryIds: [CategoryId.make("cat_1")], tags: ["x"] }),
        makeProduct("prod_2", { categoryIds: [CategoryId.make("cat_0")], tags: ["x", "y"], enabled: false })
      ]
    }
    const listing = referenceList(catalog.products, categories, { page: 1, limit: 20, includeFacets: true, tags: ["y"] }, shops("shop_a"))
    expect(listing.total).toBe(0)
    expect(listing.facets?.tags).toEqual([{ value: "x", count: 1 }])
    expect(inCategoryOrDescendant(categories, catalog.products[0]!, "cat_0")).toBe(true)
  })
})
