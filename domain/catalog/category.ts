/** The catalog's record of a category: a node of the category tree. */
import { Schema } from "effect"
import { CategoryId } from "../shared/ids.ts"
import { ProductTranslations } from "./catalog-product.ts"

export const CategorySeo = Schema.Struct({
  metaTitle: Schema.NullOr(Schema.String),
  metaDescription: Schema.NullOr(Schema.String),
  ogImage: Schema.NullOr(Schema.String)
})
export type CategorySeo = typeof CategorySeo.Type

/** A category as a product or a facet names it. */
export const CategoryRef = Schema.Struct({ id: Schema.String, name: Schema.String, slug: Schema.String })
export type CategoryRef = typeof CategoryRef.Type

export const CategoryRecord = Schema.Struct({
  id: CategoryId,
  slug: Schema.String,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  image: Schema.NullOr(Schema.String),
  parentId: Schema.NullOr(CategoryId),
  position: Schema.Int,
  seo: CategorySeo,
  /** Its name and description in other languages by language tag (`bn`), as a product's; absent: none */
  translations: Schema.optionalKey(ProductTranslations)
})
export type CategoryRecord = typeof CategoryRecord.Type

/**
 * Each category's parent as the tree uses it: the stored parent, except that a category whose
 * parent is unknown, or that sits on a parent cycle, is treated as a root. Categories below a
 * cycle keep their parent. Both the rendered tree and the product counts follow this.
 */
export const effectiveParents = (categories: ReadonlyArray<CategoryRecord>): ReadonlyMap<CategoryId, CategoryId | null> => {
  const stored = new Map(categories.map((category) => [category.id, category.parentId]))
  const isOnCycle = (id: CategoryId): boolean => {
    const seen = new Set<CategoryId>()
    let current = stored.get(id) ?? null
    while (current !== null && stored.has(current) && !seen.has(current)) {
      if (current === id) return true
      seen.add(current)
      current = stored.get(current) ?? null
    }
    return false
  }
  const parents = new Map<CategoryId, CategoryId | null>()
  for (const category of categories) {
    const parent = category.parentId
    parents.set(category.id, parent === null || !stored.has(parent) || isOnCycle(category.id) ? null : parent)
  }
  return parents
}
