/**
 * The contract every catalog store (CatalogSource + CatalogImportWriter) keeps, run against the
 * in-memory store and against each SQL engine: an imported document loads back as the same
 * records, re-importing changes nothing, changes show up since a cursor, reference data round
 * trips, an invalid document is rejected whole, and imported customers and coupons are the ones
 * the CustomerRepository and the CouponRepository of the same store see.
 */
import { expect, layer } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { CouponRepository } from "../../application/cart/coupon-repository.ts"
import { CatalogSource } from "../../application/catalog/catalog-source.ts"
import type { CatalogReferenceData, ChangeCursor, ProductPage } from "../../application/catalog/catalog-snapshot.ts"
import { toCatalogImportData, type ImportProductData } from "../../application/catalog-import/catalog-import-data.ts"
import type { CatalogImportWriter } from "../../application/catalog-import/catalog-import-writer.ts"
import { importCatalog } from "../../application/catalog-import/import-catalog.ts"
import type { ImportDocument } from "../../application/catalog-import/import-document.ts"
import { isUnchanged } from "../../application/catalog-import/import-summary.ts"
import { CustomerRepository } from "../../application/customer/customer-repository.ts"
import { newRegisteredCustomer } from "../../domain/customer/customer.ts"
import { parseEmail } from "../../domain/customer/email.ts"
import { type CatalogProduct, productContentOf } from "../../domain/catalog/catalog-product.ts"
import { combinedCatalog } from "../support/catalog-documents.ts"
import { CustomerId, ShopId } from "../../domain/shared/ids.ts"

const GENERATED_PRODUCTS = 50

/** Every product, paging with a small page size so that paging itself is exercised. */
const loadAll = (since: ChangeCursor | null) =>
  Effect.gen(function*() {
    const source = yield* CatalogSource
    const products: Array<CatalogProduct> = []
    let afterId: string | null = null
    for (;;) {
      const page: ProductPage = yield* source.loadProducts({ since, afterId, limit: 7 })
      products.push(...page.products)
      if (page.nextAfterId === null) break
      afterId = page.nextAfterId
    }
    return products
  })

/**
 * A cursor past every change made so far. The PostgreSQL cursor is a snapshot's xmin, so a
 * transaction of another test file still running when it is taken holds it back and makes our
 * own earlier writes look "changed since" (harmless for the read model, fatal for an equality
 * assertion): take cursors until one reports nothing changed.
 */
const settledCursor = Effect.gen(function*() {
  const source = yield* CatalogSource
  for (let attempt = 0; attempt < 100; attempt++) {
    const cursor = yield* source.currentCursor
    const changed = yield* loadAll(cursor)
    const referenceChanged = yield* source.referenceChangedSince(cursor)
    if (changed.length === 0 && !referenceChanged) return cursor
    yield* Effect.sleep("50 millis")
  }
  return yield* Effect.die(new Error("the change cursor never settled"))
})

/** A product as its natural keys describe it: no generated ids, categories by slug. */
const naturalProduct = (product: CatalogProduct, categorySlugById: ReadonlyMap<string, string>) => ({
  ...productContentOf(product),
  categorySlugs: product.categoryIds.map((id) => categorySlugById.get(id) ?? `unknown category ${id}`),
  shopIds: product.shopIds,
  enabled: product.enabled,
  requiresShipping: product.requiresShipping,
  salesCount: product.salesCount,
  createdAt: product.createdAt.toISOString(),
  variantOptions: product.variantOptions,
  variants: product.variants.map(({ id: _id, ...variant }) => variant)
})

/** What a product of the document must load back as (shop ids come back sorted). */
const expectedProduct = (product: ImportProductData) => ({
  ...productContentOf(product),
  categorySlugs: product.categorySlugs,
  shopIds: [...product.shopIds].sort(),
  enabled: product.enabled,
  requiresShipping: product.requiresShipping,
  salesCount: product.salesCount,
  createdAt: product.createdAt.toISOString(),
  variantOptions: product.variantOptions,
  variants: product.variants.map(({ position: _position, ...variant }) => variant)
})

