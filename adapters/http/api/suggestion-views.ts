/** The storefront rendering of search-box suggestions (GET /products/suggest), money in major units. */
import { Schema } from "effect"
import type { ProductSuggestions } from "../../../application/catalog/product-suggestions.ts"
import type { MessageLocale } from "../../../domain/notification/message-locale.ts"
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

/** The suggestions with product and category names in `locale` where translated, and the language actually used. */
export const toSuggestionsView = (
  suggestions: ProductSuggestions,
  locale: MessageLocale = "en",
  categoryTexts: ReadonlyMap<string, { readonly name?: string | undefined }> = new Map()
): { readonly suggestions: SuggestionsView; readonly language: MessageLocale } => {
  let translated = false
  const products = suggestions.products.map(({ id, names, price, slug, thumbnail, ...product }) => {
    const name = locale === "en" ? undefined : names?.[locale]
    if (name !== undefined) translated = true
    return { id, slug, name: name ?? product.name, thumbnail, price: toMajor(price) }
  })
  const categories = suggestions.categories.map((category) => {
    const name = categoryTexts.get(category.id)?.name
    if (name === undefined) return category
    translated = true
    return { ...category, name }
  })
  return {
    suggestions: { products, categories, queries: suggestions.queries },
    language: translated ? locale : "en"
  }
}
