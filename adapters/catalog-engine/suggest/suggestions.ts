/** What a suggestion query asks (`SuggestRequest`) and what it is answered (`Suggestions`). */
import type { CategorySuggestion } from "./category-words.ts"
import type { ShopId } from "../../../domain/shared/ids.ts"

export type { CategorySuggestion }

/**
 * A suggested product, by id and slug: the caller renders it from the product as the catalog holds
 * it (the index keeps no names, images or prices of its own).
 */
export interface ProductSuggestion {
  readonly id: string
  readonly slug: string
}

export interface Suggestions {
  readonly products: ReadonlyArray<ProductSuggestion>
  readonly categories: ReadonlyArray<CategorySuggestion>
  readonly queries: ReadonlyArray<string>
}

export interface SuggestRequest {
  readonly q: string
  /** Most entries of each list. */
  readonly limit: number
  readonly shopIds: ReadonlyArray<ShopId>
  /** Visible products in the category or a descendant; a category with none is not suggested. */
  readonly categoryProductCount: (categoryId: string) => number
}
