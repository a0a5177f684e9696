import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import type { CatalogProduct } from "../../../../domain/catalog/catalog-product.ts"
import { corrections } from "../../../../adapters/catalog-engine/suggest/corrections.ts"
import { closestPrefix, osaDistance } from "../../../../adapters/catalog-engine/suggest/edit-distance.ts"
import { allowedEdits, fold, textWords } from "../../../../adapters/catalog-engine/suggest/folding.ts"
import { SuggestIndex, type SuggestRequest } from "../../../../adapters/catalog-engine/suggest/suggest-index.ts"
import { WordDictionary } from "../../../../adapters/catalog-engine/suggest/word-dictionary.ts"
import { makeProduct, makeVariant, shops, SmallInt } from "../../../support/catalog-fixtures.ts"
import { referenceEdits, referenceFold, referenceKind, referenceOsa, referenceSuggest, referenceWords } from "../../../../adapters/memory/reference-suggest.ts"
import {
  DictionaryArbitrary,
  SHOPS,
  type SuggestCatalog,
  SuggestCatalogArbitrary,
  tokenFromSeed,
  TokenSeed,
  wordFromSeed
} from "./suggest-arbitraries.ts"
import { CategoryId, ShopId } from "../../../../domain/shared/ids.ts"

const PROPERTY = { arbitrary: { runs: 200, size: 60 } }
const TokenSeeds = Arbitrary.schema(Schema.Array(TokenSeed).check(Schema.isBetweenLength(1, 8)))

const dictionaryOf = (words: ReadonlyArray<string>) => {
  const dictionary = new WordDictionary()
  for (const word of words) for (const { folded, surface } of textWords(word)) dictionary.idFor(folded, surface)
  return dictionary
}

describe("folding and edit distance", () => {
  it("folds case and accents; splits on anything but letters, marks and digits", () => {
    expect(fold("Crème BRÛLÉE")).toBe("creme brulee")
    expect(textWords("Crème-brûlée 100%_off e\u0301te\u0301")).toEqual([
      { folded: "creme", surface: "crème" },
      { folded: "brulee", surface: "brûlée" },
      { folded: "100", surface: "100" },
      { folded: "off", surface: "off" },
      { folded: "ete", surface: "e\u0301te\u0301" }
    ])
    expect([1, 3, 4, 7, 8, 20].map(allowedEdits)).toEqual([0, 0, 1, 1, 2, 2])
  })

  it("osa distance: a transposition is one edit, but no substring is edited twice", () => {
    expect(osaDistance("sraee", "saree")).toBe(1)
    expect(osaDistance("saaree", "saree")).toBe(1)
    expect(osaDistance("sharee", "saree")).toBe(1)
    expect(osaDistance("ca", "abc")).toBe(3)
    expect(osaDistance("", "abc")).toBe(3)
  })

  it.prop("osa distance equals the full-matrix reference", [DictionaryArbitrary, TokenSeeds], ([words, seeds]) => {
    const folded = words.map(referenceFold)
    for (const seed of seeds) {
      const token = referenceFold(tokenFromSeed(seed, words))
      for (const word of folded) expect(osaDistance(token, word)).toBe(referenceOsa(token, word))
    }
  }, PROPERTY)

  it.prop("closestPrefix: the longest of the prefixes nearest by the reference distance", [DictionaryArbitrary, TokenSeeds], ([words, seeds]) => {
    for (const seed of seeds) {
      const token = referenceFold(tokenFromSeed(seed, words))
      for (const word of words.map(referenceFold)) {
        const distances = Array.from({ length: word.length + 1 }, (_, length) => referenceOsa(token, word.slice(0, length)))
        const distance = Math.min(...distances)
        expect(closestPrefix(token, word)).toEqual({ length: distances.lastIndexOf(distance), distance })
      }
    }
  }, PROPERTY)

  it.prop("textWords equals the reference split and fold", [DictionaryArbitrary], ([words]) => {
    const text = words.join(" -")
    expect(textWords(text)).toEqual(referenceWords(text))
  }, PROPERTY)
})

