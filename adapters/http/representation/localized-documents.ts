/**
 * A catalog answer in the language a request asks for. The product documents are rendered once,
 * in English, with the product's translations beside (`translations`); an answer in Bangla is
 * made from them by putting the translated name and description in place, product by product,
 * falling back to English where a product has no translation. An English answer is the documents
 * as they are: nothing is parsed or copied for it.
 */
import type { MessageLocale } from "../../../domain/notification/message-locale.ts"

export type CatalogLocale = MessageLocale

/** A document in `locale`, and whether a translation was applied to it. */
export const localizeDocument = (
  document: string,
  locale: CatalogLocale
): { readonly document: string; readonly translated: boolean } => {
  // documents without translations (the most, and every English answer) are not parsed
  if (locale === "en" || !document.includes("\"translations\":")) return { document, translated: false }
  const product = JSON.parse(document) as Record<string, unknown> & {
    translations?: Record<string, { name?: string; description?: string }>
  }
  const translation = product.translations?.[locale]
  if (translation === undefined || (translation.name === undefined && translation.description === undefined)) {
    return { document, translated: false }
  }
  return {
    document: JSON.stringify({
      ...product,
      name: translation.name ?? product["name"],
      description: translation.description ?? product["description"]
    }),
    translated: true
  }
}

/** `documents` in `locale`, and whether any of them was translated. */
export const localizeDocuments = (
  documents: ReadonlyArray<string>,
  locale: CatalogLocale
): { readonly documents: ReadonlyArray<string>; readonly translated: boolean } => {
  if (locale === "en") return { documents, translated: false }
  let translated = false
  const localized = documents.map((document) => {
    const one = localizeDocument(document, locale)
    translated ||= one.translated
    return one.document
  })
  return { documents: localized, translated }
}

/** The language of an answer in which `translated` says whether any text was translated. */
export const contentLanguage = (locale: CatalogLocale, translated: boolean): CatalogLocale =>
  translated ? locale : "en"
