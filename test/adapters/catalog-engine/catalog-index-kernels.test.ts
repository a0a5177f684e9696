/**
 * The catalog index's interchangeable kernels give the reference model's answers: every facet
 * kernel forced on every set (popcount over bit sets, per-product tally, and the automatic
 * choice), both search kernels (the trigram index, rebuilt after a few changes, and the scan) and
 * both ways of picking a page (walking the sort permutation, sorting the result by rank) and of
 * the price filter (the run of the sorted variant prices, a check of each candidate's variants),
 * with the facet counts kept by filter set across pages, sorts and limits and dropped when a
 * product changes.
 */
import { describe, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import type { CatalogIndex } from "../../../adapters/catalog-engine/catalog-index/catalog-index.ts"
import { buildIndex, CatalogArbitrary, type IndexOptions, type ListingCall, ProductSeed, productFromSeed } from "../../support/catalog-fixtures.ts"
import { productId, QueryArbitrary, queryFromSeed, QuerySeed, SmallInt, SORT_KEYS } from "../../support/catalog-fixtures.ts"
import { expectReferenceAnswer } from "./reference-answers.ts"

/** The same filters on other pages, sorts and limits: the facets kept for the filter set must still hold. */
const variantsOf = (call: ListingCall, step: number): Array<ListingCall> => [
  call,
  { ...call, query: { ...call.query, page: call.query.page + 1 } },
  { ...call, query: { ...call.query, sortBy: SORT_KEYS[step % SORT_KEYS.length], limit: 1 + (step % 7) } }
]

const Change = Schema.Struct({ target: SmallInt(70), seed: ProductSeed, queryBetween: QuerySeed })
const Changes = Schema.Array(Change).check(Schema.isMaxLength(8))

const KERNELS: ReadonlyArray<IndexOptions> = [
  { facetKernel: "bitsets", searchKernel: "trigrams", searchRebuildAfter: 3, pagingKernel: "sort", priceKernel: "range" },
  { facetKernel: "tally", searchKernel: "scan", pagingKernel: "walk", priceKernel: "scan" },
  { facetKernel: "auto", searchKernel: "trigrams", pagingKernel: "sort", priceKernel: "range" },
  {}
]

for (const options of KERNELS) {
  describe(`CatalogIndex with ${JSON.stringify(options)} equals the reference model`, () => {
    it.prop("random catalogs and queries", [CatalogArbitrary, QueryArbitrary], ([catalog, call]) => {
      expectReferenceAnswer(buildIndex(catalog, options), catalog.products, catalog.categories, call)
    }, { arbitrary: { runs: 120, size: 60 } })

    it.prop(
      "queries repeated on other pages, sorts and limits of one index",
      [CatalogArbitrary, Arbitrary.schema(Schema.Array(QuerySeed).check(Schema.isBetweenLength(1, 5)))],
      ([catalog, seeds]) => {
        const index = buildIndex(catalog, options)
        seeds.forEach((seed, step) => {
          for (const call of variantsOf(queryFromSeed(seed), step)) {
            expectReferenceAnswer(index, catalog.products, catalog.categories, call)
          }
        })
      },
      { arbitrary: { runs: 80, size: 60 } }
    )

    it.prop(
      "queries answered between product changes (nothing kept from before a change is served after it)",
      [CatalogArbitrary, Arbitrary.schema(Schema.Array(QuerySeed).check(Schema.isBetweenLength(1, 4))), Arbitrary.schema(Changes)],
      ([catalog, seeds, changes]) => {
        const index = buildIndex(catalog, options)
        const records = [...catalog.products]
        const calls = seeds.map((seed) => queryFromSeed(seed))
        for (const call of calls) index.list(call.query, call.shopIds)
        changes.forEach((change, step) => {
          const target = Math.min(change.target, records.length)
          const id = target < records.length ? records[target]!.id : productId(records.length)
          const next = productFromSeed(id, `slug-${target}-v${step}`, change.seed)
          if (target < records.length) records[target] = next
          else records.push(next)
          index.upsertProduct(next)
          expectReferenceAnswer(index, records, catalog.categories, queryFromSeed(change.queryBetween))
          for (const call of calls) expectReferenceAnswer(index, records, catalog.categories, call)
        })
      },
      { arbitrary: { runs: 60, size: 60 } }
    )
  })
}