describe("WordDictionary.match equals the reference", () => {
  it.prop("exact, prefix and typo matches over random word lists", [DictionaryArbitrary, TokenSeeds], ([words, seeds]) => {
    const dictionary = dictionaryOf(words)
    for (const seed of seeds) {
      const token = fold(tokenFromSeed(seed, words))
      const actual = dictionary.match(token)
        .map((match) => `${dictionary.words[match.word]}:${match.kind}`)
        .sort()
      const expected = dictionary.words
        .map((word) => ({ word, kind: referenceKind(token, word) }))
        .filter((entry) => entry.kind !== undefined)
        .map((entry) => `${entry.word}:${entry.kind}`)
        .sort()
      expect(actual, `token ${token}`).toEqual(expected)
      expect(new Set(actual).size).toBe(actual.length)
    }
  }, PROPERTY)

  it.prop("words added after lookups (one by one or in bulk) are found as if loaded at once", [
    DictionaryArbitrary,
    DictionaryArbitrary,
    TokenSeeds
  ], ([first, second, seeds]) => {
    const grown = dictionaryOf(first)
    grown.match("s")
    for (const word of second) for (const { folded, surface } of textWords(word)) grown.idFor(folded, surface)
    const whole = dictionaryOf([...first, ...second])
    for (const seed of seeds) {
      const token = fold(tokenFromSeed(seed, [...first, ...second]))
      const named = (dictionary: WordDictionary) =>
        dictionary.match(token).map((match) => `${dictionary.words[match.word]}:${match.kind}`).sort()
      expect(named(grown)).toEqual(named(whole))
    }
  }, PROPERTY)

  it("typo tolerance: none below 4 letters, one from 4, two from 8", () => {
    const dictionary = dictionaryOf(["saree", "sarees", "sari", "shirt", "sandalwood", "cat"])
    const kinds = (token: string) =>
      Object.fromEntries(dictionary.match(token).map((match) => [dictionary.words[match.word], match.kind]))
    expect(kinds("saaree")).toEqual({ saree: 2, sarees: 2 })
    expect(kinds("sharee")).toEqual({ saree: 2, sarees: 2 })
    expect(kinds("cta")).toEqual({})
    expect(kinds("sare")).toMatchObject({ saree: 1, sarees: 1, sari: 2 })
    expect(kinds("sendelwood")).toEqual({ sandalwood: 2 })
    expect(kinds("sendelwod")).toEqual({})
  })
})

const countIn = (products: ReadonlyArray<CatalogProduct>, shopIds: ReadonlyArray<string>) => (categoryId: string) =>
  products.filter((product) =>
    product.enabled && product.shopIds.some((shop) => shopIds.includes(shop)) && product.categoryIds.includes(CategoryId.make(categoryId))
  ).length

const finalProducts = (catalog: SuggestCatalog): Array<CatalogProduct> => {
  const byId = new Map(catalog.products.map((product) => [product.id, product]))
  for (const update of catalog.updates) byId.set(update.id, update)
  return [...byId.values()]
}

const QuerySeed = Schema.Struct({
  tokens: Schema.Array(TokenSeed).check(Schema.isBetweenLength(1, 3)),
  shops: Schema.Array(SmallInt(SHOPS.length)).check(Schema.isMaxLength(2)),
  limit: SmallInt(6)
})

