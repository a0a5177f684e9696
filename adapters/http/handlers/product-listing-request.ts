/**
 * Turns the decoded query of GET /products into the application's listing request: defaults,
 * comma lists, major → minor units, the attribute filter syntax, and the rules a Schema field
 * cannot express alone (minPrice ≤ maxPrice). Problems are reported as validation failures.
 */
import { Result } from "effect"
import type { ProductListingRequest } from "../../../application/catalog/product-listing.ts"
import { DEFAULT_PAGE_SIZE, normaliseSearchTerm, parseAttributeFilter, splitCommaList } from "../../../domain/catalog/product-query.ts"
import { CategoryId } from "../../../domain/shared/ids.ts"
import { toMinor } from "../../../domain/shared/money.ts"
import type { CatalogApiGroup } from "../api/catalog-api-group.ts"
import type { FieldProblem } from "../problems/request-problems.ts"

type ListingQuery = (typeof CatalogApiGroup.endpoints.listProducts)["~Request"]["query"]

const listOf = (value: string | ReadonlyArray<string> | undefined): ReadonlyArray<string> | undefined =>
  value === undefined ? undefined : (typeof value === "string" ? [value] : value).flatMap(splitCommaList)

export const toListingRequest = (
  query: ListingQuery
): Result.Result<ProductListingRequest, ReadonlyArray<FieldProblem>> => {
  const problems: Array<FieldProblem> = []
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
    problems.push({ path: "minPrice", message: "Expected minPrice to be less than or equal to maxPrice" })
  }
  let attributes: ProductListingRequest["attributes"]
  if (query.attributes !== undefined) {
    const parsed = parseAttributeFilter(query.attributes)
    if (Result.isFailure(parsed)) problems.push({ path: "attributes", message: parsed.failure })
    else attributes = parsed.success.length === 0 ? undefined : parsed.success
  }
  if (problems.length > 0) return Result.fail(problems)

  const categoryIds = [...(query.categoryId === undefined ? [] : [query.categoryId]), ...(listOf(query.categoryIds) ?? [])]
    .map((id) => CategoryId.make(id))
  const categorySlugs = listOf(query.categorySlug)
  const tags = listOf(query.tags)
  return Result.succeed({
    page: query.page ?? 1,
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
    search: normaliseSearchTerm(query.search),
    categoryIds: query.categoryId === undefined && query.categoryIds === undefined ? undefined : categoryIds,
    categorySlugs,
    minPrice: query.minPrice === undefined ? undefined : toMinor(query.minPrice),
    maxPrice: query.maxPrice === undefined ? undefined : toMinor(query.maxPrice),
    tags: tags === undefined || tags.length === 0 ? undefined : tags,
    attributes,
    inStock: query.inStock,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    includeFacets: query.includeFacets ?? false
  })
}
