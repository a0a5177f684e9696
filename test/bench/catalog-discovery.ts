// Learns, through the public API, which data the imported catalog holds (product slugs,
// root categories, brand values), so shapes can address real rows.
import type { StoreApi } from "./store-api.ts"
import { isRecord } from "./json-fields.ts"

export interface Discovery {
  readonly productSlugs: ReadonlyArray<string>
  readonly rootCategorySlugs: ReadonlyArray<string>
  readonly brands: ReadonlyArray<string>
  /** `total` of the unfiltered listing, when the server reported it */
  readonly visibleProducts: number | null
  /** what could not be discovered; shapes that need it fail in their setup */
  readonly warnings: ReadonlyArray<string>
}

const SLUG_SAMPLE = 50

const arrayField = (u: unknown, key: string): ReadonlyArray<unknown> => {
  if (!isRecord(u)) return []
  const v = u[key]
  return Array.isArray(v) ? v : []
}

const stringField = (u: unknown, key: string): string | null => {
  if (!isRecord(u)) return null
  const v = u[key]
  return typeof v === "string" ? v : null
}

const present = <A>(a: A | null): a is A => a !== null

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e))

export const discoverCatalog = async (api: StoreApi): Promise<Discovery> => {
  const warnings: Array<string> = []
  let productSlugs: ReadonlyArray<string> = []
  let brands: ReadonlyArray<string> = []
  let visibleProducts: number | null = null
  let rootCategorySlugs: ReadonlyArray<string> = []

  try {
    const page = await api.getJson(`/v1/store/products?limit=${SLUG_SAMPLE}&includeFacets=true`)
    productSlugs = arrayField(page, "data").map((p) => stringField(p, "slug")).filter(present)
    const total = isRecord(page) ? page["total"] : undefined
    visibleProducts = typeof total === "number" ? total : null
    const facets = isRecord(page) ? page["facets"] : undefined
    const brandFacet = arrayField(facets, "attributes").find((a) => stringField(a, "key") === "brand")
    brands = arrayField(brandFacet, "values").map((v) => stringField(v, "value")).filter(present)
    if (productSlugs.length === 0) warnings.push("the product listing returned no slugs")
  } catch (e) {
    warnings.push(`product listing: ${message(e)}`)
  }

  try {
    const tree = await api.getJson("/v1/store/categories?rootOnly=true")
    rootCategorySlugs = arrayField(tree, "data").map((c) => stringField(c, "slug")).filter(present)
    if (!rootCategorySlugs.includes("women")) warnings.push("root category `women` not found")
  } catch (e) {
    warnings.push(`categories: ${message(e)}`)
  }

  return { productSlugs, rootCategorySlugs, brands, visibleProducts, warnings }
}
