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
 *
 * `DocumentReferences` takes the document part by part (lists whole, products one at a time)
 * and keeps only what the checks need: the natural keys seen (product slugs and variant skus
 * with where they were first seen) and the product references not resolved yet. A product's
 * references resolve as soon as the store or a list already read has them; when the list they
 * belong to was read, an unknown reference is a problem at once; otherwise it waits for the end
 * of the document (a document that lists products before their shops or categories).
 */
import { normalizeCouponCode } from "../../domain/cart/coupon.ts"
import { normaliseEmail } from "../../domain/customer/email.ts"
import { comparablePhone } from "../../domain/customer/phone.ts"
import { CompactKeyMap } from "./compact-key-map.ts"
import { partsOfDocument } from "./document-parts.ts"
import type { ExistingReferences } from "./existing-references.ts"
import type { ImportProblem } from "./import-problem.ts"
import {
  asKeys,
  categoryCycles,
  defined,
  duplicates,
  isRecord,
  type Located,
  type NaturalKey,
  type RawRecord,
  recordsAt,
  stringAt,
  stringsAt,
  unknownReference
} from "./raw-document.ts"

type ReferencedList = "shops" | "categories" | "sizeGuides"

const referenceNames: Record<ReferencedList, string> = { shops: "shop", categories: "category", sizeGuides: "size guide" }

/**
 * Where a variant sku was first seen: product index × 2^20 + variant index, or, for a variant
 * index beyond that, -(n + 1) for the n-th path kept aside.
 */
type FirstSeen = number

const VARIANT_SLOTS = 2 ** 20

export class DocumentReferences {
  readonly #problems: Array<ImportProblem> = []
  readonly #known: Record<ReferencedList, Set<string>>
  readonly #listsRead = new Set<string>()
  readonly #storedCategories: ExistingReferences["categories"]
  readonly #productSlugs = new CompactKeyMap()
  readonly #variantSkus = new CompactKeyMap()
  readonly #farVariantPaths: Array<string> = []
  /** Product references to lists not read yet, and not in the store. */
  readonly #pending: Array<Located<string> & { readonly list: ReferencedList }> = []
  /** Every shop reference outside products (keys, methods, coupons), checked at the end. */
  readonly #shopReferences: Array<Located<string>> = []

