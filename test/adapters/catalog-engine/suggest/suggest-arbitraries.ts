/**
 * Generators for the suggestion property tests: words over a tiny alphabet (with upper case and
 * accents), so that prefixes, typos and folding collide often; and query words made from
 * dictionary words by cutting and editing them.
 */
import { Arbitrary, Schema } from "effect"
import type { CatalogProduct } from "../../../../domain/catalog/catalog-product.ts"
import type { CategoryRecord } from "../../../../domain/catalog/category.ts"
import { makeProduct, makeVariant, pick, SmallInt } from "../../../support/catalog-fixtures.ts"
import { CategoryId, ShopId } from "../../../../domain/shared/ids.ts"

export const CHARACTERS = ["s", "a", "r", "e", "é", "E", "Á", "n", "2"]
export const SHOPS = ["shop_a", "shop_b", "shop_c"].map((shop) => ShopId.make(shop))

const WordSeed = Schema.Array(SmallInt(CHARACTERS.length - 1)).check(Schema.isBetweenLength(1, 10))
export const wordFromSeed = (seed: ReadonlyArray<number>): string => seed.map((index) => pick(CHARACTERS, index)).join("")

/** A query word: a random word, or a dictionary word cut short and/or edited up to three times. */
export const TokenSeed = Schema.Struct({
  from: SmallInt(3),
  random: WordSeed,
  which: SmallInt(1000),
  cut: SmallInt(10),
  edits: Schema.Array(Schema.Struct({ op: SmallInt(3), at: SmallInt(12), character: SmallInt(CHARACTERS.length - 1) })).check(
    Schema.isMaxLength(3)
  )
})
export type TokenSeed = typeof TokenSeed.Type

export const tokenFromSeed = (seed: TokenSeed, dictionary: ReadonlyArray<string>): string => {
  if (seed.from === 0 || dictionary.length === 0) return wordFromSeed(seed.random)
  let word = pick(dictionary, seed.which)
  if (seed.from === 2) word = word.slice(0, Math.max(1, word.length - seed.cut % word.length))
  for (const edit of seed.edits.slice(0, seed.from === 3 ? 3 : 1)) {
    const at = edit.at % (word.length + 1)
    const character = pick(CHARACTERS, edit.character)
    if (edit.op === 0) word = word.slice(0, at) + character + word.slice(at)
    else if (edit.op === 1 && word.length > 1) word = word.slice(0, at) + word.slice(at + 1)
    else if (edit.op === 2) word = word.slice(0, at) + character + word.slice(at + 1)
    else if (at + 1 < word.length) word = word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
  }
  return word === "" ? "s" : word
}

export const DictionaryArbitrary = Arbitrary.schema(Schema.Array(WordSeed).check(Schema.isMaxLength(60))).pipe(
  Arbitrary.map((seeds) => seeds.map(wordFromSeed))
)

const ProductSeed = Schema.Struct({
  name: Schema.Array(WordSeed).check(Schema.isBetweenLength(1, 3)),
  tags: Schema.Array(WordSeed).check(Schema.isMaxLength(2)),
  brand: Schema.Array(WordSeed).check(Schema.isMaxLength(1)),
  shops: Schema.Array(SmallInt(2)).check(Schema.isBetweenLength(1, 2)),
  enabled: SmallInt(5),
  sales: SmallInt(3),
  price: SmallInt(5000),
  category: SmallInt(5)
})
type ProductSeed = typeof ProductSeed.Type

const productFromSeed = (seed: ProductSeed, index: number, version: number): CatalogProduct =>
  makeProduct(`prod_${(index * 37) % 100}`, {
    slug: `slug-${(index * 53 + version) % 100}`,
    name: seed.name.map(wordFromSeed).join(index % 2 === 0 ? " " : "-"),
    tags: seed.tags.map(wordFromSeed),
    attributes: seed.brand.length === 0 ? null : { brand: { type: "text", value: wordFromSeed(seed.brand[0]!) } },
    shopIds: seed.shops.map((shop) => pick(SHOPS, shop)),
    enabled: seed.enabled !== 0,
    salesCount: seed.sales,
    categoryIds: [CategoryId.make(`cat_${seed.category}`)],
    thumbnail: index % 3 === 0 ? null : `https://img.example.com/${index}.jpg`,
    variants: [makeVariant(`var_${index}`, { originalPrice: seed.price + 1, salePrice: seed.price % 2 === 0 ? seed.price : null })]
  })

export interface SuggestCatalog {
  readonly categories: ReadonlyArray<CategoryRecord>
  readonly products: ReadonlyArray<CatalogProduct>
  /** Replacements applied after the first load (same ids, new content). */
  readonly updates: ReadonlyArray<CatalogProduct>
}

export const SuggestCatalogArbitrary: Arbitrary.Arbitrary<SuggestCatalog> = Arbitrary.all({
  categories: Arbitrary.schema(Schema.Array(Schema.Array(WordSeed).check(Schema.isBetweenLength(1, 2))).check(Schema.isMaxLength(5))),
  products: Arbitrary.schema(Schema.Array(ProductSeed).check(Schema.isMaxLength(40))),
  updates: Arbitrary.schema(Schema.Array(Schema.Struct({ which: SmallInt(100), seed: ProductSeed })).check(Schema.isMaxLength(6)))
}).pipe(Arbitrary.map((seeds): SuggestCatalog => {
  const products = seeds.products.map((seed, index) => productFromSeed(seed, index, 0))
  return {
    categories: seeds.categories.map((words, index) => ({
      id: CategoryId.make(`cat_${index}`),
      slug: `cat-${(index * 3) % 5}-${index}`,
      name: words.map(wordFromSeed).join(" "),
      description: null,
      image: null,
      parentId: null,
      position: index,
      seo: { metaTitle: null, metaDescription: null, ogImage: null }
    })),
    products,
    updates: products.length === 0
      ? []
      : seeds.updates.map((update) => productFromSeed(update.seed, update.which % products.length, 1))
  }
}))
