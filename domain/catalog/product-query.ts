/**
 * A product listing query: the filters, sort and page of `GET /products` (docs/contract/catalog.md), with
 * money in minor units and category ids branded, and the rule every caller's search term
 * follows (HTTP and library alike).
 */
import { Result, Schema, SchemaGetter } from "effect"
import type { CategoryId } from "../shared/ids.ts"
import type { MinorUnits } from "../shared/money.ts"

export type SortBy = "bestselling" | "name" | "newest" | "price"
export type SortOrder = "asc" | "desc"

export interface AttributeFilter {
  readonly key: string
  readonly values: ReadonlyArray<string>
}

export interface ProductQuery {
  readonly page: number
  readonly limit: number
  /** Normalised (normaliseSearchTerm), non-empty search term. */
  readonly search?: string | undefined
  /** Category ids (each includes its descendants); several form a union. */
  readonly categoryIds?: ReadonlyArray<CategoryId> | undefined
  readonly minPrice?: MinorUnits | undefined
  readonly maxPrice?: MinorUnits | undefined
  /** Any of these tags. */
  readonly tags?: ReadonlyArray<string> | undefined
  /** Any value within a key, every key. */
  readonly attributes?: ReadonlyArray<AttributeFilter> | undefined
  readonly inStock?: boolean | undefined
  readonly sortBy?: SortBy | undefined
  readonly sortOrder?: SortOrder | undefined
  readonly includeFacets: boolean
}

/** How a search term is compared: without surrounding white space, lower-cased. */
const foldSearchTerm = (raw: string): string => raw.trim().toLowerCase()

/** A search term as given, decoded to the form the listing compares (`" Saree "` → `"saree"`). */
export const SearchTerm = Schema.String.pipe(
  Schema.decodeTo(Schema.String, { decode: SchemaGetter.transform(foldSearchTerm), encode: SchemaGetter.passthrough() })
)

/**
 * The search a term asks for: the term normalised (SearchTerm's rule, applied directly: this runs
 * on every listing request, cached ones too), or none when it is absent or blank.
 */
export const normaliseSearchTerm = (raw: string | undefined): string | undefined => {
  if (raw === undefined) return undefined
  const term = foldSearchTerm(raw)
  return term === "" ? undefined : term
}

export const DEFAULT_PAGE_SIZE = 20
export const MAX_PAGE_SIZE = 100

/** The default order of each sort key: `asc` for name and price, `desc` for newest and bestselling. */
export const defaultSortOrder = (sortBy: SortBy): SortOrder =>
  sortBy === "name" || sortBy === "price" ? "asc" : "desc"

/** Splits a comma-separated list, trimming items and dropping empty ones. */
export const splitCommaList = (raw: string): ReadonlyArray<string> =>
  raw.split(",").map((item) => item.trim()).filter((item) => item.length > 0)

/**
 * Parses `key:v1|v2,key2:v3` where `\` escapes `,`, `|`, `:` and `\`.
 * Values of a repeated key are merged. Fails with a message naming the problem.
 */
export const parseAttributeFilter = (raw: string): Result.Result<ReadonlyArray<AttributeFilter>, string> => {
  const groups: Array<{ key: string; values: Array<string> }> = []
  let key: string | undefined
  let values: Array<string> = []
  let current = ""
  const finishGroup = (): string | undefined => {
    if (key === undefined) {
      if (current.trim() === "" && values.length === 0) return undefined // tolerate empty segments ("a:b,")
      return `Expected "key:value" in attribute filter, got "${current}"`
    }
    values.push(current)
    const trimmedValues = values.map((value) => value.trim())
    if (key.trim() === "") return "Attribute filter has an empty key"
    if (trimmedValues.some((value) => value === "")) return `Attribute "${key.trim()}" has an empty value`
    const existing = groups.find((group) => group.key === key!.trim())
    if (existing) {
      for (const value of trimmedValues) if (!existing.values.includes(value)) existing.values.push(value)
    } else groups.push({ key: key.trim(), values: [...new Set(trimmedValues)] })
    return undefined
  }
  for (let index = 0; index < raw.length; index++) {
    const char = raw[index]!
    if (char === "\\") {
      const next = raw[index + 1]
      if (next === undefined) return Result.fail("Attribute filter ends with a lone backslash")
      current += next
      index++
    } else if (char === ":" && key === undefined) {
      key = current
      current = ""
    } else if (char === "|" && key !== undefined) {
      values.push(current)
      current = ""
    } else if (char === ",") {
      const problem = finishGroup()
      if (problem !== undefined) return Result.fail(problem)
      key = undefined
      values = []
      current = ""
    } else if ((char === ":" || char === "|")) {
      return Result.fail(`Unexpected "${char}" in attribute filter (escape it with a backslash)`)
    } else {
      current += char
    }
  }
  const problem = finishGroup()
  if (problem !== undefined) return Result.fail(problem)
  return Result.succeed(groups)
}
