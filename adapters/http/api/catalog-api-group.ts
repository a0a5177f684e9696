/** The catalog routes of the storefront API: products, categories, shipping methods. */
import { Schema } from "effect"
import { HttpApiGroup, OpenApi } from "effect/http-api"
import { CategoryView } from "../../../domain/catalog/category-tree.ts"
import { FacetsView } from "./facets-view.ts"
import { ProductView } from "./product-view.ts"
import { catalogProblems } from "../problems/catalog-problem-table.ts"
import { endpointsOf } from "./documented-endpoint.ts"
import { ShippingMethodView } from "./shipping-method-view.ts"
import { SuggestionsView } from "./suggestion-views.ts"

const PositiveInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))
const NonNegativeAmount = Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0))
const OneOrMany = Schema.Union([Schema.String, Schema.Array(Schema.String)])

/** `?locale=`: the language of the answer, before Accept-Language; a tag other than `bn`/`en` gives English. */
export const LocaleQuery = {
  locale: Schema.optionalKey(
    Schema.String.check(Schema.isPattern(/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8}){0,7}$/)).annotate({
      description: "The answer's language (`bn` or `en`), instead of Accept-Language: product and category names " +
        "and descriptions in Bangla where translated, English otherwise (`Content-Language` says which)"
    })
  )
}

export const ProductListingQuery = {
  ...LocaleQuery,
  page: Schema.optionalKey(PositiveInt.annotate({ description: "The page, from 1 (default 1)" })),
  limit: Schema.optionalKey(
    Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 100 })).annotate({ description: "Products per page (default 20)" })
  ),
  search: Schema.optionalKey(
    Schema.String.annotate({ description: "Text matched in name, sku, description and tags; by relevance without sortBy" })
  ),
  categoryId: Schema.optionalKey(Schema.String.annotate({ description: "A category; its descendants included" })),
  categoryIds: Schema.optionalKey(
    OneOrMany.annotate({ description: "Several categories (repeated or comma-separated): products in any of them" })
  ),
  categorySlug: Schema.optionalKey(Schema.String.annotate({ description: "A category by slug; its descendants included" })),
  minPrice: Schema.optionalKey(
    NonNegativeAmount.annotate({ description: "Lowest effective price (major units) of some variant" })
  ),
  maxPrice: Schema.optionalKey(
    NonNegativeAmount.annotate({ description: "Highest effective price (major units) of some variant" })
  ),
  tags: Schema.optionalKey(Schema.String.annotate({ description: "Comma-separated tags: products having any of them" })),
  attributes: Schema.optionalKey(
    Schema.String.annotate({ description: "`key:v1|v2,key2:v3`: any value within a key, every key; `\\` escapes `, | : \\`" })
  ),
  inStock: Schema.optionalKey(Schema.Boolean.annotate({ description: "Only products with (true) or without (false) stock" })),
  sortBy: Schema.optionalKey(
    Schema.Literals(["bestselling", "name", "newest", "price"]).annotate({ description: "Default `newest` (relevance with search)" })
  ),
  sortOrder: Schema.optionalKey(
    Schema.Literals(["asc", "desc"]).annotate({ description: "Default `asc` for name and price, `desc` otherwise" })
  ),
  includeFacets: Schema.optionalKey(
    Schema.Boolean.annotate({ description: "Add `facets`: counts of every filter value (default false)" })
  )
}

export const ProductListingPage = Schema.Struct({
  data: Schema.Array(ProductView),
  total: Schema.Int,
  page: Schema.Int,
  limit: Schema.Int,
  totalPages: Schema.Int,
  facets: Schema.optionalKey(FacetsView),
  /** Only when a search finds nothing: the closest search term that finds something. */
  didYouMean: Schema.optionalKey(Schema.String)
}).annotate({ identifier: "ProductListingPage" })

export const SuggestionQuery = {
  ...LocaleQuery,
  q: Schema.String.check(Schema.isBetweenLength(1, 100)).annotate({ description: "What the shopper has typed so far" }),
  limit: Schema.optionalKey(
    Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 20 })).annotate({ description: "Entries per list (default 8)" })
  )
}

