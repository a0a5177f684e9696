/**
 * The checks a schema cannot express, run over the raw document so that they are reported
 * together with the schema's problems even when parts of the document are malformed (an entry
 * whose key is not a string is simply skipped here; the schema reports it):
 *
 * - duplicates: shop ids, publishable keys, category slugs, size guide ids, product slugs,
 *   variant skus (across all products), shipping method ids, coupon codes per shop
 *   (case-insensitive), customer emails (normalised) and phones;
 * - references: a key's, product's, method's or coupon's shop, a product's categories and size
 *   guide, a category's parent must be in the document or already in the store;
 * - category parent cycles, including cycles through stored categories.
 */
import { normalizeCouponCode } from "../../domain/cart/coupon.ts"
import { normaliseEmail } from "../../domain/customer/email.ts"
import type { ExistingReferences } from "./existing-references.ts"
import type { ImportProblem } from "./import-problem.ts"

type RawRecord = Readonly<Record<string, unknown>>

interface Located<A> {
  readonly path: string
  readonly value: A
}

const isRecord = (value: unknown): value is RawRecord =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** The object entries of `parent[key]` when it is an array, with their paths. */
const recordsAt = (parent: unknown, key: string, parentPath: string): Array<Located<RawRecord>> => {
  if (!isRecord(parent)) return []
  const list = parent[key]
  if (!Array.isArray(list)) return []
  const path = parentPath === "" ? key : `${parentPath}.${key}`
  const out: Array<Located<RawRecord>> = []
  list.forEach((item: unknown, index) => {
    if (isRecord(item)) out.push({ path: `${path}.${index}`, value: item })
  })
  return out
}

const stringAt = (entry: Located<RawRecord>, key: string): Located<string> | undefined => {
  const value = entry.value[key]
  return typeof value === "string" ? { path: `${entry.path}.${key}`, value } : undefined
}

const stringsAt = (entry: Located<RawRecord>, key: string): Array<Located<string>> => {
  const list = entry.value[key]
  if (!Array.isArray(list)) return []
  const out: Array<Located<string>> = []
  list.forEach((item: unknown, index) => {
    if (typeof item === "string") out.push({ path: `${entry.path}.${key}.${index}`, value: item })
  })
  return out
}

const defined = <A>(value: A | undefined): value is A => value !== undefined

/** A natural key as written (`value`) and as compared (`identity`, e.g. case-folded). */
interface NaturalKey extends Located<string> {
  readonly identity: string
}

const asKeys = (
  located: ReadonlyArray<Located<string>>,
  identity: (value: string) => string = (value) => value
): Array<NaturalKey> => located.map((key) => ({ ...key, identity: identity(key.value) }))

const duplicates = (what: string, keys: ReadonlyArray<NaturalKey>): Array<ImportProblem> => {
  const firstSeen = new Map<string, string>()
  const problems: Array<ImportProblem> = []
  for (const key of keys) {
    const first = firstSeen.get(key.identity)
    if (first === undefined) firstSeen.set(key.identity, key.path)
    else problems.push({ path: key.path, message: `Duplicate ${what} "${key.value}" (first at ${first})` })
  }
  return problems
}

const unknownReferences = (
  what: string,
  references: ReadonlyArray<Located<string>>,
  known: ReadonlySet<string>
): Array<ImportProblem> =>
  references
    .filter((reference) => !known.has(reference.value))
    .map((reference) => ({
      path: reference.path,
      message: `Unknown ${what} "${reference.value}" (neither in the document nor in the store)`
    }))

const categoryCycles = (
  categories: ReadonlyArray<Located<RawRecord>>,
  existing: ExistingReferences
): Array<ImportProblem> => {
  const parentOf = new Map<string, string | null>()
  for (const category of existing.categories) parentOf.set(category.slug, category.parentSlug)
  for (const category of categories) {
    const slug = stringAt(category, "slug")
    const parent = category.value["parentSlug"]
    if (slug !== undefined) parentOf.set(slug.value, typeof parent === "string" ? parent : null)
  }
  const problems: Array<ImportProblem> = []
  for (const category of categories) {
    const slug = stringAt(category, "slug")?.value
    if (slug === undefined) continue
    const chain = [slug]
    let current = parentOf.get(slug) ?? null
    while (current !== null && chain.length <= parentOf.size) {
      chain.push(current)
      if (current === slug) {
        problems.push({
          path: `${category.path}.parentSlug`,
          message: `Category "${slug}" is its own ancestor (${chain.join(" → ")})`
        })
        break
      }
      current = parentOf.get(current) ?? null
    }
  }
  return problems
}

