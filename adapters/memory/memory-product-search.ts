/**
 * ProductSearch over plain arrays: every answer worked out from the products as they are, with
 * the naive rules of reference-listing.ts (docs/contract/catalog.md) and reference-suggest.ts, and the
 * corrections below (the description of "did you mean", words compared with full edit-distance
 * matrices). No bit sets, no caches, no incremental state: the reference the contract suite
 * holds the catalog engine to, and a search for library users who want no engine.
 *
 * A slug held by several products finds none of them here (the engine keeps the latest holder).
 */
import { Effect, Layer } from "effect"
import {
  type FoundSuggestions,
  type ProductDocumentFormat,
  ProductSearch,
  type ProductSearchIndex,
  type SearchReference,
  type SuggestQuery
} from "../../application/catalog/product-search.ts"
import { type CatalogProduct, translatedNames, translatedNamesOf } from "../../domain/catalog/catalog-product.ts"
import { correctionTerms } from "../../domain/catalog/correction-terms.ts"
import type { ProductQuery } from "../../domain/catalog/product-query.ts"
import { referenceBySlug, referenceCategoryCounts, referenceList, referenceLowestPrice } from "./reference-listing.ts"
import { referenceEdits, referenceIndexWords, referenceKind, referenceOsa, referenceSuggest, referenceWords } from "./reference-suggest.ts"
import type { ShopId } from "../../domain/shared/ids.ts"

const wordTexts = (product: CatalogProduct) =>
  [product.name, ...product.tags, product.attributes?.["brand"]?.value ?? "", ...translatedNames(product)]
const wordsOf = (product: CatalogProduct) => wordTexts(product).flatMap(referenceWords)
/** Its words and its Bangla words' phonetic keys. */
const indexWordsOf = (product: CatalogProduct) => wordTexts(product).flatMap(referenceIndexWords)

/** The longest prefix of `word` closest to `token`. */
const closestPrefix = (token: string, word: string) => {
  let best = { length: 0, distance: token.length }
  for (let length = 1; length <= word.length; length++) {
    const distance = referenceOsa(token, word.slice(0, length))
    if (distance <= best.distance) best = { length, distance }
  }
  return best
}

/**
 * Each word of the term replaced by (a prefix of) a word some product holds, within the word's
 * allowed edits, in the catalog's spelling, combined by the domain's correctionTerms.
 */
export const referenceCorrections = (
  products: ReadonlyArray<CatalogProduct>,
  term: string,
  surfaceOf: (folded: string) => string | undefined = () => undefined
): Array<string> => {
  const tokens = referenceWords(term)
  if (tokens.length === 0) return []
  // each word, as the catalog first wrote it, and the products holding it
  const words = new Map<string, { readonly surface: string; readonly holders: Set<string> }>()
  for (const product of products) {
    for (const word of wordsOf(product)) {
      const known = words.get(word.folded) ?? { surface: surfaceOf(word.folded) ?? word.surface, holders: new Set<string>() }
      known.holders.add(product.id)
      words.set(word.folded, known)
    }
  }
  return correctionTerms(tokens.map((token) => ({
    surface: token.surface,
    options: [...words.entries()].flatMap(([word, { surface, holders }]) => {
      const kind = referenceKind(token.folded, word)
      if (kind === undefined) return []
      const closest = kind === 2 ? closestPrefix(token.folded, word) : { length: token.folded.length, distance: 0 }
      const text = closest.length === word.length ? surface : surface.length === word.length ? surface.slice(0, closest.length) : undefined
      return text === undefined || closest.distance > referenceEdits(token.folded.length) ? [] : [{ text, distance: closest.distance, count: holders.size }]
    })
  })))
}

class MemorySearchIndex implements ProductSearchIndex {
  generation = 0
  private readonly products = new Map<string, CatalogProduct>()
  private readonly documents = new Map<string, string>()
  /** Each word as the catalog first wrote it (folded word → text), products since replaced included. */
  private readonly surfaces = new Map<string, string>()
  private readonly surfaceOf = (folded: string) => this.surfaces.get(folded)
  private readonly reference: SearchReference
  private readonly format: ProductDocumentFormat

  constructor(reference: SearchReference, format: ProductDocumentFormat) {
    this.reference = reference
    this.format = format
  }

  get productCount(): number {
    return this.products.size
  }

  apply(products: ReadonlyArray<CatalogProduct>): void {
    const { categories, sizeGuides } = this.reference
    const context = {
      categoryRef: (categoryId: string) => {
        const category = categories.find((candidate) => candidate.id === categoryId)
        return category === undefined ? undefined : { id: category.id, name: category.name, slug: category.slug }
      },
      sizeGuide: (sizeGuideId: string) => sizeGuides.find((guide) => guide.id === sizeGuideId)
    }
    for (const product of products) {
      this.products.set(product.id, product)
      for (const word of indexWordsOf(product)) if (!this.surfaces.has(word.folded)) this.surfaces.set(word.folded, word.surface)
      this.documents.set(product.id, this.format.render(product, context))
      this.generation++
    }
  }

  settle(): void {}

  categoryIdBySlug(slug: string): string | undefined {
    return this.reference.categories.findLast((category) => category.slug === slug)?.id
  }

  list(query: ProductQuery, shopIds: ReadonlyArray<ShopId>) {
    return Effect.sync(() => {
      const found = referenceList([...this.products.values()], this.reference.categories, query, shopIds)
      return { total: found.total, documents: found.ids.map((id) => this.documents.get(id)!), facets: found.facets }
    })
  }

  bySlug(slug: string, shopIds: ReadonlyArray<ShopId>): string | undefined {
    const product = referenceBySlug([...this.products.values()], slug, shopIds)
    return product === undefined ? undefined : this.documents.get(product.id)
  }

  categoryCounts(shopIds: ReadonlyArray<ShopId>): ReadonlyMap<string, number> {
    return referenceCategoryCounts([...this.products.values()], this.reference.categories, shopIds)
  }

  suggest(query: SuggestQuery): FoundSuggestions {
    const counts = this.categoryCounts(query.shopIds)
    const found = referenceSuggest([...this.products.values()], this.reference.categories, {
      ...query,
      categoryProductCount: (categoryId) => counts.get(categoryId) ?? 0
    }, this.surfaceOf)
    return {
      products: found.products.map(({ id, slug }) => {
        const product = this.products.get(id)!
        const names = translatedNamesOf(product.translations)
        return {
          id, slug, name: product.name, thumbnail: product.thumbnail, price: referenceLowestPrice(product),
          ...(names === undefined ? {} : { names })
        }
      }),
      categories: found.categories,
      queries: found.queries
    }
  }

  corrections(term: string): ReadonlyArray<string> {
    return referenceCorrections([...this.products.values()], term, this.surfaceOf)
  }
}

export const memoryProductSearch = (format: ProductDocumentFormat) =>
  ProductSearch.of({ make: (reference) => new MemorySearchIndex(reference, format) })

export const layer = (format: ProductDocumentFormat) => Layer.succeed(ProductSearch, memoryProductSearch(format))