const CategoriesQuery = {
  ...LocaleQuery,
  rootOnly: Schema.optionalKey(Schema.Boolean.annotate({ description: "Only the root categories" })),
  parentId: Schema.optionalKey(Schema.String.annotate({ description: "Only the direct children of this category" }))
}

const ShippingMethodsQuery = {
  shopId: Schema.optionalKey(Schema.String.annotate({ description: "The shop, when the key sees several" }).pipe(Schema.brand("ShopId")))
}

/** The path parameter of the routes that find a product or a category by its slug. */
const bySlug = { slug: Schema.String }

const endpoint = endpointsOf(catalogProblems)

export class CatalogApiGroup extends HttpApiGroup.make("catalog").add(
  endpoint.get("listProducts", "/products", { query: ProductListingQuery, success: ProductListingPage }, {
    summary: "List products",
    description: "A page of the products for sale in the key's shops, filtered (category, price range, tags, " +
      "attributes `key:value,...`, stock, search) and sorted. With `includeFacets=true` the page also carries " +
      "the counts of every filter value over the whole result (`facets`). Prices are in major units. Names and " +
      "descriptions are in Bangla where translated when the request asks for it (`Accept-Language: bn` or `locale=bn`).",
    examples: { query: { categorySlug: "women", minPrice: 500, maxPrice: 5000, sortBy: "price", sortOrder: "asc", page: 1, limit: 24, includeFacets: true } }
  }),
  // before any product route taking a path parameter, so "suggest" is never read as one
  endpoint.get("suggestProducts", "/products/suggest", { query: SuggestionQuery, success: SuggestionsView }, {
    summary: "Suggest as the shopper types",
    description: "What to show under a search box: products, categories and completed queries whose words " +
      "match every word typed, the last one as a prefix, ignoring case and accents and tolerating one typo in " +
      "words of 4+ letters and two in words of 8+. Ranked exact word > prefix > typo, then best-selling. " +
      "`limit` (1..20, default 8) applies to each list. Prices are in major units.",
    examples: { query: { q: "sharee", limit: 8 } }
  }),
  endpoint.get("getProductBySlug", "/products/by-slug/:slug", { params: bySlug, query: LocaleQuery, success: ProductView }, {
    summary: "Get a product by its slug",
    description: "One product of the key's shops with its variants, options, stock flags, attributes and SEO fields.",
    examples: { params: { slug: "aarong-cotton-kurti" } }
  }),
  endpoint.get("listCategories", "/categories", { query: CategoriesQuery, success: Schema.Struct({ data: Schema.Array(CategoryView) }) }, {
    summary: "List categories",
    description: "The category tree of the key's shops: every category, only the roots (`rootOnly=true`) or " +
      "the children of one category (`parentId`), each with its product count. Names and descriptions are in " +
      "Bangla where translated when the request asks for it (`Accept-Language: bn` or `locale=bn`).",
    examples: { query: { rootOnly: true } }
  }),
  endpoint.get("getCategoryBySlug", "/categories/by-slug/:slug", { params: bySlug, query: LocaleQuery, success: CategoryView }, {
    summary: "Get a category by its slug",
    description: "One category with its children and product count, in Bangla where translated when the request asks for it.",
    examples: { params: { slug: "women-clothing" } }
  }),
  endpoint.get("listShippingMethods", "/shop/shipping-methods", {
    query: ShippingMethodsQuery,
    success: Schema.Struct({ methods: Schema.Array(ShippingMethodView) })
  }, {
    summary: "List shipping methods",
    description: "The active shipping methods of a shop with their zone rates and COD surcharge. `shopId` is " +
      "needed only when the key sees several shops.",
    examples: { query: { shopId: "shop_main" } }
  })
).annotate(OpenApi.Description, "Products, categories and shipping methods of the shops the publishable key sees") {}
