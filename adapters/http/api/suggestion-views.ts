/** The storefront rendering of search-box suggestions (GET /products/suggest), money in major units. */
import { Schema } from "effect"
import type { ProductSuggestions } from "../../../application/catalog/product-suggestions.ts"
import { toMajor } from "../../../domain/shared/money.ts"

/** What every suggested product or category says of itself. */
const suggested = { id: Schema.String, slug: Schema.String, name: Schema.String }

export const SuggestedProductView = Schema.Struct({
  ...suggested,
  thumbnail: Schema.NullOr(Schema.String),
  price: Schema.Finite
}).annotate({ identifier: "SuggestedProduct" })

export const SuggestedCategoryView = Schema.Struct(suggested).annotate({ identifier: "SuggestedCategory" })

export const SuggestionsView = Schema.Struct({
  products: Schema.Array(SuggestedProductView),
  categories: Schema.Array(SuggestedCategoryView),
  queries: Schema.Array(Schema.String)
}).annotate({ identifier: "Suggestions" })
export type SuggestionsView = typeof SuggestionsView.Type

export const toSuggestionsView = (suggestions: ProductSuggestions): SuggestionsView => ({
  products: suggestions.products.map((product) => ({ ...product, price: toMajor(product.price) })),
  categories: suggestions.categories,
  queries: suggestions.queries
})
