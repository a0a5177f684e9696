import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import { inflateRawSync } from "node:zlib"
import { trainDictionary } from "../../../../adapters/catalog-engine/compression/compression-dictionary.ts"
import {
  DEFAULT_DICTIONARY,
  dictionaryDocumentCodec,
  dictionaryDocumentCodecTrainer,
  documentCodecFromDescription,
  trainCodecData
} from "../../../../adapters/catalog-engine/compression/dictionary-document-codec.ts"
import { codeLengths, MAX_CODE_BITS } from "../../../../adapters/catalog-engine/compression/huffman-code.ts"
import { CatalogIndex } from "../../../../adapters/catalog-engine/catalog-index/catalog-index.ts"
import { makeIndex, makeProduct, makeVariant, shops } from "../../../support/catalog-fixtures.ts"
import { ShopId } from "../../../../domain/shared/ids.ts"

const BRANDS = ["Aarong", "Richman", "Cats Eye", "Yellow", "Ecstasy"]
const COLOURS = ["Red", "Blue", "Black", "White"]

/** Products shaped like the benchmark catalog's: the same keys, enumerations and URL patterns. */
const products = (count: number) =>
  Array.from({ length: count }, (_, index) => {
    const brand = BRANDS[index % BRANDS.length]!
    const name = `${brand} Everyday Item ${10_000 + index}`
    return makeProduct(`prod_${index.toString(36).padStart(8, "0")}`, {
      slug: `${brand.toLowerCase().replace(" ", "-")}-everyday-item-${10_000 + index}`,
      name,
      description: `${name}. Cotton quality from ${brand}. Ideal for party occasions.`,
      sku: `P-${10_000 + index}`,
      thumbnail: `https://img.example.com/p/${index}/thumb.jpg`,
      images: [`https://img.example.com/p/${index}/1.jpg`, `https://img.example.com/p/${index}/2.jpg`],
      tags: ["summer", index % 2 === 0 ? "sale" : "new"],
      attributes: { brand: { type: "text", value: brand }, origin: { type: "text", value: "Bangladesh" } },
      seo: { metaTitle: name, metaDescription: `Buy ${name} online`, metaKeywords: [brand.toLowerCase()], ogImage: null },
      shopIds: [ShopId.make("shop_a")],
      variants: COLOURS.slice(0, 1 + (index % 3)).map((colour, position) =>
        makeVariant(`var_${index}_${position}`, {
          sku: `SKU-${10_000 + index}-${position}`,
          originalPrice: 1000 + 50 * position,
          images: [`https://img.example.com/p/${index}/${position}.jpg`],
          optionValues: { color: colour }
        })
      ),
      variantOptions: [{ key: "color", values: COLOURS.slice(0, 1 + (index % 3)), position: 0 }]
    })
  })

const documentsOf = (count: number): Array<string> => {
  const index = makeIndex({ categories: [], sizeGuides: [] })
  for (const product of products(count)) index.upsertProduct(product)
  return index.list({ page: 1, limit: 100, includeFacets: false }, shops("shop_a")).documents.slice()
}

/** Texts: any (well-formed) string, or pieces from a small alphabet joined, so that they repeat as documents do. */
const Pieces = Schema.Array(Schema.Literals(["{\"id\":", "\"name\"", "শাড়ি", "👟", "a", "\u0000", "https://img.example.com/p/"]))
const Texts = Schema.Array(Schema.Union([Schema.String, Pieces]))
const textsOf = (drawn: typeof Texts.Type): Array<string> =>
  drawn.map((text) => typeof text === "string" ? text.toWellFormed() : text.join(""))

