// The fixed traffic mix of `npm run bench`. Add a shape by appending a descriptor (see shape.ts).
// All requests carry the publishable key `pk_all_…` of the generated catalog.
import { authShapes } from "./auth-shapes.ts"
import { cartShapes } from "./cart-shapes.ts"
import { listingPath, makeListingQueries, makeNewTermQueries, readListingVocabulary } from "./listing-queries.ts"
import { representationShapes } from "./representation-shapes.ts"
import type { Shape } from "./shape.ts"
import { suggestShapes } from "./suggest-shapes.ts"

const products = (query: Record<string, string>): string => `/v1/store/products?${new URLSearchParams(query).toString()}`

/** Distinct queries at least, and enough that none repeats within a run at 5,000 req/s. */
const distinctQueries = (loadSeconds: number): number => Math.max(10_000, Math.ceil(loadSeconds * 5_000))

/** Listing queries the cached mix cycles through. */
const CACHED_MIX_QUERIES = 200

export const storefrontShapes: ReadonlyArray<Shape> = [
  {
    name: "list-distinct",
    setup: async ({ api, loadSeconds }) => {
      const vocabulary = await readListingVocabulary(api)
      return makeListingQueries(vocabulary, distinctQueries(loadSeconds)).map((spec) => ({ path: listingPath(spec) }))
    }
  },
  {
    // the same mix of listing queries, 200 of them cycled: after the first round every answer
    // comes from the caches (the service's listings, the handler's bodies); the report divides
    // list-distinct by it
    name: "list-cached-mix",
    group: "cached",
    setup: async ({ api }) => {
      const vocabulary = await readListingVocabulary(api)
      return makeListingQueries(vocabulary, CACHED_MIX_QUERIES).map((spec) => ({ path: listingPath(spec) }))
    }
  },
  {
    name: "list-new-search-term",
    setup: async ({ api, loadSeconds }) => {
      const vocabulary = await readListingVocabulary(api)
      return makeNewTermQueries(vocabulary, distinctQueries(loadSeconds)).map((spec) => ({ path: listingPath(spec) }))
    }
  },
  { name: "list-all", group: "cached", path: products({ includeFacets: "true" }) },
  { name: "list-root-category", group: "cached", path: products({ categorySlug: "women", includeFacets: "true" }) },
  {
    name: "list-category-attr-price",
    group: "cached",
    path: products({
      categorySlug: "women",
      attributes: "brand:Aarong|Yellow",
      minPrice: "500",
      maxPrice: "5000",
      includeFacets: "true"
    })
  },
  { name: "list-tag-instock", group: "cached", path: products({ tags: "sale", inStock: "true", includeFacets: "true" }) },
  { name: "list-search", group: "cached", path: products({ search: "classic", includeFacets: "true" }) },
  {
    name: "product-by-slug",
    setup: async ({ discovered }) => {
      if (discovered.productSlugs.length === 0) throw new Error("no product slugs were discovered")
      return discovered.productSlugs.map((slug) => ({ path: `/v1/store/products/by-slug/${encodeURIComponent(slug)}` }))
    }
  },
  { name: "categories", path: "/v1/store/categories" },
  ...suggestShapes,
  ...representationShapes,
  ...authShapes,
  ...cartShapes
]
