/**
 * An index rebuilt from its shared description (CatalogIndex.share / fromShared, as a listing
 * worker does in another thread) answers every query as the index it was shared from: on random
 * catalogs with every kernel, with non-ASCII names and terms (the shared search reads UTF-8
 * bytes), with documents stored through a codec, and it keeps answering as its own generation
 * while the writer changes products and publishes the next one.
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import { CatalogIndex } from "../../../adapters/catalog-engine/catalog-index/catalog-index.ts"
import type { CatalogProduct } from "../../../domain/catalog/catalog-product.ts"
import type { DocumentCodec } from "../../../adapters/catalog-engine/columns/document-codec.ts"
import {
  buildIndex,
  type Catalog,
  CatalogArbitrary,
  type IndexOptions,
  type ListingCall,
  makeProduct,
  ProductSeed,
  productFromSeed,
  productId,
  queryFromSeed,
  QuerySeed,
  shops,
  SmallInt
} from "../../support/catalog-fixtures.ts"
import { ShopId } from "../../../domain/shared/ids.ts"

const KERNELS: ReadonlyArray<IndexOptions> = [
  { facetKernel: "bitsets", searchKernel: "trigrams", searchRebuildAfter: 3, pagingKernel: "sort", priceKernel: "range" },
  { facetKernel: "tally", searchKernel: "scan", pagingKernel: "walk", priceKernel: "scan" },
  {}
]

/** Names beyond ASCII: two- to four-byte UTF-8 sequences, before and after the searched parts. */
const WIDE_NAMES = ["Crème Brûlée", "Ökotasche grün", "Tee 😀 Becher", "ÉCO élan"]
const WIDE_TERMS = ["crème", "è", "brû", "😀", "ök", "grün", "becher", "éco", "e", "lée"]

const withWideProducts = (catalog: Catalog, count: number): Catalog => ({
  ...catalog,
  products: [
    ...catalog.products,
    ...Array.from({ length: count }, (_, index): CatalogProduct =>
      makeProduct(`wide_${index}`, {
        name: WIDE_NAMES[index % WIDE_NAMES.length]!,
        description: index % 2 === 0 ? "Süß & würzig" : "",
        tags: index % 3 === 0 ? ["grün"] : [],
        shopIds: [ShopId.make("shop_a"), ShopId.make("shop_b")]
      }))
  ]
})

const wideCalls = (): Array<ListingCall> =>
  WIDE_TERMS.flatMap((search, step) => [
    { query: { page: 1, limit: 5, search, includeFacets: true }, shopIds: shops("shop_a") },
    { query: { page: 2, limit: 2, search, sortBy: step % 2 === 0 ? "name" : undefined, includeFacets: false }, shopIds: shops("shop_a", "shop_b") }
  ])

const expectSameAnswers = (actual: CatalogIndex, expected: CatalogIndex, calls: ReadonlyArray<ListingCall>): void => {
  for (const call of calls) {
    const context = JSON.stringify(call)
    expect(actual.list(call.query, call.shopIds), context).toEqual(expected.list(call.query, call.shopIds))
  }
}

/** Stores UTF-8 bytes one per character (as a compressing codec stores its output), with a description. */
const bytewiseCodec: DocumentCodec = {
  encode: (json) => String.fromCharCode(...new TextEncoder().encode(json)),
  decode: (stored) => new TextDecoder().decode(Uint8Array.from(stored, (char) => char.charCodeAt(0))),
  description: { kind: "bytewise", data: new Uint8Array([1, 2, 3]) }
}

const codecs = (description: { readonly kind: string; readonly data: Uint8Array }): DocumentCodec => {
  if (description.kind !== "bytewise" || description.data.join() !== "1,2,3") throw new Error(`unexpected codec ${description.kind}`)
  return bytewiseCodec
}

const noCodec = (): DocumentCodec => {
  throw new Error("documents stored as they are need no codec")
}

