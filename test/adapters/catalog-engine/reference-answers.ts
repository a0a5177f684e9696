/** The catalog index's listing checked against the reference model's answer for the same call. */
import { expect } from "@effect/vitest"
import type { CatalogIndex } from "../../../adapters/catalog-engine/catalog-index/catalog-index.ts"
import type { CatalogProduct } from "../../../domain/catalog/catalog-product.ts"
import type { CategoryRecord } from "../../../domain/catalog/category.ts"
import type { Facets } from "../../../domain/catalog/facets.ts"
import { idsOf, type ListingCall } from "../../support/catalog-fixtures.ts"
import { compareStrings, referenceList } from "../../../adapters/memory/reference-listing.ts"

/**
 * Categories with the same count and the same name have no order in the contract, so both sides
 * are put in (count desc, name asc, id asc) order before comparing.
 */
const normalized = (facets: Facets | undefined): Facets | undefined =>
  facets === undefined ? undefined : {
    ...facets,
    categories: [...facets.categories].sort((left, right) =>
      right.count - left.count || compareStrings(left.name, right.name) || compareStrings(left.id, right.id)
    )
  }

/** The index's total, page and facets are the reference model's; the listing, for further checks. */
export const expectReferenceAnswer = (
  index: CatalogIndex,
  products: ReadonlyArray<CatalogProduct>,
  categories: ReadonlyArray<CategoryRecord>,
  call: ListingCall
) => {
  const actual = index.list(call.query, call.shopIds)
  const expected = referenceList(products, categories, call.query, call.shopIds)
  const context = JSON.stringify(call)
  expect(actual.total, context).toBe(expected.total)
  expect(idsOf(actual.documents), context).toEqual(expected.ids)
  expect(normalized(actual.facets), context).toEqual(normalized(expected.facets))
  return actual
}