describe("dictionary document codec", () => {
  const documents = documentsOf(100)
  const codec = dictionaryDocumentCodec(trainCodecData(documents.slice(0, 50)))

  it.prop(
    "decodes what it encoded, for any text, with a codec trained on any samples",
    [Arbitrary.schema(Texts), Arbitrary.schema(Texts)],
    ([drawnSamples, drawnTexts]) => {
      const samples = textsOf(drawnSamples)
      const trained = dictionaryDocumentCodec(trainCodecData(samples, { size: 512, segmentLength: 24, gramLength: 4 }))
      for (const text of [...textsOf(drawnTexts), ...samples]) expect(trained.decode(trained.encode(text))).toBe(text)
    }
  )

  it.prop(
    "code lengths fit the limit and form a complete prefix code, whatever the counts",
    [Arbitrary.schema(Schema.Array(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 2 ** 40 }))).check(Schema.isMinLength(2)))],
    ([counts]) => {
      const lengths = codeLengths(counts)
      expect(lengths.every((length) => length >= 1 && length <= MAX_CODE_BITS)).toBe(true)
      expect(lengths.reduce((sum, length) => sum + 2 ** -length, 0)).toBe(1)
    }
  )

  it("a cut document decodes to an error or another text, and raw deflate does not read it", () => {
    const stored = Buffer.from(codec.encode(documents[0]!), "latin1")
    for (let cut = 0; cut < stored.length - 4; cut += 7) {
      const outcome = (() => {
        try {
          return codec.decodeBytes!(stored.subarray(0, cut))
        } catch (error) {
          return error as Error
        }
      })()
      expect(outcome === documents[0]).toBe(false)
    }
    // raw deflate's reader does not take it: the format is this codec's own
    expect(() => inflateRawSync(stored)).toThrow()
  })

  it("round-trips documents, including ones unlike the samples and any Unicode", () => {
    const unusual = [
      "",
      "{}",
      JSON.stringify({ name: "Kaffeebohnen für Gemüse", emoji: "👟🧦", bangla: "শাড়ি", quote: "\"\\\u0000" }),
      "x".repeat(100_000),
      ...documents
    ]
    for (const json of unusual) expect(codec.decode(codec.encode(json))).toBe(json)
  })

  it("stores one byte per character (latin1), several times smaller than the document", () => {
    const unseen = documents.slice(50)
    const plainBytes = unseen.reduce((total, json) => total + Buffer.byteLength(json), 0)
    const encoded = unseen.map((json) => codec.encode(json))
    for (const stored of encoded) expect([...stored].every((character) => character.charCodeAt(0) < 256)).toBe(true)
    const storedBytes = encoded.reduce((total, stored) => total + stored.length, 0)
    expect(plainBytes / storedBytes).toBeGreaterThan(3)
  })

  it("the trained dictionary fits its size, is deterministic, and is the samples themselves when they are smaller", () => {
    const dictionary = trainDictionary(documents, DEFAULT_DICTIONARY)
    expect(dictionary.length).toBeLessThanOrEqual(DEFAULT_DICTIONARY.size)
    expect(dictionary.length).toBeGreaterThan(DEFAULT_DICTIONARY.size / 2)
    expect(trainDictionary(documents, DEFAULT_DICTIONARY)).toEqual(dictionary)
    expect(Buffer.from(trainDictionary(["ab", "cd"], DEFAULT_DICTIONARY)).toString()).toBe("abcd")
    expect(trainDictionary([], DEFAULT_DICTIONARY)).toEqual(new Uint8Array(0))
    const empty = dictionaryDocumentCodec(trainCodecData([]))
    expect(empty.decode(empty.encode(documents[0]!))).toBe(documents[0])
  })

  it("an index with the trainer answers exactly as one without, before and after training", () => {
    const catalog = products(60)
    const plain = makeIndex({ categories: [], sizeGuides: [] })
    const compressed = makeIndex(
      { categories: [], sizeGuides: [] },
      { documentCodec: dictionaryDocumentCodecTrainer({ sampleSize: 25 }) }
    )
    catalog.forEach((product, position) => {
      plain.upsertProduct(product)
      compressed.upsertProduct(product)
      if (position % 10 === 0) {
        expect(compressed.documentBySlug(product.slug, shops("shop_a"))).toBe(plain.documentBySlug(product.slug, shops("shop_a")))
      }
    })
    // an update after training is encoded with the trained dictionary
    const renamed = { ...catalog[3]!, name: "Renamed Ürün" }
    plain.upsertProduct(renamed)
    compressed.upsertProduct(renamed)
    const query = { page: 1, limit: 100, includeFacets: true, sortBy: "name" } as const
    expect(compressed.list(query, shops("shop_a"))).toEqual(plain.list(query, shops("shop_a")))
    for (const product of catalog) {
      expect(compressed.documentBySlug(product.slug, shops("shop_a"))).toBe(plain.documentBySlug(product.slug, shops("shop_a")))
    }
  })

  it("an index shared through the codec's description (as a listing worker rebuilds it) gives the same answers", () => {
    const compressed = makeIndex(
      { categories: [], sizeGuides: [] },
      { documentCodec: dictionaryDocumentCodecTrainer({ sampleSize: 25 }) }
    )
    for (const product of products(60)) compressed.upsertProduct(product)
    const shared = CatalogIndex.fromShared(compressed.share(), documentCodecFromDescription)
    const query = { page: 1, limit: 100, includeFacets: true, sortBy: "name" } as const
    expect(shared.list(query, shops("shop_a"))).toEqual(compressed.list(query, shops("shop_a")))
    expect(() => documentCodecFromDescription({ kind: "zstd", data: new Uint8Array(0) })).toThrow("unknown document codec")
    // a description whose codes the reader could not hold, or that are not a complete code, is refused
    const description = codec.description!
    const tooLong = Uint8Array.from(description.data)
    tooLong[tooLong.length - 1] = 13
    expect(() => documentCodecFromDescription({ ...description, data: tooLong })).toThrow("malformed document codec description")
    const incomplete = Uint8Array.from(description.data)
    incomplete[incomplete.length - 1] = incomplete[incomplete.length - 1]! + 1
    expect(() => documentCodecFromDescription({ ...description, data: incomplete })).toThrow("malformed document codec description")
  })
})
