import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import type { CatalogProduct } from "../../../domain/catalog/catalog-product.ts"
import type { DocumentCodec, DocumentCodecTrainer } from "../../../adapters/catalog-engine/columns/document-codec.ts"
import { ProductDocuments } from "../../../adapters/catalog-engine/columns/product-documents.ts"
import {
  type Catalog,
  CatalogArbitrary,
  makeIndex,
  productFromSeed,
  ProductSeed,
  QUERY_SHOPS,
  QueryArbitrary,
  SHOPS,
  SmallInt
} from "../../support/catalog-fixtures.ts"

/** Stores documents reversed behind a marker, and refuses to decode anything it did not encode. */
const MARKER = "\u0001encoded:"
const reversingCodec: DocumentCodec = {
  encode: (json) => MARKER + [...json].reverse().join(""),
  decode: (stored) => {
    if (!stored.startsWith(MARKER)) throw new Error(`not an encoded document: ${stored.slice(0, 40)}`)
    return [...stored.slice(MARKER.length)].reverse().join("")
  }
}

/** Stores UTF-8 bytes one per character, with a description: kept in the index's DocumentArena. */
const bytewiseCodec: DocumentCodec = {
  encode: (json) => Buffer.from(json, "utf8").toString("latin1"),
  decode: (stored) => Buffer.from(stored, "latin1").toString("utf8"),
  description: { kind: "bytewise", data: new Uint8Array(0) }
}

interface RecordingTrainer extends DocumentCodecTrainer {
  readonly trainedWith: Array<ReadonlyArray<string>>
}

const recordingTrainer = (sampleSize: number): RecordingTrainer => {
  const trainedWith: Array<ReadonlyArray<string>> = []
  return {
    sampleSize,
    trainedWith,
    train: (samples) => {
      trainedWith.push(samples)
      return reversingCodec
    }
  }
}

const Updates = Schema.Array(Schema.Struct({ target: SmallInt(70), seed: ProductSeed })).check(Schema.isMaxLength(10))

/** The catalog, then each update: a fresh seed for an existing product (slug kept) or a new product. */
const upsertsOf = (catalog: Catalog, updates: ReadonlyArray<{ target: number; seed: typeof ProductSeed.Type }>) => {
  const records = [...catalog.products]
  const upserts: Array<CatalogProduct> = [...records]
  for (const { seed, target } of updates) {
    const previous = records[target]
    const next = previous === undefined
      ? productFromSeed(`prod_new_${records.length}`, `slug-new-${records.length}`, seed)
      : productFromSeed(previous.id, previous.slug, seed)
    if (previous === undefined) records.push(next)
    else records[target] = next
    upserts.push(next)
  }
  return { records, upserts }
}

describe("CatalogIndex keeps documents through its codec", () => {
  it.prop(
    "with a codec, or a trainer of any sample size, listings and by-slug equal the identity index's",
    [CatalogArbitrary, Arbitrary.schema(Updates), Arbitrary.schema(SmallInt(40)), QueryArbitrary],
    ([catalog, updates, sampleSize, call]) => {
      const { records, upserts } = upsertsOf(catalog, updates)
      const reference = { categories: catalog.categories, sizeGuides: [] }
      const plain = makeIndex(reference)
      const encoded = makeIndex(reference, { documentCodec: reversingCodec })
      const trained = makeIndex(reference, { documentCodec: recordingTrainer(sampleSize) })
      const bytewise = makeIndex(reference, {
        documentCodec: { sampleSize, train: () => bytewiseCodec }
      })
      for (const product of upserts) {
        for (const index of [plain, encoded, trained, bytewise]) index.upsertProduct(product)
      }
      const expected = plain.list(call.query, call.shopIds)
      expect(encoded.list(call.query, call.shopIds)).toEqual(expected)
      expect(trained.list(call.query, call.shopIds)).toEqual(expected)
      expect(bytewise.list(call.query, call.shopIds)).toEqual(expected)
      for (const shopIds of [SHOPS, QUERY_SHOPS.slice(0, 1)]) {
        for (const { slug } of records) {
          const document = plain.documentBySlug(slug, shopIds)
          expect(encoded.documentBySlug(slug, shopIds)).toBe(document)
          expect(trained.documentBySlug(slug, shopIds)).toBe(document)
          expect(bytewise.documentBySlug(slug, shopIds)).toBe(document)
        }
      }
    },
    { arbitrary: { runs: 150, size: 60 } }
  )

  it("trains once, on the first sampleSize documents as rendered, then stores every document encoded", () => {
    const trainer = recordingTrainer(2)
    const documents = new ProductDocuments(trainer)
    documents.set(0, `{"n":0}`)
    expect(documents.encoding).toBe(false)
    expect(trainer.trainedWith).toEqual([])
    documents.set(1, `{"n":1}`)
    expect(documents.encoding).toBe(true)
    expect(trainer.trainedWith).toEqual([[`{"n":0}`, `{"n":1}`]])
    documents.set(2, `{"n":2}`)
    documents.set(0, `{"n":"zero"}`)
    expect(trainer.trainedWith).toHaveLength(1)
    // decode throws on anything not encoded, so each of these was re-encoded or encoded
    expect([0, 1, 2].map((slot) => documents.get(slot))).toEqual([`{"n":"zero"}`, `{"n":1}`, `{"n":2}`])
    expect(documents.get(3)).toBeUndefined()
  })

  it("a document read, replaced and read again is the new one; reads beyond the recent ones still decode", () => {
    let decodes = 0
    const counting: DocumentCodec = {
      encode: reversingCodec.encode,
      decode: (stored) => {
        decodes++
        return reversingCodec.decode(stored)
      }
    }
    const documents = new ProductDocuments(counting)
    documents.set(0, "old")
    expect(documents.get(0)).toBe("old")
    expect(documents.get(0)).toBe("old")
    expect(decodes).toBe(1)
    documents.set(0, "new")
    expect(documents.get(0)).toBe("new")
    for (let slot = 1; slot <= 600; slot++) documents.set(slot, `doc ${slot}`)
    for (let round = 0; round < 2; round++) {
      for (let slot = 1; slot <= 600; slot++) expect(documents.get(slot)).toBe(`doc ${slot}`)
    }
    expect(documents.get(0)).toBe("new")
  })

  it("a catalog smaller than the sample is kept as it is and never trained on", () => {
    const trainer = recordingTrainer(100)
    const documents = new ProductDocuments(trainer)
    for (let slot = 0; slot < 99; slot++) documents.set(slot, `{"slot":${slot}}`)
    expect(documents.encoding).toBe(false)
    expect(trainer.trainedWith).toEqual([])
    expect(documents.get(98)).toBe(`{"slot":98}`)
  })

  it("without a codec documents are stored as they are", () => {
    const documents = new ProductDocuments()
    documents.set(0, "{}")
    expect(documents.encoding).toBe(true)
    expect(documents.get(0)).toBe("{}")
  })
})
