import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Result } from "effect"
import { noLists, toCatalogImportData, type CatalogImportData } from "../../application/catalog-import/catalog-import-data.ts"
import { CatalogImportWriter, type ImportProgress, noProductChanges } from "../../application/catalog-import/catalog-import-writer.ts"
import type { ExistingReferences } from "../../application/catalog-import/existing-references.ts"
import { importCatalog } from "../../application/catalog-import/import-catalog.ts"
import { checkDocumentReferences } from "../../application/catalog-import/import-document-references.ts"
import { decodeImportDocument, type ImportDocument } from "../../application/catalog-import/import-document.ts"
import type { ImportProblem } from "../../application/catalog-import/import-problem.ts"
import { countsOf } from "../../application/catalog-import/import-summary.ts"
import { appendLists, DOCUMENT_LISTS, edgeCaseDocument, generatedCatalogJson } from "../support/catalog-documents.ts"

const nothingStored: ExistingReferences = { shopIds: [], sizeGuideIds: [], categories: [] }

const shop = { id: "shop_a", name: "Shop A", zoneRules: [], defaultZoneType: "outside_city" }
const variant = { sku: "SKU-1", originalPrice: 100, salePrice: null, stock: 5, weightKg: 1 }
const product = {
  slug: "product-1",
  name: "Product 1",
  shopIds: ["shop_a"],
  createdAt: "2026-01-01T00:00:00.000Z",
  variants: [variant]
}
const documentWith = (fields: Record<string, unknown>) => ({ version: 1, shops: [shop], ...fields })

const schemaProblems = (input: unknown): Array<ImportProblem> => {
  const decoded = decodeImportDocument(input)
  return Result.isFailure(decoded) ? decoded.failure : []
}

const decoded = (input: unknown): ImportDocument => {
  const result = decodeImportDocument(input)
  if (Result.isFailure(result)) throw new Error(JSON.stringify(result.failure))
  return result.success
}

const pathsOf = (problems: ReadonlyArray<ImportProblem>) => problems.map((problem) => problem.path).sort()