describe("SuggestIndex.suggest equals the reference", () => {
  it.prop(
    "products, categories and queries for random catalogs, updates and queries",
    [SuggestCatalogArbitrary, Arbitrary.schema(Schema.Array(QuerySeed).check(Schema.isBetweenLength(1, 5)))],
    ([catalog, querySeeds]) => {
      const index = new SuggestIndex(catalog.categories)
      for (const product of catalog.products) index.upsertProduct(product)
      index.suggest({ q: "s", limit: 3, shopIds: SHOPS, categoryProductCount: () => 1 })
      for (const product of catalog.updates) index.upsertProduct(product)
      const products = finalProducts(catalog)
      const words = products.flatMap((product) => [product.name, ...product.tags])
      for (const seed of querySeeds) {
        const shopIds = seed.shops.map((shop) => SHOPS[shop] ?? ShopId.make("shop_unknown"))
        const request: SuggestRequest = {
          q: seed.tokens.map((token) => tokenFromSeed(token, words)).join(" "),
          limit: seed.limit,
          shopIds,
          categoryProductCount: countIn(products, shopIds)
        }
        const actual = index.suggest(request)
        const expected = referenceSuggest(products, catalog.categories, request)
        expect(actual.products, request.q).toEqual(expected.products)
        expect(actual.categories, request.q).toEqual(expected.categories)
        // which text a folded word is shown as (its first sighting) is not the reference's concern
        expect(actual.queries.map(fold), request.q).toEqual(expected.queries.map(fold))
      }
    },
    PROPERTY
  )
})

describe("SuggestIndex examples", () => {
  const product = (id: string, name: string, salesCount: number, extra: Partial<CatalogProduct> = {}) =>
    makeProduct(id, { slug: id.replace("prod_", ""), name, salesCount, variants: [makeVariant(`var_${id}`)], ...extra })
  const build = () => {
    const index = new SuggestIndex([])
    index.upsertProduct(product("prod_silk", "Silk Saree", 5))
    index.upsertProduct(product("prod_cotton", "Cotton Saree", 50))
    index.upsertProduct(product("prod_sarees", "Sarees Gift Box", 500))
    index.upsertProduct(product("prod_sari", "Sari Pin", 900, { tags: ["Crème"] }))
    return index
  }
  const slugs = (index: SuggestIndex, q: string) =>
    index.suggest({ q, limit: 8, shopIds: shops("shop_a"), categoryProductCount: () => 0 }).products.map((p) => p.slug)

  it("exact beats prefix beats typo; best-selling first within a tier", () => {
    expect(slugs(build(), "saree")).toEqual(["cotton", "silk", "sarees"])
    expect(slugs(build(), "sare")).toEqual(["sarees", "cotton", "silk", "sari"])
    expect(slugs(build(), "saaree")).toEqual(["sarees", "cotton", "silk"])
    expect(slugs(build(), "SHAREE")).toEqual(["sarees", "cotton", "silk"])
    expect(slugs(build(), "creme")).toEqual(["sari"])
  })

  it("a renamed product is found by its new words only", () => {
    const index = build()
    index.upsertProduct(product("prod_silk", "Silk Scarf", 5))
    expect(slugs(index, "saree")).toEqual(["cotton", "sarees"])
    expect(slugs(index, "scarf")).toEqual(["silk"])
  })

  it("a product suggested before its slug changed is suggested under its new slug, ranked by it", () => {
    const index = build()
    expect(slugs(index, "saree")).toEqual(["cotton", "silk", "sarees"])
    // the same sales as cotton: the new slug ("a-silk" < "cotton") now puts it first
    index.upsertProduct(product("prod_silk", "Silk Saree", 50, { slug: "a-silk" }))
    expect(slugs(index, "saree")).toEqual(["a-silk", "cotton", "sarees"])
  })

  it("did you mean: the closest held words, in surface form", () => {
    const index = build()
    expect(corrections(index, "saaree")[0]).toBe("saree")
    expect(corrections(index, "cotton saaree")[0]).toBe("cotton saree")
    expect(corrections(index, "creme")).toEqual(["crème"])
    expect(corrections(index, "zzzz")).toEqual([])
    // only "sarees" held: the correction is its prefix nearest to what was typed
    const onlySarees = new SuggestIndex([])
    onlySarees.upsertProduct(product("prod_box", "Sarees Box", 1))
    expect(corrections(onlySarees, "sharee")).toEqual(["saree"])
    expect(corrections(onlySarees, "sarees")).toEqual([])
  })

  it("the reference agrees on the allowed edits", () => {
    for (const length of [0, 3, 4, 7, 8, 30]) expect(allowedEdits(length)).toBe(referenceEdits(length))
    expect(wordFromSeed([0, 1])).toBe("sa")
  })
})
