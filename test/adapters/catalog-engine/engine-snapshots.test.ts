/**
 * An engine index restored from its snapshot (adapters/catalog-engine/engine-snapshots.ts) answers every
 * question as the index it was taken of: listings with facets, documents by slug, category
 * counts, suggestions and corrections; and it goes on the same way through the same later
 * changes (new products, replaced ones, slugs moved). Its bytes may come in pieces of any size.
 * Documents are checked both kept as they are and compressed by the server's codec, whose
 * dictionary the snapshot carries.
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Effect, Schema } from "effect"
import * as EngineProductSearch from "../../../adapters/catalog-engine/engine-product-search.ts"
import type { EngineOptions } from "../../../adapters/catalog-engine/engine-options.ts"
import { dictionaryDocumentCodecTrainer, documentCodecFromDescription } from "../../../adapters/catalog-engine/compression/dictionary-document-codec.ts"
import { productJsonDocuments } from "../../../adapters/http/representation/product-document.ts"
import type { ProductSearchIndex, SearchReference } from "../../../application/catalog/product-search.ts"
import type { CatalogProduct } from "../../../domain/catalog/catalog-product.ts"
import * as Fixtures from "../../support/catalog-fixtures.ts"

const OPTIONS: Record<string, EngineOptions> = {
  "documents as they are": { format: productJsonDocuments, codecFromDescription: documentCodecFromDescription },
  "documents compressed": {
    format: productJsonDocuments,
    documentCodec: dictionaryDocumentCodecTrainer({ sampleSize: 3 }),
    codecFromDescription: documentCodecFromDescription
  }
}

const Updates = Arbitrary.schema(Schema.Array(Schema.Struct({ which: Fixtures.SmallInt(80), seed: Fixtures.ProductSeed })).check(Schema.isMaxLength(8)))
const Queries = Arbitrary.schema(Schema.Array(Fixtures.QuerySeed).check(Schema.isBetweenLength(2, 8)))
const PieceSize = Arbitrary.schema(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 5000 })))

/** The snapshot's bytes re-cut into pieces of `size` bytes (a store may cut them anywhere). */
const recut = (parts: ReadonlyArray<Uint8Array>, size: number): Array<Uint8Array> => {
  const all = Buffer.concat(parts)
  const pieces: Array<Uint8Array> = []
  for (let at = 0; at < all.length; at += size) pieces.push(all.subarray(at, at + size))
  return pieces
}

const restored = (options: EngineOptions, reference: SearchReference, index: ProductSearchIndex, size: number): ProductSearchIndex => {
  const snapshots = EngineProductSearch.engineProductSearch(options).snapshots!
  const reader = snapshots.read(reference)
  for (const piece of recut(snapshots.write(index), size)) reader.push(piece)
  return reader.finish()
}

const answers = (index: ProductSearchIndex, products: ReadonlyArray<CatalogProduct>, seeds: ReadonlyArray<Fixtures.QuerySeed>) => {
  const shopIds = Fixtures.QUERY_SHOPS.slice(0, 3)
  const words = products.flatMap((product) => product.name.toLowerCase().split(/[ -]/)).slice(0, 6)
  return {
    count: index.productCount,
    generation: index.generation,
    listings: seeds.map((seed) => {
      const call = Fixtures.queryFromSeed(seed)
      return Effect.runSync(index.list(call.query, call.shopIds))
    }),
    bySlug: products.map((product) => index.bySlug(product.slug, shopIds)),
    counts: [...index.categoryCounts(shopIds)],
    suggestions: [...words, ...words.map((word) => word.slice(0, 2))].map((q) => index.suggest({ q, limit: 4, shopIds })),
    corrections: [...words.map((word) => `${word}x`), ...Fixtures.SEARCH_TERMS].map((term) => index.corrections(term))
  }
}

for (const [name, options] of Object.entries(OPTIONS)) {
  describe(`an engine index restored from its snapshot, ${name}`, () => {
    it.prop("answers as the index it was taken of, and after the same changes", [Fixtures.CatalogArbitrary, Updates, Queries, PieceSize], ([catalog, updates, seeds, size]) => {
      const reference = { categories: catalog.categories, sizeGuides: [] }
      const changed = updates.map(({ which, seed }, step) => {
        const at = which % (catalog.products.length + 4)
        const id = catalog.products[at]?.id ?? `prod_new_${at}`
        // every other change moves the product to a slug another product holds
        return Fixtures.productFromSeed(id, step % 2 === 0 ? `slug-${at}` : `slug-${(at + 1) % (catalog.products.length + 1)}`, seed)
      })
      const half = Math.ceil(changed.length / 2)
      const original = EngineProductSearch.engineProductSearch(options).make(reference)
      original.apply(catalog.products)
      original.apply(changed.slice(0, half))
      original.settle()
      const copy = restored(options, reference, original, size)
      const all = [...catalog.products, ...changed]
      expect(answers(copy, all, seeds)).toEqual(answers(original, all, seeds))

      for (const index of [original, copy]) {
        index.apply(changed.slice(half))
        index.settle()
      }
      expect(answers(copy, all, seeds)).toEqual(answers(original, all, seeds))
    }, { arbitrary: { runs: 40, size: 60, seed: 31 } })
  })
}

describe("engine snapshots", () => {
  it("are not offered without a way to make the codec a snapshot names", () => {
    expect(EngineProductSearch.engineProductSearch({ format: productJsonDocuments }).snapshots).toBeUndefined()
  })

  it("name the document format: a format that renders otherwise has another", () => {
    const format = (options: EngineOptions) => EngineProductSearch.engineProductSearch(options).snapshots!.format
    const base = OPTIONS["documents as they are"]!
    const other = { ...base, format: { ...productJsonDocuments, render: (...args: Parameters<typeof productJsonDocuments.render>) => `${productJsonDocuments.render(...args)} ` } }
    expect(format(base)).toBe(format(OPTIONS["documents compressed"]!))
    expect(format(other)).not.toBe(format(base))
  })

  it("refuse bytes that are not a snapshot, and bytes that end early", () => {
    const options = OPTIONS["documents compressed"]!
    const snapshots = EngineProductSearch.engineProductSearch(options).snapshots!
    const reference = { categories: [], sizeGuides: [] }
    expect(() => snapshots.read(reference).push(new TextEncoder().encode("not a snapshot at all"))).toThrow("not a snapshot")
    const index = EngineProductSearch.engineProductSearch(options).make(reference)
    index.apply([Fixtures.makeProduct("prod_1")])
    const bytes = Buffer.concat(snapshots.write(index))
    const reader = snapshots.read(reference)
    reader.push(bytes.subarray(0, bytes.length - 3))
    expect(() => reader.finish()).toThrow("ended early")
  })
})
