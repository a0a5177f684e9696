/**
 * Categories in the language a request asks for, as products are (localized-documents.ts): the
 * category views are rendered once, in English, with their translations beside; an answer in
 * Bangla puts each category's translated name and description in place (its ancestors' and
 * children's too), English where a category has no translation. The same translated names
 * stand in a product's `categories`, in a listing's category facets and in suggested categories.
 */
import type { ProductTranslation } from "../../../domain/catalog/catalog-product.ts"
import type { CategoryRecord, CategoryRef } from "../../../domain/catalog/category.ts"
import type { CategoryView } from "../../../domain/catalog/category-tree.ts"
import type { Facets } from "../../../domain/catalog/facets.ts"
import type { CatalogLocale } from "./localized-documents.ts"

/** Each translated category's texts in one language, by category id. */
export type CategoryTexts = ReadonlyMap<string, ProductTranslation>

const NONE: CategoryTexts = new Map()
const texts = new WeakMap<ReadonlyArray<CategoryRecord>, Map<CatalogLocale, CategoryTexts>>()

/** The categories' texts in `locale` (none for English), made once per list of categories. */
export const categoryTexts = (categories: ReadonlyArray<CategoryRecord>, locale: CatalogLocale): CategoryTexts => {
  if (locale === "en") return NONE
  let byLocale = texts.get(categories)
  if (byLocale === undefined) texts.set(categories, byLocale = new Map())
  let found = byLocale.get(locale)
  if (found === undefined) {
    const made = new Map<string, ProductTranslation>()
    for (const category of categories) {
      const translation = category.translations?.[locale]
      if (translation !== undefined && (translation.name !== undefined || translation.description !== undefined)) {
        made.set(category.id, translation)
      }
    }
    found = made.size === 0 ? NONE : made
    byLocale.set(locale, found)
  }
  return found
}

/** A category reference with its translated name, or itself. */
export const localizeRef = <R extends CategoryRef>(ref: R, translations: CategoryTexts): R => {
  const name = translations.get(ref.id)?.name
  return name === undefined ? ref : { ...ref, name }
}

/** `view` (with its subtree and ancestors) in the language of `translations`, and whether anything was translated. */
export const localizeCategoryView = (
  view: CategoryView,
  translations: CategoryTexts
): { readonly view: CategoryView; readonly translated: boolean } => {
  if (translations.size === 0) return { view, translated: false }
  let translated = false
  const localize = (node: CategoryView): CategoryView => {
    const own = translations.get(node.id)
    const ancestors = node.ancestors.map((ref) => {
      const localized = localizeRef(ref, translations)
      if (localized !== ref) translated = true
      return localized
    })
    if (own !== undefined) translated = true
    return {
      ...node,
      name: own?.name ?? node.name,
      description: own?.description ?? node.description,
      children: node.children.map(localize),
      ancestors
    }
  }
  const localized = localize(view)
  return { view: translated ? localized : view, translated }
}

/** A listing's facets with the categories' translated names (their order kept), and whether any was translated. */
export const localizeFacets = (
  facets: Facets | undefined,
  translations: CategoryTexts
): { readonly facets: Facets | undefined; readonly translated: boolean } => {
  if (facets === undefined || translations.size === 0) return { facets, translated: false }
  let translated = false
  const categories = facets.categories.map((category) => {
    const localized = localizeRef(category, translations)
    if (localized !== category) translated = true
    return localized
  })
  return { facets: translated ? { ...facets, categories } : facets, translated }
}
