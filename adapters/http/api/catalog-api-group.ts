/** The catalog routes of the storefront API: products, categories, shipping methods. */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { CategoryView } from "../../../domain/catalog/category-tree.ts"
import { Facets } from "../../../domain/catalog/facets.ts"
import { ProductView } from "../../../domain/catalog/product-view.ts"
import { CategoryNotFoundProblem, ProductNotFoundProblem, ShopNotFoundProblem } from "../problems/catalog-problems.ts"
import { ShippingMethodView } from "./shipping-method-view.ts"

const PositiveInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))
const NonNegativeAmount = Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0))
const OneOrMany = Schema.Union([Schema.String, Schema.Array(Schema.String)])

export const ProductListingQuery = {
  page: Schema.optionalKey(PositiveInt),
  limit: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 100 }))),
  search: Schema.optionalKey(Schema.String),
  categoryId: Schema.optionalKey(Schema.String),
  categoryIds: Schema.optionalKey(OneOrMany),
  categorySlug: Schema.optionalKey(Schema.String),
  minPrice: Schema.optionalKey(NonNegativeAmount),
  maxPrice: Schema.optionalKey(NonNegativeAmount),
  tags: Schema.optionalKey(Schema.String),
  attributes: Schema.optionalKey(Schema.String),
  inStock: Schema.optionalKey(Schema.Boolean),
  sortBy: Schema.optionalKey(Schema.Literals(["bestselling", "name", "newest", "price"])),
  sortOrder: Schema.optionalKey(Schema.Literals(["asc", "desc"])),
  includeFacets: Schema.optionalKey(Schema.Boolean)
}

export const ProductListingPage = Schema.Struct({
  data: Schema.Array(ProductView),
  total: Schema.Int,
  page: Schema.Int,
  limit: Schema.Int,
  totalPages: Schema.Int,
  facets: Schema.optionalKey(Facets)
}).annotate({ identifier: "ProductListingPage" })

export class CatalogApiGroup extends HttpApiGroup.make("catalog").add(
  HttpApiEndpoint.get("listProducts", "/products", {
    query: ProductListingQuery,
    success: ProductListingPage
  }),
  HttpApiEndpoint.get("getProductBySlug", "/products/by-slug/:slug", {
    params: { slug: Schema.String },
    success: ProductView,
    error: ProductNotFoundProblem
  }),
  HttpApiEndpoint.get("listCategories", "/categories", {
    query: {
      rootOnly: Schema.optionalKey(Schema.Boolean),
      parentId: Schema.optionalKey(Schema.String)
    },
    success: Schema.Struct({ data: Schema.Array(CategoryView) }),
    error: CategoryNotFoundProblem
  }),
  HttpApiEndpoint.get("getCategoryBySlug", "/categories/by-slug/:slug", {
    params: { slug: Schema.String },
    success: CategoryView,
    error: CategoryNotFoundProblem
  }),
  HttpApiEndpoint.get("listShippingMethods", "/shop/shipping-methods", {
    query: { shopId: Schema.optionalKey(Schema.String) },
    success: Schema.Struct({ methods: Schema.Array(ShippingMethodView) }),
    error: ShopNotFoundProblem
  })
) {}
