/**
 * The snapshot format pinned by its bytes: a fixed catalog (categories, products in several
 * shops with sale prices, tags, attributes, options; documents compressed by the server's codec)
 * written as a snapshot hashes to the digest below under the format name below. A change to how
 * any part of the index, the codec's description or the documents is stored changes the digest:
 * snapshots already stored were written in the old form, so the change must also change the
 * format's name (`ENCODING` in adapters/catalog-engine/engine-snapshots.ts), which makes starts
 * ignore them, and then both pins are updated together. The same bytes read back answer as the
 * index they were taken of.
 */
import { createHash } from "node:crypto"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { dictionaryDocumentCodecTrainer, documentCodecFromDescription, EngineProductSearch } from "../../../adapters/catalog-engine/catalog-engine.ts"
import { productJsonDocuments } from "../../../adapters/http/representation/product-document.ts"
import type { CatalogProduct } from "../../../domain/catalog/catalog-product.ts"
import { CategoryId, ShopId } from "../../../domain/shared/ids.ts"
import { makeCategories, makeProduct, makeVariant } from "../../support/catalog-fixtures.ts"

/** The pins: update both, and only with a new ENCODING, when the stored form changes on purpose. */
const PINNED = {
  format: "catalog-engine/4 documents:33971b07908131a2",
  sha256: "080e59b031db1ac07b6bc3f6fe40caeea66aacab5cc4427d333fecd94fd742ed"
}

const options = {
  format: productJsonDocuments,
  documentCodec: dictionaryDocumentCodecTrainer({ sampleSize: 8 }),
  codecFromDescription: documentCodecFromDescription
}

const categories = makeCategories([
  { name: 0, parent: 0, position: 0 },
  { name: 1, parent: 0, position: 1 },
  { name: 2, parent: 0, position: 0 },
  { name: 5, parent: 2, position: 0 }
])
const reference = { categories, sizeGuides: [] }

const products: ReadonlyArray<CatalogProduct> = Array.from({ length: 24 }, (_, index) =>
  makeProduct(`prod_${index}`, {
    name: `${["Jamdani", "Cotton", "Silk", "Leather"][index % 4]} ${["Saree", "Panjabi", "Wallet"][index % 3]} ${index}`,
    description: index % 5 === 0 ? "" : `Handmade in Dhaka, pattern ${index % 7}`,
    tags: [["eid", "sale"], ["new"], []][index % 3]!,
    attributes: index % 4 === 3 ? null : { material: { type: "text", value: ["cotton", "silk", "leather"][index % 3]! } },
    categoryIds: [CategoryId.make(`cat_${index % 4}`)],
    shopIds: index % 6 === 0 ? [ShopId.make("shop_a"), ShopId.make("shop_b")] : [ShopId.make(index % 2 === 0 ? "shop_a" : "shop_b")],
    enabled: index % 11 !== 10,
    salesCount: (index * 37) % 100,
    createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
    variantOptions: index % 2 === 0 ? [{ key: "size", values: ["M", "L"], position: 0 }] : [],
    variants: index % 2 === 0
      ? [
        makeVariant(`var_${index}_m`, { originalPrice: 100_000 + index * 250, salePrice: index % 3 === 0 ? 90_000 : null, stock: index % 5, optionValues: { size: "M" } }),
        makeVariant(`var_${index}_l`, { originalPrice: 110_000 + index * 250, stock: 3, optionValues: { size: "L" } })
      ]
      : [makeVariant(`var_${index}`, { originalPrice: 45_050 + index * 100, stock: index % 4 })]
  })
)

const snapshotOf = () => {
  const search = EngineProductSearch.engineProductSearch(options)
  const index = search.make(reference)
  index.apply(products)
  index.settle()
  return { index, format: search.snapshots!.format, bytes: Buffer.concat(search.snapshots!.write(index)) }
}

describe("the engine snapshot format", () => {
  it("writes the pinned bytes under the pinned format name", () => {
    const { format, bytes } = snapshotOf()
    expect({ format, sha256: createHash("sha256").update(bytes).digest("hex") }).toEqual(PINNED)
  })

  it("is deterministic, and its bytes read back answer as the index they were taken of", () => {
    const first = snapshotOf()
    const second = snapshotOf()
    expect(second.bytes.equals(first.bytes)).toBe(true)
    const reader = EngineProductSearch.engineProductSearch(options).snapshots!.read(reference)
    reader.push(first.bytes)
    const restored = reader.finish()
    const shopIds = [ShopId.make("shop_a"), ShopId.make("shop_b")]
    const listing = { page: 1, limit: 50, includeFacets: true, sortBy: "price" as const }
    expect(Effect.runSync(restored.list(listing, shopIds))).toEqual(Effect.runSync(first.index.list(listing, shopIds)))
    expect(restored.bySlug("slug-prod_3", shopIds)).toEqual(first.index.bySlug("slug-prod_3", shopIds))
  })
})
