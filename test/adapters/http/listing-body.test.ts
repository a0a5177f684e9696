import { describe, expect, it } from "@effect/vitest"
import { listingBytes, listingJson } from "../../../adapters/http/representation/listing-body.ts"
import type { ProductListing } from "../../../application/catalog/product-listing.ts"
import type { Facets } from "../../../domain/catalog/facets.ts"
import { asMinorUnits } from "../../../domain/shared/money.ts"

const facets: Facets = {
  attributes: [{ key: "রং", values: [{ value: "লাল", count: 2 }, { value: "blue \"navy\"", count: 1 }] }],
  availability: { inStock: 2, outOfStock: 1 },
  categories: [{ id: "cat_1", name: "জামা", slug: "shirts", count: 3 }],
  priceRange: { min: asMinorUnits(1_050), max: asMinorUnits(99_999) },
  tags: [{ value: "sale", count: 3 }]
}

const listing = (documents: ReadonlyArray<string>, more: Partial<ProductListing> = {}): ProductListing => ({
  total: documents.length,
  page: 1,
  limit: 20,
  totalPages: 1,
  documents,
  facets: undefined,
  ...more
})

describe("listingBytes", () => {
  it("is the UTF-8 of listingJson: no documents, ASCII and Bangla documents, facets, a correction", () => {
    const cases = [
      listing([]),
      listing([], { didYouMean: "শার্ট", facets }),
      listing(['{"id":"p1","name":"Shirt"}']),
      listing(['{"id":"p1","name":"শার্ট \\u2028"}', '{"id":"p2","name":"Lamp 💡"}', "{}"], { facets }),
      listing(['{"id":"p1"}', '{"id":"p2","name":"é"}'], { facets, didYouMean: "lamp" })
    ]
    for (const one of cases) expect(listingBytes(one).equals(Buffer.from(listingJson(one), "utf8"))).toBe(true)
  })
})