  constructor(existing: ExistingReferences) {
    this.#known = {
      shops: new Set(existing.shopIds),
      categories: new Set(existing.categories.map((category) => category.slug)),
      sizeGuides: new Set(existing.sizeGuideIds)
    }
    this.#storedCategories = existing.categories
  }

  /** The problems found so far (more may come with later parts and at `finish`). */
  get problemCount(): number {
    return this.#problems.length
  }

  /** The entries' keys at `field`: one said twice is a duplicate `label`; each is added to `known` when given. */
  #uniqueKeys(entries: ReadonlyArray<Located<RawRecord>>, field: string, label: string, known?: Set<string>): void {
    const keys = entries.map((entry) => stringAt(entry, field)).filter(defined)
    this.#problems.push(...duplicates(label, asKeys(keys)))
    if (known !== undefined) for (const key of keys) known.add(key.value)
  }

  /** A top-level list other than products, whole. */
  list(key: string, value: unknown): void {
    this.#listsRead.add(key)
    const entries = recordsAt({ [key]: value }, key, "")
    const problems = this.#problems
    switch (key) {
      case "shops":
        this.#uniqueKeys(entries, "id", "shop id", this.#known.shops)
        break
      case "publishableKeys":
        this.#uniqueKeys(entries, "key", "publishable key")
        this.#shopReferences.push(...entries.flatMap((entry) => stringsAt(entry, "shopIds")))
        break
      case "categories": {
        this.#uniqueKeys(entries, "slug", "category slug", this.#known.categories)
        const parents = entries.map((category) => stringAt(category, "parentSlug")).filter(defined)
        problems.push(...parents.filter((parent) => !this.#known.categories.has(parent.value))
          .map((parent) => unknownReference("parent category", parent)))
        problems.push(...categoryCycles(entries, this.#storedCategories))
        break
      }
      case "sizeGuides":
        this.#uniqueKeys(entries, "id", "size guide id", this.#known.sizeGuides)
        break
      case "shippingMethods":
        this.#uniqueKeys(entries, "id", "shipping method id")
        this.#shopReferences.push(...entries.map((entry) => stringAt(entry, "shopId")).filter(defined))
        break
      case "coupons": {
        const codes = entries.flatMap((coupon): Array<NaturalKey> => {
          const code = stringAt(coupon, "code")
          const shopId = stringAt(coupon, "shopId")
          return code === undefined || shopId === undefined
            ? []
            : [{ ...code, identity: JSON.stringify([shopId.value, normalizeCouponCode(code.value)]) }]
        })
        problems.push(...duplicates("coupon code in this shop", codes))
        this.#shopReferences.push(...entries.map((entry) => stringAt(entry, "shopId")).filter(defined))
        break
      }
      case "customers":
        problems.push(
          ...duplicates("customer email", asKeys(entries.map((entry) => stringAt(entry, "email")).filter(defined), normaliseEmail))
        )
        problems.push(
          ...duplicates("customer phone", asKeys(entries.map((entry) => stringAt(entry, "phone")).filter(defined), comparablePhone))
        )
        break
    }
  }

  /**
   * One product item. True when everything it refers to is known now (in the store or in a
   * list already read), so it can be written before the rest of the document is read.
   */
  product(index: number, value: unknown): boolean {
    if (!isRecord(value)) return true
    const product: Located<RawRecord> = { path: `products.${index}`, value }
    const slug = stringAt(product, "slug")
    if (slug !== undefined) {
      const first = this.#productSlugs.get(slug.value)
      if (first === undefined) this.#productSlugs.set(slug.value, index)
      else this.#problems.push(duplicateAt("product slug", slug, `products.${first}.slug`))
    }
    recordsAt(value, "variants", product.path).forEach((variant, variantIndex) => {
      const sku = stringAt(variant, "sku")
      if (sku === undefined) return
      const first = this.#variantSkus.get(sku.value)
      if (first === undefined) this.#variantSkus.set(sku.value, this.#seenAt(index, variantIndex, sku.path))
      else this.#problems.push(duplicateAt("variant sku", sku, this.#firstSkuPath(first)))
    })
    let resolved = true
    const refer = (list: ReferencedList, references: ReadonlyArray<Located<string>>) => {
      for (const reference of references) {
        if (this.#known[list].has(reference.value)) continue
        resolved = false
        if (this.#listsRead.has(list)) this.#problems.push(unknownReference(referenceNames[list], reference))
        else this.#pending.push({ ...reference, list })
      }
    }
    refer("shops", stringsAt(product, "shopIds"))
    refer("categories", stringsAt(product, "categorySlugs"))
    refer("sizeGuides", [stringAt(product, "sizeGuideId")].filter(defined))
    return resolved
  }

  /** Every problem, once the whole document was read. */
  finish(): Array<ImportProblem> {
    const unresolved = this.#pending.filter((reference) => !this.#known[reference.list].has(reference.value))
    return [
      ...this.#problems,
      ...this.#shopReferences.filter((reference) => !this.#known.shops.has(reference.value))
        .map((reference) => unknownReference("shop", reference)),
      ...unresolved.map((reference) => unknownReference(referenceNames[reference.list], reference))
    ]
  }

  #seenAt(productIndex: number, variantIndex: number, path: string): FirstSeen {
    return variantIndex < VARIANT_SLOTS ? productIndex * VARIANT_SLOTS + variantIndex : -this.#farVariantPaths.push(path)
  }

  #firstSkuPath(first: FirstSeen): string {
    return first < 0
      ? this.#farVariantPaths[-first - 1] ?? "?"
      : `products.${Math.floor(first / VARIANT_SLOTS)}.variants.${first % VARIANT_SLOTS}.sku`
  }
}

const duplicateAt = (what: string, key: Located<string>, firstPath: string): ImportProblem => ({
  path: key.path,
  message: `Duplicate ${what} "${key.value}" (first at ${firstPath})`
})

/** Every cross-reference problem of a document held in memory. */
export const checkDocumentReferences = (document: unknown, existing: ExistingReferences): Array<ImportProblem> => {
  const references = new DocumentReferences(existing)
  for (const part of partsOfDocument(document)) {
    if (part._tag === "Member") references.list(part.key, part.value)
    else if (part._tag === "ProductItem") references.product(part.index, part.value)
  }
  return references.finish()
}
