/**
 * Generators of small random catalogs and listing queries. Every choice is an index into a small
 * pool, so filters actually match, sort keys tie, and shrinking yields readable catalogs.
 */
import { Arbitrary, Schema } from "effect"
import type { CatalogProduct, CatalogVariant } from "../../domain/catalog/catalog-product.ts"
import type { CategoryRecord } from "../../domain/catalog/category.ts"
import type { AttributeFilter, ProductQuery } from "../../domain/catalog/product-query.ts"
import { CatalogIndex } from "../../adapters/catalog-engine/catalog-index/catalog-index.ts"
import type { CatalogIndexOptions, CatalogReference, KernelChoices } from "../../adapters/catalog-engine/catalog-index/catalog-index-options.ts"
import { productJsonDocuments } from "../../adapters/http/representation/product-document.ts"
import { grams, minor } from "./units.ts"
import { CategoryId, ProductId, ShopId, VariantId } from "../../domain/shared/ids.ts"

export const SHOPS = ["shop_a", "shop_b", "shop_c", "shop_d"].map((shop) => ShopId.make(shop))
/** Query-side shop pool: one more shop that holds no product. */
export const QUERY_SHOPS = [...SHOPS, ShopId.make("shop_unknown")]

/** Shop ids written in a test (`shops("shop_a")`). */
export const shops = (...ids: ReadonlyArray<string>): ReadonlyArray<ShopId> => ids.map((id) => ShopId.make(id))
export const TAGS = ["Red", "red", "sale", "new", "Eco", "classic"]
export const QUERY_TAGS = [...TAGS, "missing-tag"]
export const ATTRIBUTE_KEYS = ["material", "fit", "origin"]
export const QUERY_ATTRIBUTE_KEYS = [...ATTRIBUTE_KEYS, "unknown_key"]
export const ATTRIBUTE_VALUES = ["cotton", "Cotton", "wool", "silk"]
export const QUERY_ATTRIBUTE_VALUES = [...ATTRIBUTE_VALUES, "unknown"]
export const NAMES = [
  "Classic Tee",
  "classic mug",
  "Eco Bag",
  "Wool Hat",
  "Silk Scarf",
  "mug",
  "TEE",
  "100% Cotton",
  "snake_case",
  "back\\slash",
  "জামদানি শাড়ি",
  "জামদানী শাড়ী",
  "মসুর ডাল ১ কেজি",
  "Jamdani Saree",
  "পাঞ্জাবি",
  "নকশী কাঁথা",
  "ইলিশ মাছ",
  "গামছা",
  "শা\u09dcি \u200dলাল"
]
export const DESCRIPTIONS = ["", "Great mug for tea", "50% off", "under_score", "A classic.", "wool blend", "হাতে বোনা শাড়ি", "1 kg"]
export const SKUS = ["SKU-1", "SKU-12", "sku-2", "ECO-9", "X"]
export const SEARCH_TERMS = [
  "lassic",
  "tee",
  "mug",
  "eco",
  "sku-1",
  "wool",
  "red",
  "%",
  "_",
  "\\",
  "cotton",
  "zzz",
  "a",
  "sale",
  "শাড়ি",
  "শাড়ী",
  "শাড\u09bcি",
  "শা\u09dcি",
  "জামদানি",
  "নকশি কাঁথা",
  "sharee",
  "sari",
  "panjabi",
  "masoor dal",
  "১ কেজি",
  "1 kg",
  "ilish",
  "gamsa",
  "saree"
]
/** Minor units. */
export const PRICES = [0, 100, 250, 999, 1000, 125050]
export const QUERY_PRICES = [0, 100, 250, 500, 999, 1000, 125050, 200000]
export const STOCKS = [0, 0, 1, 5, 6]
export const CATEGORY_NAMES = ["Shoes", "Men", "women", "Sale", "Shoes", "Kids"]
export const SORT_KEYS = ["bestselling", "name", "newest", "price"] as const
export const EPOCH = Date.UTC(2026, 0, 1)

export const pick = <A>(pool: ReadonlyArray<A>, index: number): A => pool[index % pool.length]!

export const SmallInt = (maximum: number) => Schema.Int.check(Schema.isBetween({ minimum: 0, maximum }))

// ---------------------------------------------------------------------------------------------
// catalogs

/** Bangla category names (spelling variants of one another among them), one per CATEGORY_NAMES entry. */
const BANGLA_CATEGORY_NAMES = ["শাড়ি", "জামদানী শাড়ী", "পাঞ্জাবি", "গামছা", "মসুর ডাল", "নকশি কাঁথা"]

const CategorySeed = Schema.Struct({ parent: SmallInt(12), position: SmallInt(2), name: SmallInt(5) })
export type CategorySeed = typeof CategorySeed.Type

const VariantSeed = Schema.Struct({ price: SmallInt(5), sale: SmallInt(8), stock: SmallInt(4) })

