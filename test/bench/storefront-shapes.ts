// The fixed traffic mix of `npm run bench`. Add a shape by appending a descriptor (see shape.ts).
// All requests carry the publishable key `pk_all_…` of the generated catalog.
import { authShapes } from "./auth-shapes.ts"
import { cartShapes } from "./cart-shapes.ts"
import type { Shape } from "./shape.ts"

const products = (query: Record<string, string>): string => `/v1/store/products?${new URLSearchParams(query).toString()}`

export const storefrontShapes: ReadonlyArray<Shape> = [
  { name: "list-all", path: products({ includeFacets: "true" }) },
  { name: "list-root-category", path: products({ categorySlug: "women", includeFacets: "true" }) },
  {
    name: "list-category-attr-price",
    path: products({
      categorySlug: "women",
      attributes: "brand:Aarong|Yellow",
      minPrice: "500",
      maxPrice: "5000",
      includeFacets: "true"
    })
  },
  { name: "list-tag-instock", path: products({ tags: "sale", inStock: "true", includeFacets: "true" }) },
  { name: "list-search", path: products({ search: "classic", includeFacets: "true" }) },
  {
    name: "product-by-slug",
    setup: async ({ discovered }) => {
      if (discovered.productSlugs.length === 0) throw new Error("no product slugs were discovered")
      return discovered.productSlugs.map((slug) => ({ path: `/v1/store/products/by-slug/${encodeURIComponent(slug)}` }))
    }
  },
  { name: "categories", path: "/v1/store/categories" },
  ...authShapes,
  ...cartShapes
]
