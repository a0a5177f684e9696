/**
 * The categories a query's words point to (suggest-index.ts): each category is found by the words
 * of its name and of its translated names (a Bangla query finds a category by its Bangla name), matched as the product words are (exactly, as a prefix, or with typos).
 *
 * A category's tier is that of its weakest query word's best match (exact 0 < prefix 1 < typo 2);
 * categories rank by tier, then by how many visible products they hold (descendants included)
 * desc, then slug asc. A category holding no visible product is not suggested.
 */
import { translatedNames } from "../../../domain/catalog/catalog-product.ts"
import type { CategoryRecord } from "../../../domain/catalog/category.ts"
import { indexWords, type TypedWord } from "./folding.ts"
import { typedWordMatches } from "./word-dictionary.ts"
import { WordDictionary } from "./word-dictionary.ts"

export interface CategorySuggestion {
  readonly id: string
  readonly slug: string
  readonly name: string
}

/** No match (above every tier). */
const NONE = 255

export class CategoryWords {
  private readonly dictionary = new WordDictionary()
  /** category indexes whose name holds each word, by word id */
  private readonly postings: Array<Array<number>> = []
  private readonly categories: ReadonlyArray<CategoryRecord>

  constructor(categories: ReadonlyArray<CategoryRecord>) {
    this.categories = categories
    categories.forEach((category, index) => {
      const ids = [category.name, ...translatedNames(category)].flatMap(indexWords).map((word) => this.dictionary.idFor(word.folded, word.surface))
      for (const id of new Set(ids)) (this.postings[id] ??= []).push(index)
    })
  }

  /** The best `limit` categories whose names match every typed word. */
  suggest(
    tokens: ReadonlyArray<TypedWord>,
    limit: number,
    productCount: (categoryId: string) => number
  ): Array<CategorySuggestion> {
    let tiers: Map<number, number> | undefined
    for (const token of tokens) {
      const best = new Map<number, number>()
      for (const { kind, word } of typedWordMatches(this.dictionary, token)) {
        for (const index of this.postings[word] ?? []) {
          if (kind < (best.get(index) ?? NONE)) best.set(index, kind)
        }
      }
      if (tiers !== undefined) {
        for (const [index, kind] of best) {
          const tier = tiers.get(index)
          if (tier === undefined) best.delete(index)
          else if (tier > kind) best.set(index, tier)
        }
      }
      tiers = best
    }
    return [...(tiers ?? new Map<number, number>())]
      .map(([index, tier]) => ({ category: this.categories[index]!, tier }))
      .map((entry) => ({ ...entry, count: productCount(entry.category.id) }))
      .filter((entry) => entry.count > 0)
      .sort((left, right) =>
        left.tier - right.tier || right.count - left.count || (left.category.slug < right.category.slug ? -1 : 1)
      )
      .slice(0, limit)
      .map(({ category }) => ({ id: category.id, slug: category.slug, name: category.name }))
  }
}