describe("import document schema", () => {
  it("accepts what scripts/make-catalog.ts generates", () => {
    const document = generatedCatalogJson(30)
    expect(schemaProblems(document)).toEqual([])
    expect(checkDocumentReferences(document, nothingStored)).toEqual([])
  })

  it("accepts the edge cases once the shops they use exist", () => {
    expect(schemaProblems(edgeCaseDocument)).toEqual([])
    expect(checkDocumentReferences(edgeCaseDocument, { ...nothingStored, shopIds: ["shop_main"] })).toEqual([])
  })

  it("reports every problem at once, each with its path", () => {
    const problems = schemaProblems({
      version: 1,
      shops: [{ id: " shop_a", name: "A" }],
      products: [
        { ...product, variants: [{ ...variant, originalPrice: 10.125 }, { ...variant, sku: "SKU-2", stock: -1 }] },
        { slug: "no name", shopIds: ["shop_a"], createdAt: "yesterday", variants: [] },
        { ...product, slug: "on-sale", variants: [{ ...variant, salePrice: 150 }] }
      ],
      coupons: [{ code: "X", shopId: "shop_a", type: "bogus", value: 1 }],
      customers: [{ name: "Nobody" }]
    })
    expect(pathsOf(problems)).toEqual([
      "coupons.0.type", "customers.0.email", "products.0.variants.0.originalPrice", "products.0.variants.1.stock",
      "products.1.createdAt", "products.1.name", "products.1.slug", "products.1.variants",
      "products.2.variants.0.salePrice", "shops.0.defaultZoneType", "shops.0.id"
    ])
    expect(problems.find((problem) => problem.path === "products.0.variants.0.originalPrice")?.message)
      .toBe("Expected at most 2 decimal places")
    expect(problems.find((problem) => problem.path === "products.1.name")?.message).toBe("Missing required field")
  })

  it("takes a product's translations per language tag, and refuses a bad tag or a blank translated name", () => {
    const translated = { ...product, translations: { bn: { name: "জামদানি শাড়ি", description: "হাতে বোনা" }, "en-GB": {} } }
    const data = toCatalogImportData(decoded(documentWith({ products: [translated, product] })))
    expect(data.products[0]!.translations).toEqual(translated.translations)
    expect(data.products[1]!.translations).toBeUndefined()
    const problems = schemaProblems(documentWith({
      products: [{ ...product, translations: { Bangla: { name: "x" } } }, { ...product, translations: { bn: { name: " " } } }]
    }))
    expect(pathsOf(problems)).toEqual(["products.0.translations.Bangla", "products.1.translations.bn.name"])
  })

  it("takes a category's translations per language tag (an empty object as none), and refuses a bad tag or a blank translated name", () => {
    const category = { slug: "sarees", name: "Sarees", description: null, image: null }
    const translated = { ...category, translations: { bn: { name: "শাড়ি", description: "হাতে বোনা শাড়ি" } } }
    const data = toCatalogImportData(decoded(documentWith({
      categories: [translated, { ...category, slug: "plain" }, { ...category, slug: "empty", translations: {} }]
    })))
    expect(data.categories.map((one) => one.translations)).toEqual([translated.translations, undefined, undefined])
    expect(data.categories[2]).not.toHaveProperty("translations")
    const problems = schemaProblems(documentWith({
      categories: [
        { ...category, translations: { bangla: { name: "x" } } },
        { ...category, slug: "b", translations: { bn: { name: "" } } },
        { ...category, slug: "c", translations: { bn: { description: 7 } } }
      ]
    }))
    expect(pathsOf(problems)).toEqual(["categories.0.translations.bangla", "categories.1.translations.bn.name", "categories.2.translations.bn.description"])
  })

  it("refuses another version, amounts that do not fit the store, and inconsistent methods and coupons", () => {
    expect(pathsOf(schemaProblems({ version: 2 }))).toEqual(["version"])
    expect(pathsOf(schemaProblems(documentWith({
      products: [{ ...product, variants: [{ ...variant, originalPrice: 30_000_000, weightKg: 0.0005 }] }],
      shippingMethods: [{
        id: "m",
        shopId: "shop_a",
        name: "M",
        slaMinDays: 5,
        slaMaxDays: 2,
        codSurchargeEnabled: true,
        codSurchargeType: "percentage",
        codSurchargeValue: 150,
        zones: [{ type: "z", baseRate: 1 }, { type: "z", baseRate: 2 }]
      }],
      coupons: [{
        code: "C",
        shopId: "shop_a",
        type: "percentage",
        value: 101,
        startsAt: "2026-02-01T00:00:00Z",
        endsAt: "2026-01-01T00:00:00Z"
      }]
    })))).toEqual([
      "coupons.0.endsAt",
      "coupons.0.value",
      "products.0.variants.0.originalPrice",
      "products.0.variants.0.weightKg",
      "shippingMethods.0.codSurchargeValue",
      "shippingMethods.0.slaMaxDays",
      "shippingMethods.0.zones.1.type"
    ])
  })

  it("fills in defaults for what may be left out", () => {
    const document = decoded(documentWith({ products: [product], categories: [{ slug: "c", name: "C" }] }))
    expect(document.products[0]).toMatchObject({
      description: null,
      sku: "",
      images: [],
      tags: [],
      attributes: null,
      seo: { metaTitle: null, metaDescription: null, metaKeywords: [], ogImage: null },
      sizeGuideId: null,
      categorySlugs: [],
      enabled: true,
      requiresShipping: true,
      salesCount: 0,
      variantOptions: []
    })
    expect(document.categories[0]).toEqual({
      slug: "c",
      name: "C",
      description: null,
      image: null,
      parentSlug: null,
      seo: { metaTitle: null, metaDescription: null, ogImage: null },
      position: 0
    })
    expect(document.publishableKeys).toEqual([])
  })
})