export const ProductSeed = Schema.Struct({
  name: SmallInt(NAMES.length - 1),
  sku: SmallInt(4),
  description: SmallInt(DESCRIPTIONS.length - 1),
  tags: Schema.Array(SmallInt(5)).check(Schema.isMaxLength(3)),
  attributes: Schema.Array(Schema.Struct({ key: SmallInt(2), value: SmallInt(3) })).check(Schema.isMaxLength(3)),
  attributesNull: Schema.Boolean,
  categories: Schema.Array(SmallInt(12)).check(Schema.isMaxLength(3)),
  shops: Schema.Array(SmallInt(3)).check(Schema.isBetweenLength(1, 3)),
  enabled: SmallInt(4),
  salesCount: SmallInt(4),
  created: SmallInt(5),
  variants: Schema.Array(VariantSeed).check(Schema.isBetweenLength(1, 3))
})
export type ProductSeed = typeof ProductSeed.Type

/** Distinct ids whose string order differs from insertion order (`prod_0`, `prod_919`, `prod_838`, …). */
export const productId = (index: number): string => `prod_${(index * 919) % 1000}`

export const makeCategories = (seeds: ReadonlyArray<CategorySeed>): Array<CategoryRecord> =>
  seeds.map((seed, index) => ({
    id: CategoryId.make(`cat_${index}`),
    slug: `cat-${index}`,
    name: pick(CATEGORY_NAMES, seed.name),
    description: null,
    image: null,
    // a parent always comes earlier, so the categories form a forest
    parentId: seed.parent < index ? CategoryId.make(`cat_${seed.parent}`) : null,
    position: seed.position,
    seo: { metaTitle: null, metaDescription: null, ogImage: null },
    // a share of the categories carries a Bangla name
    ...(seed.position === 1 ? {} : { translations: { bn: { name: pick(BANGLA_CATEGORY_NAMES, seed.name) } } })
  }))

/** Prices (minor units) written as plain numbers. */
interface VariantOverrides extends Partial<Omit<CatalogVariant, "originalPrice" | "salePrice">> {
  readonly originalPrice?: number
  readonly salePrice?: number | null
}

export const makeVariant = (id: string, { originalPrice = 1000, salePrice = null, ...overrides }: VariantOverrides = {}): CatalogVariant => ({
  id: VariantId.make(id),
  sku: `${id}-sku`,
  originalPrice: minor(originalPrice),
  salePrice: salePrice === null ? null : minor(salePrice),
  stock: 1,
  weightGrams: grams(100),
  images: [],
  optionValues: {},
  ...overrides
})

export const makeProduct = (id: string, overrides: Partial<CatalogProduct> = {}): CatalogProduct => ({
  id: ProductId.make(id),
  slug: `slug-${id}`,
  name: `Product ${id}`,
  description: "",
  sku: `SKU-${id}`,
  productType: null,
  unitName: null,
  thumbnail: null,
  images: [],
  tags: [],
  attributes: null,
  seo: { metaTitle: null, metaDescription: null, metaKeywords: [], ogImage: null },
  sizeGuideId: null,
  categoryIds: [],
  shopIds: [ShopId.make("shop_a")],
  enabled: true,
  requiresShipping: true,
  salesCount: 0,
  createdAt: new Date(EPOCH),
  variantOptions: [],
  variants: [makeVariant(`var_${id}`)],
  ...overrides
})

export const productFromSeed = (id: string, slug: string, seed: ProductSeed): CatalogProduct => {
  const attributes: Record<string, { type: string; value: string }> = {}
  for (const attribute of seed.attributes) {
    attributes[pick(ATTRIBUTE_KEYS, attribute.key)] = { type: "text", value: pick(ATTRIBUTE_VALUES, attribute.value) }
  }
  return makeProduct(id, {
    slug,
    name: pick(NAMES, seed.name),
    description: pick(DESCRIPTIONS, seed.description),
    sku: pick(SKUS, seed.sku),
    tags: seed.tags.map((tag) => pick(TAGS, tag)),
    // a share of the products carries a Bangla translation of another name
    ...(seed.sku % 2 === 0 ? { translations: { bn: { name: pick(NAMES, seed.name + seed.description + 1) } } } : {}),
    attributes: seed.attributesNull && seed.attributes.length === 0 ? null : attributes,
    // ids beyond the generated categories are unknown to the catalog and must be ignored
    categoryIds: seed.categories.map((category) => CategoryId.make(`cat_${category}`)),
    shopIds: seed.shops.map((shop) => pick(SHOPS, shop)),
    enabled: seed.enabled !== 0,
    salesCount: seed.salesCount,
    createdAt: new Date(EPOCH + seed.created * 3_600_000),
    variants: seed.variants.map((variant, index) =>
      makeVariant(`var_${id}_${index}`, {
        originalPrice: pick(PRICES, variant.price),
        salePrice: variant.sale >= PRICES.length ? null : pick(PRICES, variant.sale),
        stock: pick(STOCKS, variant.stock)
      })
    )
  })
}

export interface Catalog {
  readonly categories: ReadonlyArray<CategoryRecord>
  readonly products: ReadonlyArray<CatalogProduct>
}