const Seeds = Arbitrary.schema(Schema.Array(QuerySeed).check(Schema.isBetweenLength(4, 12)))
const Change = Schema.Struct({ target: SmallInt(70), seed: ProductSeed })
const Changes = Arbitrary.schema(Schema.Array(Change).check(Schema.isBetweenLength(1, 6)))

for (const options of KERNELS) {
  describe(`a shared CatalogIndex with ${JSON.stringify(options)}`, () => {
    it.prop("answers every query as the index it was shared from", [CatalogArbitrary, Seeds], ([generated, seeds]) => {
      const catalog = withWideProducts(generated, 6)
      const index = buildIndex(catalog, options)
      const shared = CatalogIndex.fromShared(index.share(), noCodec)
      expect(shared.generation).toBe(index.generation)
      expect(shared.productCount).toBe(index.productCount)
      expectSameAnswers(shared, index, [...seeds.map((seed) => queryFromSeed(seed)), ...wideCalls()])
    }, { arbitrary: { runs: 60, size: 60 } })

    it.prop(
      "keeps answering from its own generation while the writer changes and publishes the next",
      [CatalogArbitrary, Seeds, Changes],
      ([generated, seeds, changes]) => {
        const catalog = withWideProducts(generated, 3)
        const calls = [...seeds.map((seed) => queryFromSeed(seed)), ...wideCalls()]
        const writer = buildIndex(catalog, options)
        const frozen = buildIndex(catalog, options)
        const first = CatalogIndex.fromShared(writer.share(), noCodec)
        const records = [...catalog.products]
        changes.forEach((change, step) => {
          const target = Math.min(change.target, records.length)
          const id = target < records.length ? records[target]!.id : productId(records.length + 100)
          const next = productFromSeed(id, `slug-${target}-v${step}`, change.seed)
          if (target < records.length) records[target] = next
          else records.push(next)
          writer.upsertProduct(next)
        })
        expectSameAnswers(first, frozen, calls)
        const second = CatalogIndex.fromShared(writer.share(), noCodec)
        expect(second.generation).toBe(writer.generation)
        expectSameAnswers(second, writer, calls)
      },
      { arbitrary: { runs: 40, size: 60 } }
    )
  })
}

describe("a shared CatalogIndex with documents stored through a codec", () => {
  it.prop("gives the same documents, made through the codec the description names", [CatalogArbitrary, Seeds], ([generated, seeds]) => {
    const catalog = withWideProducts(generated, 4)
    const index = buildIndex(catalog, { documentCodec: bytewiseCodec })
    const calls = [...seeds.map((seed) => queryFromSeed(seed)), ...wideCalls()]
    expectSameAnswers(CatalogIndex.fromShared(index.share(), codecs), index, calls)
    // the next generation copies the bytes of the documents and texts that did not change
    for (const product of catalog.products.filter((_, position) => position % 3 === 0)) {
      index.upsertProduct({ ...product, name: `${product.name} neu ü`, description: "geändert" })
    }
    index.upsertProduct(makeProduct("wide_added", { name: "Neu hinzugefügt", shopIds: [ShopId.make("shop_a")] }))
    expectSameAnswers(CatalogIndex.fromShared(index.share(), codecs), index, calls)
  }, { arbitrary: { runs: 30, size: 60 } })

  it("refuses a codec that cannot be made again elsewhere", () => {
    const index = buildIndex({ categories: [], products: [makeProduct("p1")] }, {
      documentCodec: { encode: (json) => json.split("").reverse().join(""), decode: (stored) => stored.split("").reverse().join("") }
    })
    expect(() => index.share()).toThrow("cannot be shared")
  })

  it("lies on shared memory: the description's columns are SharedArrayBuffers", () => {
    const index = buildIndex(withWideProducts({ categories: [], products: [] }, 3))
    const shared = index.share()
    for (const column of [shared.slots.minPrice, shared.slots.searchTexts.bytes, shared.slots.documents.stored.bytes, shared.memberships.inStock]) {
      expect(column.buffer).toBeInstanceOf(SharedArrayBuffer)
    }
    expect(structuredClone(shared).slots.searchTexts.bytes.buffer).toBeInstanceOf(SharedArrayBuffer)
  })
})