describe("conversion to store units", () => {
  it("turns major units into minor units, percents into basis points, kilograms into grams", () => {
    const data: CatalogImportData = toCatalogImportData(decoded(documentWith({
      publishableKeys: [{ key: "pk", shopIds: ["shop_a", "shop_a"], revokedAt: "2026-01-01T06:00:00+06:00" }],
      products: [{
        ...product,
        description: null,
        shopIds: ["shop_a", "shop_a"],
        variants: [{ ...variant, originalPrice: 1250.5, salePrice: 0.29, weightKg: 0.125 }, { ...variant, sku: "SKU-2" }]
      }],
      shippingMethods: [
        {
          id: "m1", shopId: "shop_a", name: "Fixed COD", codSurchargeEnabled: true, codSurchargeType: "fixed",
          codSurchargeValue: 20.5, minOrderValueForFreeShipping: 3000,
          zones: [{ type: "z", baseRate: 60.1, baseWeightKg: 1.5, additionalWeightPricePerKg: 15 }]
        },
        { id: "m2", shopId: "shop_a", name: "Percent COD", codSurchargeEnabled: true, codSurchargeType: "percentage", codSurchargeValue: 1.25, zones: [] }
      ],
      coupons: [
        { code: "PCT", shopId: "shop_a", type: "percentage", value: 12.5, minSubtotal: 999.99 },
        { code: "FIX", shopId: "shop_a", type: "fixed", value: 100 }
      ],
      customers: [{ name: "Ann", email: "  Ann@Example.COM ", phone: null }]
    })))
    const [converted] = data.products
    expect(converted?.description).toBe("")
    expect(converted?.shopIds).toEqual(["shop_a"])
    expect(converted?.createdAt).toEqual(new Date("2026-01-01T00:00:00.000Z"))
    expect(converted?.variants.map((v) => [v.position, v.originalPrice, v.salePrice, v.weightGrams]))
      .toEqual([[0, 125050, 29, 125], [1, 10000, null, 1000]])
    expect(data.publishableKeys[0]).toEqual({
      key: "pk",
      title: "",
      shopIds: ["shop_a"],
      revokedAt: new Date("2026-01-01T00:00:00.000Z")
    })
    expect(data.shippingMethods.map((method) => [method.position, method.codSurchargeValue])).toEqual([[0, 2050], [1, 125]])
    expect(data.shippingMethods[0]?.minOrderValueForFreeShipping).toBe(300000)
    expect(data.shippingMethods[0]?.zones).toEqual([
      { type: "z", baseRate: 6010, baseWeightGrams: 1500, additionalWeightPricePerKg: 1500 }
    ])
    expect(data.coupons.map((coupon) => [coupon.code, coupon.value, coupon.minSubtotal]))
      .toEqual([["PCT", 1250, 99999], ["FIX", 10000, 0]])
    expect(data.customers).toEqual([{ name: "Ann", email: "ann@example.com", phone: null, source: "import" }])
  })
})

describe("cross-reference checks", () => {
  it("finds duplicate natural keys", () => {
    const problems = checkDocumentReferences(documentWith({
      shops: [shop, shop],
      publishableKeys: [{ key: "pk", shopIds: [] }, { key: "pk", shopIds: [] }],
      categories: [{ slug: "c", name: "C" }, { slug: "c", name: "C again" }],
      sizeGuides: [{ id: "sg", name: "S" }, { id: "sg", name: "S" }],
      products: [product, { ...product, variants: [{ ...variant, sku: "OTHER" }] }, { ...product, slug: "p3" }],
      shippingMethods: [{ id: "m", shopId: "shop_a" }, { id: "m", shopId: "shop_a" }],
      coupons: [
        { code: "save10", shopId: "shop_a" },
        { code: "SAVE10", shopId: "shop_a" },
        { code: "SAVE10", shopId: "shop_b" }
      ],
      customers: [
        { name: "A", email: "ann@example.com", phone: "+880 1711" },
        { name: "B", email: " ANN@example.com", phone: "+880 1711" }
      ]
    }), { ...nothingStored, shopIds: ["shop_b"] })
    expect(pathsOf(problems)).toEqual([
      "categories.1.slug", "coupons.1.code", "customers.1.email", "customers.1.phone", "products.1.slug",
      "products.2.variants.0.sku", "publishableKeys.1.key", "shippingMethods.1.id", "shops.1.id", "sizeGuides.1.id"
    ])
    expect(problems.find((problem) => problem.path === "products.1.slug")?.message)
      .toBe("Duplicate product slug \"product-1\" (first at products.0.slug)")
  })

  it("finds references to things neither in the document nor stored", () => {
    const document = documentWith({
      publishableKeys: [{ key: "pk", shopIds: ["shop_a", "shop_x"] }],
      categories: [{ slug: "c", name: "C", parentSlug: "missing-parent" }],
      products: [{ ...product, shopIds: ["shop_a", "shop_y"], categorySlugs: ["c", "stored", "nope"], sizeGuideId: "sg_nope" }],
      shippingMethods: [{ id: "m", shopId: "shop_z" }],
      coupons: [{ code: "C", shopId: "shop_w" }]
    })
    const problems = checkDocumentReferences(document, { ...nothingStored, categories: [{ slug: "stored", parentSlug: null }] })
    expect(pathsOf(problems)).toEqual([
      "categories.0.parentSlug", "coupons.0.shopId", "products.0.categorySlugs.2", "products.0.shopIds.1",
      "products.0.sizeGuideId", "publishableKeys.0.shopIds.1", "shippingMethods.0.shopId"
    ])
    expect(problems.find((problem) => problem.path === "products.0.categorySlugs.2")?.message)
      .toBe("Unknown category \"nope\" (neither in the document nor in the store)")
    // the same references are fine once the store has them
    expect(checkDocumentReferences(document, {
      shopIds: ["shop_x", "shop_y", "shop_z", "shop_w"],
      sizeGuideIds: ["sg_nope"],
      categories: [{ slug: "stored", parentSlug: null }, { slug: "nope", parentSlug: null }, { slug: "missing-parent", parentSlug: null }]
    })).toEqual([])
  })

  it("finds category cycles, also through stored categories, and accepts parents listed after children", () => {
    const cycles = checkDocumentReferences(documentWith({
      categories: [
        { slug: "a", name: "A", parentSlug: "b" },
        { slug: "b", name: "B", parentSlug: "a" },
        { slug: "self", name: "Self", parentSlug: "self" },
        { slug: "child", name: "Child", parentSlug: "parent" },
        { slug: "parent", name: "Parent", parentSlug: null },
        { slug: "moved", name: "Moved", parentSlug: "stored-child" }
      ]
    }), { ...nothingStored, categories: [{ slug: "stored-child", parentSlug: "moved" }] })
    expect(pathsOf(cycles)).toEqual([
      "categories.0.parentSlug", "categories.1.parentSlug", "categories.2.parentSlug", "categories.5.parentSlug"
    ])
    expect(cycles.find((problem) => problem.path === "categories.0.parentSlug")?.message)
      .toBe("Category \"a\" is its own ancestor (a → b → a)")
  })

  it("skips malformed parts (the schema reports them)", () => {
    expect(checkDocumentReferences({ version: 1, products: "nope", shops: [null, 3, { id: 7 }] }, nothingStored)).toEqual([])
    expect(checkDocumentReferences("not a document", nothingStored)).toEqual([])
  })
})