export const CatalogArbitrary: Arbitrary.Arbitrary<Catalog> = Arbitrary.all({
  categories: Arbitrary.schema(Schema.Array(CategorySeed).check(Schema.isMaxLength(12))),
  products: Arbitrary.schema(Schema.Array(ProductSeed).check(Schema.isMaxLength(60)))
}).pipe(Arbitrary.map((seeds): Catalog => ({
  categories: makeCategories(seeds.categories),
  products: seeds.products.map((seed, index) => productFromSeed(productId(index), `slug-${index}`, seed))
})))

/** An index's options as tests vary them (kernels forced or not): its documents are always the Product JSON. */
export type IndexOptions = Omit<CatalogIndexOptions, "render"> & KernelChoices

/** An empty index over `reference`, its documents the Product JSON. */
export const makeIndex = (reference: CatalogReference, options: IndexOptions = {}): CatalogIndex => {
  const { documentCodec, ...kernels } = options
  return CatalogIndex.forcingKernels(reference, { documentCodec, render: productJsonDocuments.render }, kernels)
}

export const buildIndex = (catalog: Catalog, options: IndexOptions = {}): CatalogIndex => {
  const index = makeIndex({ categories: catalog.categories, sizeGuides: [] }, options)
  for (const product of catalog.products) index.upsertProduct(product)
  return index
}

// ---------------------------------------------------------------------------------------------
// queries

const NonEmptyUpTo3 = (maximum: number) => Schema.Array(SmallInt(maximum)).check(Schema.isBetweenLength(1, 3))

/** A filter is present when its gate is 0, i.e. about a quarter of the time. */
const Gate = SmallInt(3)

export const QuerySeed = Schema.Struct({
  gates: Schema.Struct({
    search: Gate,
    categories: Gate,
    minPrice: Gate,
    maxPrice: Gate,
    tags: Gate,
    attributes: Gate,
    inStock: Gate,
    sortBy: SmallInt(1),
    sortOrder: SmallInt(1)
  }),
  search: SmallInt(SEARCH_TERMS.length - 1),
  categories: NonEmptyUpTo3(12),
  minPrice: SmallInt(QUERY_PRICES.length - 1),
  maxPrice: SmallInt(QUERY_PRICES.length - 1),
  tags: NonEmptyUpTo3(QUERY_TAGS.length - 1),
  attributes: Schema.Array(
    Schema.Struct({ key: SmallInt(QUERY_ATTRIBUTE_KEYS.length - 1), values: NonEmptyUpTo3(QUERY_ATTRIBUTE_VALUES.length - 1) })
  ).check(Schema.isBetweenLength(1, 2)),
  inStock: Schema.Boolean,
  sortBy: Schema.Literals(SORT_KEYS),
  sortOrder: Schema.Literals(["asc", "desc"]),
  page: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 3 })),
  limit: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 25 })),
  shops: NonEmptyUpTo3(QUERY_SHOPS.length - 1)
})
export type QuerySeed = typeof QuerySeed.Type

export interface ListingCall {
  readonly query: ProductQuery
  readonly shopIds: ReadonlyArray<ShopId>
}

const when = <A>(gate: number, value: A): A | undefined => (gate === 0 ? value : undefined)

export const queryFromSeed = (seed: QuerySeed, includeFacets = true): ListingCall => {
  const { gates } = seed
  const attributes: ReadonlyArray<AttributeFilter> = seed.attributes.map((filter) => ({
    key: pick(QUERY_ATTRIBUTE_KEYS, filter.key),
    values: [...new Set(filter.values.map((value) => pick(QUERY_ATTRIBUTE_VALUES, value)))]
  }))
  return {
    query: {
      page: seed.page,
      limit: seed.limit,
      search: when(gates.search, pick(SEARCH_TERMS, seed.search)),
      categoryIds: when(gates.categories, seed.categories.map((category) => CategoryId.make(`cat_${category}`))),
      minPrice: when(gates.minPrice, minor(pick(QUERY_PRICES, seed.minPrice))),
      maxPrice: when(gates.maxPrice, minor(pick(QUERY_PRICES, seed.maxPrice))),
      tags: when(gates.tags, seed.tags.map((tag) => pick(QUERY_TAGS, tag))),
      attributes: when(gates.attributes, attributes),
      inStock: when(gates.inStock, seed.inStock),
      sortBy: when(gates.sortBy, seed.sortBy),
      sortOrder: when(gates.sortOrder, seed.sortOrder),
      includeFacets
    },
    shopIds: [...new Set(seed.shops.map((shop) => pick(QUERY_SHOPS, shop)))]
  }
}

export const QueryArbitrary: Arbitrary.Arbitrary<ListingCall> = Arbitrary.schema(QuerySeed).pipe(
  Arbitrary.map((seed) => queryFromSeed(seed))
)

/** Ids of rendered product documents, in order. */
export const idsOf = (documents: ReadonlyArray<string>): Array<string> =>
  documents.map((document) => {
    const parsed: unknown = JSON.parse(document)
    if (typeof parsed !== "object" || parsed === null || !("id" in parsed) || typeof parsed.id !== "string") {
      throw new Error(`not a product document: ${document}`)
    }
    return parsed.id
  })