const bySlug = <A extends { readonly slug: string }>(items: ReadonlyArray<A>): Array<A> =>
  [...items].sort((left, right) => left.slug < right.slug ? -1 : left.slug > right.slug ? 1 : 0)

const categorySlugs = (reference: CatalogReferenceData): Map<string, string> =>
  new Map(reference.categories.map((category) => [category.id, category.slug]))

const loadNatural = (since: ChangeCursor | null) =>
  Effect.gen(function*() {
    const reference = yield* (yield* CatalogSource).loadReferenceData
    const slugs = categorySlugs(reference)
    return bySlug((yield* loadAll(since)).map((product) => naturalProduct(product, slugs)))
  })

const withProduct = (
  document: ImportDocument,
  index: number,
  change: (product: ImportDocument["products"][number]) => ImportDocument["products"][number]
): ImportDocument => ({
  ...document,
  products: document.products.map((product, at) => at === index ? change(product) : product)
})

/** A document of one new shop with one coupon and the given customers; contacts unique per call. */
const customersAndCouponDocument = (customers: ReadonlyArray<{ readonly name: string; readonly email: string | null; readonly phone: string | null }>, tag: string) => ({
  version: 1,
  shops: [{ id: `shop_people_${tag}`, name: "People shop", defaultZoneType: "outside_city" }],
  coupons: [{
    code: `Save-${tag}`, shopId: `shop_people_${tag}`, type: "percentage", value: 12.5, minSubtotal: 0,
    startsAt: null, endsAt: null, usageLimit: 5
  }],
  customers: customers.map((customer) => ({ ...customer, source: "chat" }))
})

const emailOf = (address: string) => {
  const email = parseEmail(address)
  if (email === undefined) throw new Error(`not an email: ${address}`)
  return email
}

