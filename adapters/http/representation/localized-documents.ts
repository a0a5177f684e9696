/**
 * A catalog answer in the language a request asks for. The product documents are rendered once,
 * in English, with the product's translations beside (`translations`); an answer in Bangla is
 * made from them by putting the translated name and description in place, product by product,
 * falling back to English where a product has no translation; its `categories` get their
 * translated names (localized-categories.ts). An English answer is the documents as they are:
 * nothing is parsed or copied for it.
 */
import type { CategoryRef } from "../../../domain/catalog/category.ts"
import type { MessageLocale } from "../../../domain/notification/message-locale.ts"
import { type CategoryTexts, localizeRef } from "./localized-categories.ts"

export type CatalogLocale = MessageLocale

/** A document in `locale`, and whether a translation was applied to it. */
export const localizeDocument = (
  document: string,
  locale: CatalogLocale,
  categories: CategoryTexts = new Map()
): { readonly document: string; readonly translated: boolean } => {
  // documents without translations (the most, and every English answer) are not parsed
  if (locale === "en" || (categories.size === 0 && !document.includes("\"translations\":"))) {
    return { document, translated: false }
  }
  const product = JSON.parse(document) as Record<string, unknown> & {
    translations?: Record<string, { name?: string; description?: string }>
    categories?: Array<CategoryRef>
  }
  const translation = product.translations?.[locale]
  const own = translation !== undefined && (translation.name !== undefined || translation.description !== undefined)
  let categoryTranslated = false
  const productCategories = product.categories?.map((ref) => {
    const localized = localizeRef(ref, categories)
    if (localized !== ref) categoryTranslated = true
    return localized
  })
  if (!own && !categoryTranslated) return { document, translated: false }
  return {
    document: JSON.stringify({
      ...product,
      name: translation?.name ?? product["name"],
      description: translation?.description ?? product["description"],
      ...(categoryTranslated ? { categories: productCategories } : {})
    }),
    translated: true
  }
}

/** `documents` in `locale`, and whether any of them was translated. */
export const localizeDocuments = (
  documents: ReadonlyArray<string>,
  locale: CatalogLocale,
  categories?: CategoryTexts
): { readonly documents: ReadonlyArray<string>; readonly translated: boolean } => {
  if (locale === "en") return { documents, translated: false }
  let translated = false
  const localized = documents.map((document) => {
    const one = localizeDocument(document, locale, categories)
    translated ||= one.translated
    return one.document
  })
  return { documents: localized, translated }
}

/** The language of an answer in which `translated` says whether any text was translated. */
export const contentLanguage = (locale: CatalogLocale, translated: boolean): CatalogLocale =>
  translated ? locale : "en"