export const checkDocumentReferences = (document: unknown, existing: ExistingReferences): Array<ImportProblem> => {
  const shops = recordsAt(document, "shops", "")
  const keys = recordsAt(document, "publishableKeys", "")
  const categories = recordsAt(document, "categories", "")
  const sizeGuides = recordsAt(document, "sizeGuides", "")
  const products = recordsAt(document, "products", "")
  const methods = recordsAt(document, "shippingMethods", "")
  const coupons = recordsAt(document, "coupons", "")
  const customers = recordsAt(document, "customers", "")

  const shopIds = shops.map((shop) => stringAt(shop, "id")).filter(defined)
  const categorySlugs = categories.map((category) => stringAt(category, "slug")).filter(defined)
  const sizeGuideIds = sizeGuides.map((guide) => stringAt(guide, "id")).filter(defined)
  const variants = products.flatMap((product) => recordsAt(product.value, "variants", product.path))

  const knownShops = new Set([...existing.shopIds, ...shopIds.map((id) => id.value)])
  const knownCategories = new Set([
    ...existing.categories.map((category) => category.slug),
    ...categorySlugs.map((slug) => slug.value)
  ])
  const knownSizeGuides = new Set([...existing.sizeGuideIds, ...sizeGuideIds.map((id) => id.value)])

  const couponKeys = coupons.flatMap((coupon): Array<NaturalKey> => {
    const code = stringAt(coupon, "code")
    const shopId = stringAt(coupon, "shopId")
    return code === undefined || shopId === undefined
      ? []
      : [{ ...code, identity: JSON.stringify([shopId.value, normalizeCouponCode(code.value)]) }]
  })

  return [
    ...duplicates("shop id", asKeys(shopIds)),
    ...duplicates("publishable key", asKeys(keys.map((key) => stringAt(key, "key")).filter(defined))),
    ...duplicates("category slug", asKeys(categorySlugs)),
    ...duplicates("size guide id", asKeys(sizeGuideIds)),
    ...duplicates("product slug", asKeys(products.map((product) => stringAt(product, "slug")).filter(defined))),
    ...duplicates("variant sku", asKeys(variants.map((variant) => stringAt(variant, "sku")).filter(defined))),
    ...duplicates("shipping method id", asKeys(methods.map((method) => stringAt(method, "id")).filter(defined))),
    ...duplicates("coupon code in this shop", couponKeys),
    ...duplicates("customer email", asKeys(customers.map((customer) => stringAt(customer, "email")).filter(defined), normaliseEmail)),
    ...duplicates("customer phone", asKeys(customers.map((customer) => stringAt(customer, "phone")).filter(defined))),

    ...unknownReferences("shop", keys.flatMap((key) => stringsAt(key, "shopIds")), knownShops),
    ...unknownReferences("parent category", categories.map((category) => stringAt(category, "parentSlug")).filter(defined), knownCategories),
    ...unknownReferences("shop", products.flatMap((product) => stringsAt(product, "shopIds")), knownShops),
    ...unknownReferences("category", products.flatMap((product) => stringsAt(product, "categorySlugs")), knownCategories),
    ...unknownReferences("size guide", products.map((product) => stringAt(product, "sizeGuideId")).filter(defined), knownSizeGuides),
    ...unknownReferences("shop", methods.map((method) => stringAt(method, "shopId")).filter(defined), knownShops),
    ...unknownReferences("shop", coupons.map((coupon) => stringAt(coupon, "shopId")).filter(defined), knownShops),

    ...categoryCycles(categories, existing)
  ]
}