describe("importCatalog", () => {
  const recordingWriter = (existing: ExistingReferences) => {
    const written: Array<CatalogImportData> = []
    /** Commits what a transaction wrote, as one CatalogImportData, only when it succeeds. */
    const layer = Layer.succeed(CatalogImportWriter, CatalogImportWriter.of({
      existingReferences: Effect.succeed(existing),
      transaction: (use) =>
        Effect.gen(function*() {
          let data: CatalogImportData = { ...noLists, products: [] }
          const none = countsOf(0, 0, 0)
          const result = yield* use({
            writeLists: (lists) =>
              Effect.sync(() => {
                data = appendLists(DOCUMENT_LISTS, data, lists)
                return {
                  shops: none, publishableKeys: none, categories: none, sizeGuides: none,
                  shippingMethods: none, coupons: none, customers: none
                }
              }),
            writeProducts: (batch) =>
              Effect.sync(() => {
                data = { ...data, products: [...data.products, ...batch] }
                return { products: countsOf(batch.length, batch.length, 0), variants: none, removedVariants: 0 }
              }),
            completeProducts: Effect.succeed(noProductChanges)
          })
          written.push(data)
          return result
        })
    }))
    return { layer, written }
  }

  it.effect("rejects a document with schema and reference problems together, writing nothing", () =>
    Effect.gen(function*() {
      const writer = recordingWriter(nothingStored)
      const error = yield* importCatalog(documentWith({
        products: [
          { ...product, variants: [{ ...variant, originalPrice: 1.001 }] },
          { ...product, categorySlugs: ["unknown"] }
        ]
      })).pipe(Effect.flip, Effect.provide(writer.layer))
      expect(error._tag).toBe("ImportRejected")
      expect(error._tag === "ImportRejected" ? pathsOf(error.problems) : []).toEqual([
        "products.0.variants.0.originalPrice",
        "products.1.categorySlugs.0",
        "products.1.slug",
        "products.1.variants.0.sku"
      ])
      expect(writer.written).toEqual([])
    }))

  it.effect("writes a valid document, in store units, reporting progress", () =>
    Effect.gen(function*() {
      const writer = recordingWriter({ ...nothingStored, shopIds: ["shop_stored"] })
      const progress: Array<ImportProgress> = []
      const summary = yield* importCatalog(
        { version: 1, products: [{ ...product, shopIds: ["shop_stored"] }] },
        (report) => Effect.sync(() => progress.push(report))
      ).pipe(Effect.provide(writer.layer))
      expect(summary.products.inserted).toBe(1)
      // each batch handed over, then the writer completing them
      expect(progress).toEqual([{ productsWritten: 1, completing: false }, { productsWritten: 1, completing: true }])
      expect(writer.written.map((data) => data.products.map((p) => p.variants[0]?.originalPrice))).toEqual([[10000]])
    }))
})