export const catalogStoreContract = (
  name: string,
  storeLayer: Layer.Layer<CatalogSource | CatalogImportWriter | CustomerRepository | CouponRepository>
) => {
  const baseDocument = combinedCatalog(GENERATED_PRODUCTS)
  const baseData = toCatalogImportData(baseDocument)

  layer(storeLayer, { excludeTestServices: true })(`catalog store contract on ${name}`, (it) => {
    it.effect("imports a generated catalog and loads every product back as imported", () =>
      Effect.gen(function*() {
        const summary = yield* importCatalog(baseDocument)
        expect(summary.products.inserted + summary.products.unchanged).toBe(baseDocument.products.length)
        expect(summary.products.updated).toBe(0)
        const loaded = yield* loadNatural(null)
        expect(loaded).toEqual(bySlug(baseData.products.map(expectedProduct)))

        const ids = (yield* loadAll(null)).flatMap((product) => [product.id, ...product.variants.map((variant) => variant.id)])
        expect(new Set(ids).size).toBe(ids.length)
        expect(ids.every((id) => /^(prod|var)_[a-z2-7]{26}$/.test(id))).toBe(true)
      }))

    it.effect("keeps user keys, unicode, grams and minor units intact", () =>
      Effect.gen(function*() {
        yield* importCatalog(baseDocument)
        const products = yield* loadAll(null)
        const edge = products.find((product) => product.slug === "edge-unicode-product")
        expect(edge?.name).toBe("শাড়ি — Édition spéciale ✨")
        expect(edge?.attributes).toEqual({
          made_in: { type: "text", value: "Bangladesh" },
          BrandName: { type: "text", value: "Rang" }
        })
        expect(edge?.variants.map((variant) => [variant.sku, variant.originalPrice, variant.salePrice, variant.weightGrams]))
          .toEqual([["EDGE-1-S", 199999, 199999, 125], ["EDGE-1-L", 10, null, 0]])
        expect(edge?.variants[0]?.optionValues).toEqual({ pack_size: "Small" })
        expect(edge?.createdAt.toISOString()).toBe("2025-06-01T02:00:00.123Z")
        expect(edge?.shopIds).toEqual(["shop_edge", "shop_main"])
        const minimal = products.find((product) => product.slug === "edge-minimal-product")
        expect(minimal).toMatchObject({
          description: "",
          attributes: null,
          categoryIds: [],
          enabled: true,
          requiresShipping: true,
          salesCount: 0,
          seo: { metaTitle: null, metaDescription: null, metaKeywords: [], ogImage: null }
        })
      }))

    it.effect("re-importing the same document changes nothing and keeps every id", () =>
      Effect.gen(function*() {
        yield* importCatalog(baseDocument)
        const before = yield* loadAll(null)
        const cursor = yield* settledCursor
        const summary = yield* importCatalog(baseDocument)
        expect(isUnchanged(summary)).toBe(true)
        expect(summary.products.unchanged).toBe(baseDocument.products.length)
        const source = yield* CatalogSource
        expect(yield* loadAll(cursor)).toEqual([])
        expect(yield* source.referenceChangedSince(cursor)).toBe(false)
        expect(yield* loadAll(null)).toEqual(before)
      }))

    it.effect("a changed product shows up as changed since the cursor, with its ids kept", () =>
      Effect.gen(function*() {
        yield* importCatalog(baseDocument)
        const before = yield* loadAll(null)
        const cursor = yield* settledCursor
        const repriced = withProduct(baseDocument, 3, (product) => ({
          ...product,
          name: `${product.name} (renamed)`,
          variants: product.variants.map((variant, index) => index === 0 ? { ...variant, originalPrice: 12345.67 } : variant)
        }))
        const reshaped = withProduct(repriced, 7, (product) => ({
          ...product,
          shopIds: [ShopId.make("shop_b2b")],
          variants: [
            { sku: "NEW-SKU-7", originalPrice: 10, salePrice: null, stock: 3, weightKg: 1, images: [], optionValues: {} },
            ...product.variants.slice(1)
          ]
        }))
        const summary = yield* importCatalog(reshaped)
        expect(summary.products).toEqual({
          inserted: 0,
          updated: 2,
          unchanged: baseDocument.products.length - 2
        })
        expect(summary.variants.inserted).toBe(1)
        expect(summary.variants.updated).toBe(1)
        expect(summary.removedVariants).toBe(1)

        const changed = yield* loadAll(cursor)
        const changedSlugs = [baseDocument.products[3]?.slug, baseDocument.products[7]?.slug].sort()
        expect(changed.map((product) => product.slug).sort()).toEqual(changedSlugs)
        expect(yield* (yield* CatalogSource).referenceChangedSince(cursor)).toBe(false)

        const after = yield* loadAll(null)
        const idOf = (products: ReadonlyArray<CatalogProduct>, slug: string | undefined) =>
          products.find((product) => product.slug === slug)?.id
        expect(after.map((product) => product.id).sort()).toEqual(before.map((product) => product.id).sort())
        const renamed = after.find((product) => product.slug === baseDocument.products[3]?.slug)
        expect(renamed?.variants[0]?.originalPrice).toBe(1234567)
        expect(renamed?.variants[0]?.id).toBe(before.find((product) => product.id === renamed?.id)?.variants[0]?.id)
        const reshapedProduct = after.find((product) => product.slug === baseDocument.products[7]?.slug)
        expect(reshapedProduct?.id).toBe(idOf(before, baseDocument.products[7]?.slug))
        expect(reshapedProduct?.shopIds).toEqual(["shop_b2b"])
        expect(reshapedProduct?.variants[0]?.sku).toBe("NEW-SKU-7")

        // and back: the base document restores the product, still under the same ids
        const restored = yield* importCatalog(baseDocument)
        expect(restored.products.updated).toBe(2)
        expect(restored.removedVariants).toBe(1)
        expect((yield* loadAll(null)).map((product) => product.id).sort()).toEqual(before.map((product) => product.id).sort())
      }))

    it.effect("reference data round-trips", () =>
      Effect.gen(function*() {
        yield* importCatalog(baseDocument)
        const reference = yield* (yield* CatalogSource).loadReferenceData
        const byKey = <A>(items: ReadonlyArray<A>, key: (item: A) => string) =>
          [...items].sort((left, right) => key(left) < key(right) ? -1 : key(left) > key(right) ? 1 : 0)
        expect(byKey(reference.shops, (shop) => shop.id)).toEqual(byKey(baseData.shops, (shop) => shop.id))
        expect(byKey(reference.publishableKeys, (key) => key.key)).toEqual(byKey(baseData.publishableKeys, (key) => key.key))
        expect(byKey(reference.sizeGuides, (guide) => guide.id)).toEqual(byKey(baseData.sizeGuides, (guide) => guide.id))
        expect(byKey(reference.shippingMethods, (method) => method.id))
          .toEqual(byKey(baseData.shippingMethods, (method) => method.id))
        const slugs = categorySlugs(reference)
        expect(bySlug(reference.categories.map(({ id, parentId, ...category }) => ({
          ...category,
          idPrefix: id.slice(0, 4),
          parentSlug: parentId === null ? null : slugs.get(parentId)
        })))).toEqual(bySlug(baseData.categories.map((category) => ({ ...category, idPrefix: "cat_" }))))

        const edgeMethod = reference.shippingMethods.find((method) => method.id === "sm_edge")
        expect(edgeMethod).toMatchObject({
          minOrderValueForFreeShipping: 250050,
          codSurchargeType: "percentage",
          codSurchargeValue: 125,
          zones: [
            { type: "inside_city", baseRate: 6075, baseWeightGrams: 500, additionalWeightPricePerKg: 1500 },
            { type: "outside_city", baseRate: 12000, baseWeightGrams: null, additionalWeightPricePerKg: null }
          ]
        })
        expect(reference.publishableKeys.find((key) => key.key === "pk_edge_revoked")?.revokedAt?.toISOString())
          .toBe("2026-01-01T06:30:00.000Z")
      }))

    it.effect("a category's translations round-trip, and a change to them alone is a reference change", () =>
      Effect.gen(function*() {
        yield* importCatalog(baseDocument)
        const source = yield* CatalogSource
        const categoryOf = (reference: CatalogReferenceData, slug: string) =>
          reference.categories.find((category) => category.slug === slug)
        const before = yield* source.loadReferenceData
        expect(categoryOf(before, "edge-child")?.translations)
          .toEqual({ bn: { name: "আগে সন্তান", description: "অভিভাবকের আগে" }, "en-GB": { name: "Child first" } })
        // an empty translations object is stored as none: no key, as for a category without one
        expect(categoryOf(before, "edge-parent")).not.toHaveProperty("translations")
        const cursor = yield* settledCursor
        const retranslated = {
          ...baseDocument,
          categories: baseDocument.categories.map((category) =>
            category.slug === "edge-parent" ? { ...category, translations: { bn: { name: "অভিভাবক" } } } : category
          )
        }
        const summary = yield* importCatalog(retranslated)
        expect(summary.categories).toEqual({ inserted: 0, updated: 1, unchanged: baseDocument.categories.length - 1 })
        expect(yield* source.referenceChangedSince(cursor)).toBe(true)
        const after = yield* source.loadReferenceData
        expect(categoryOf(after, "edge-parent")?.translations).toEqual({ bn: { name: "অভিভাবক" } })
        expect(categoryOf(after, "edge-parent")?.id).toBe(categoryOf(before, "edge-parent")?.id)
      }))

    it.effect("an invalid document is rejected with every problem listed, and nothing is written", () =>
      Effect.gen(function*() {
        yield* importCatalog(baseDocument)
        const before = yield* loadAll(null)
        const cursor = yield* settledCursor
        const products = baseDocument.products.map((product): unknown => product)
        const [first, second, third, fourth, fifth] = baseDocument.products
        if (!first || !second || !third || !fourth || !fifth) return yield* Effect.die(new Error("document too small"))
        products[0] = {
          ...first,
          name: "Written only if the document were valid",
          variants: [{ ...first.variants[0], originalPrice: 10.125 }, ...first.variants.slice(1)]
        }
        products[1] = { ...second, categorySlugs: ["no-such-category"] }
        products[3] = { ...fourth, slug: third.slug }
        const { name: _name, ...nameless } = fifth
        products[4] = nameless
        products.push({ ...second, slug: "a-brand-new-product", variants: [{ ...second.variants[0], sku: "BRAND-NEW" }] })
        const invalid = { ...baseDocument, products }

        const error = yield* importCatalog(invalid).pipe(Effect.flip)
        expect(error._tag).toBe("ImportRejected")
        const problems = error._tag === "ImportRejected" ? error.problems : []
        expect(problems.map((problem) => problem.path).sort()).toEqual([
          "products.0.variants.0.originalPrice",
          "products.1.categorySlugs.0",
          "products.3.slug",
          "products.4.name"
        ])
        expect(problems.every((problem) => problem.message.length > 0)).toBe(true)

        expect(yield* loadAll(cursor)).toEqual([])
        expect(yield* (yield* CatalogSource).referenceChangedSince(cursor)).toBe(false)
        expect(yield* loadAll(null)).toEqual(before)
      }))

    it.effect("imported customers are the CustomerRepository's: new ones password-less, registered ones untouched", () =>
      Effect.gen(function*() {
        const customers = yield* CustomerRepository
        const tag = crypto.randomUUID().slice(0, 8)
        const registeredEmail = emailOf(`registered-${tag}@example.com`)
        const registered = newRegisteredCustomer({
          id: CustomerId.make(`cus_registered_${tag}`),
          name: "Registered Name",
          email: registeredEmail,
          phone: null,
          passwordHash: "argon2id-hash",
          now: new Date("2026-01-01T00:00:00.000Z")
        })
        yield* customers.insert(registered)
        const chatEmail = emailOf(`chat-${tag}@example.com`)
        const chatPhone = `+88017${String(parseInt(tag, 16) % 100_000_000).padStart(8, "0")}`
        const first = [
          { name: "Chat Customer", email: `  Chat-${tag}@Example.com `, phone: chatPhone },
          { name: "Not The Registered Name", email: `registered-${tag}@example.com`, phone: null }
        ]

        const summary = yield* importCatalog(customersAndCouponDocument(first, tag))
        expect(summary.customers).toEqual({ inserted: 1, updated: 0, unchanged: 1 })
        const chat = Option.getOrThrow(yield* customers.findByEmail(chatEmail))
        expect(chat).toMatchObject({ name: "Chat Customer", email: chatEmail, phone: chatPhone, passwordHash: null })
        expect(Option.getOrThrow(yield* customers.findByPhone(chatPhone)).id).toBe(chat.id)
        expect(Option.getOrThrow(yield* customers.findById(registered.id))).toEqual(registered)

        const renamed = [{ ...first[0]!, name: "Chat Customer Renamed" }, first[1]!]
        const again = yield* importCatalog(customersAndCouponDocument(renamed, tag))
        expect(again.customers).toEqual({ inserted: 0, updated: 1, unchanged: 1 })
        const after = Option.getOrThrow(yield* customers.findByEmail(chatEmail))
        expect(after).toMatchObject({ id: chat.id, name: "Chat Customer Renamed", passwordHash: null })
        expect(Option.getOrThrow(yield* customers.findById(registered.id))).toEqual(registered)
      }))

    it.effect("imported coupons are the CouponRepository's, by code in any case; a re-import keeps their uses", () =>
      Effect.gen(function*() {
        const coupons = yield* CouponRepository
        const tag = crypto.randomUUID().slice(0, 8)
        const document = customersAndCouponDocument([], tag)
        const shopId = ShopId.make(`shop_people_${tag}`)
        yield* importCatalog(document)
        const coupon = Option.getOrThrow(yield* coupons.findByCode(shopId, ` save-${tag.toUpperCase()} `))
        expect(coupon).toEqual({
          code: `Save-${tag}`,
          shopId,
          type: "percentage",
          value: 1_250,
          minSubtotal: 0,
          startsAt: null,
          endsAt: null,
          usageLimit: 5,
          usageCount: 0
        })
        expect(yield* coupons.recordUse(shopId, `SAVE-${tag}`)).toBe(true)
        yield* importCatalog(document)
        expect(Option.getOrThrow(yield* coupons.findByCode(shopId, `save-${tag}`)).usageCount).toBe(1)
        expect(Option.isNone(yield* coupons.findByCode(ShopId.make("shop_edge"), `save-${tag}`))).toBe(true)
      }))
  })
}
