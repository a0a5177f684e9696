import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Schema } from "effect"
import {
  effectivePrice,
  isAvailableForSale,
  isInStock,
  isLowStock,
  LOW_STOCK_MAX
} from "../../../domain/catalog/catalog-product.ts"
import type { CatalogProduct } from "../../../domain/catalog/catalog-product.ts"
import { ProductView } from "../../../adapters/http/api/product-view.ts"
import { renderProduct } from "../../../adapters/http/representation/product-document.ts"
import type { DocumentContext } from "../../../application/catalog/product-search.ts"
import { makeProduct, makeVariant } from "../../support/catalog-fixtures.ts"
import { CategoryId } from "../../../domain/shared/ids.ts"

const context: DocumentContext = {
  categoryRef: (categoryId) =>
    categoryId === "cat_shoes" ? { id: "cat_shoes", name: "Shoes", slug: "shoes" } : undefined,
  sizeGuide: (sizeGuideId) =>
    sizeGuideId === "sg_1" ? { id: "sg_1", name: "Shoe sizes", content: "EU/US", imageUrl: "https://x/sg.png" } : undefined
}

const render = (product: CatalogProduct) => renderProduct(product, context)

describe("renderProduct", () => {
  it("headline price = the cheapest variant by effective price (its original and sale price)", () => {
    const view = render(makeProduct("prod_1", {
      variants: [
        makeVariant("v1", { originalPrice: 5_000, salePrice: null }),
        makeVariant("v2", { originalPrice: 9_000, salePrice: 2_500 }),
        makeVariant("v3", { originalPrice: 3_000, salePrice: null })
      ]
    }))
    expect(view.originalPrice).toBe(90)
    expect(view.salePrice).toBe(25)
    expect(view.priceRange).toEqual({ minPrice: 25, maxPrice: 50 })
  })

  it("ties on the cheapest price keep the first variant", () => {
    const view = render(makeProduct("prod_1", {
      variants: [
        makeVariant("v1", { originalPrice: 2_000, salePrice: 1_000 }),
        makeVariant("v2", { originalPrice: 1_000, salePrice: null })
      ]
    }))
    expect(view.originalPrice).toBe(20)
    expect(view.salePrice).toBe(10)
  })

  it("money is in major units: 125050 minor -> 1250.5", () => {
    const view = render(makeProduct("prod_1", {
      variants: [makeVariant("v1", { originalPrice: 125_050, salePrice: 99_999 }), makeVariant("v2", { originalPrice: 1 })]
    }))
    expect(view.variants.map((variant) => [variant.originalPrice, variant.salePrice])).toEqual([[1250.5, 999.99], [0.01, null]])
    expect(view.priceRange).toEqual({ minPrice: 0.01, maxPrice: 999.99 })
  })

  it("a product without variants renders price 0 and range {0, 0}", () => {
    const view = render(makeProduct("prod_1", { variants: [] }))
    expect(view.originalPrice).toBe(0)
    expect(view.salePrice).toBeNull()
    expect(view.priceRange).toEqual({ minPrice: 0, maxPrice: 0 })
    expect(view.availableForSale).toBe(false)
    expect(view.variants).toEqual([])
  })

  it("lowStock boundaries: 0 -> out of stock, 1 and 5 -> low, 6 -> in stock not low", () => {
    const view = render(makeProduct("prod_1", {
      variants: [0, 1, 5, 6].map((stock) => makeVariant(`v${stock}`, { stock }))
    }))
    expect(view.variants.map((variant) => [variant.inStock, variant.lowStock])).toEqual([
      [false, false],
      [true, true],
      [true, true],
      [true, false]
    ])
    expect(LOW_STOCK_MAX).toBe(5)
  })

  it("availableForSale = enabled and some variant in stock", () => {
    const inStock = [makeVariant("v1", { stock: 0 }), makeVariant("v2", { stock: 3 })]
    const outOfStock = [makeVariant("v1", { stock: 0 })]
    expect(render(makeProduct("p", { variants: inStock })).availableForSale).toBe(true)
    expect(render(makeProduct("p", { variants: inStock, enabled: false })).availableForSale).toBe(false)
    expect(render(makeProduct("p", { variants: outOfStock })).availableForSale).toBe(false)
  })

  it("categories resolve through the context (unknown ids dropped); size guide resolved or null", () => {
    const view = render(makeProduct("prod_1", { categoryIds: [CategoryId.make("cat_missing"), CategoryId.make("cat_shoes")], sizeGuideId: "sg_1" }))
    expect(view.categories).toEqual([{ id: "cat_shoes", name: "Shoes", slug: "shoes" }])
    expect(view.sizeGuide?.name).toBe("Shoe sizes")
    expect(render(makeProduct("prod_2", { sizeGuideId: "sg_missing" })).sizeGuide).toBeNull()
    expect(render(makeProduct("prod_3", { sizeGuideId: null })).sizeGuide).toBeNull()
  })

  it("copies the descriptive fields, variant sku and options; createdAt as ISO 8601 with milliseconds", () => {
    // the fields the view copies as they are (each differs from makeProduct's default)
    const descriptive = {
      slug: "tee",
      name: "Tee",
      description: "Soft",
      sku: "TEE",
      tags: ["a", "b"],
      thumbnail: "https://x/t.png",
      images: ["https://x/1.png"],
      productType: "apparel",
      unitName: "piece",
      requiresShipping: false,
      attributes: { material: { type: "text" as const, value: "cotton" } },
      variantOptions: [{ key: "size", values: ["S", "M"], position: 0 }]
    }
    const product = makeProduct("prod_1", {
      ...descriptive,
      createdAt: new Date(Date.UTC(2026, 10, 21, 10)),
      variants: [makeVariant("var_1", { sku: "TEE-S", optionValues: { size: "S" }, images: ["https://x/s.png"] })]
    })
    const view = render(product)
    expect(view).toMatchObject({ id: "prod_1", ...descriptive, createdAt: "2026-11-21T10:00:00.000Z" })
    expect(view.variants[0]).toEqual({
      id: "var_1",
      sku: "TEE-S",
      originalPrice: 10,
      salePrice: null,
      inStock: true,
      lowStock: true,
      images: ["https://x/s.png"],
      optionValues: { size: "S" }
    })
    // the rendering is a valid Product of the interface schema
    expect(Schema.is(ProductView)(view)).toBe(true)
  })

  const Minor = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 10_000_000 }))
  const VariantPrices = Schema.Struct({ originalPrice: Minor, salePrice: Schema.NullOr(Minor), stock: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 8 })) })
  const Variants = Arbitrary.schema(Schema.Array(VariantPrices).check(Schema.isBetweenLength(1, 6)))

  it.prop("headline, priceRange, stock flags and availability agree with the variants", [Variants, Schema.Boolean], ([prices, enabled]) => {
    const variants = prices.map((price, index) => makeVariant(`v${index}`, price))
    const view = render(makeProduct("prod_1", { variants, enabled }))
    const effective = variants.map(effectivePrice)
    const lowest = Math.min(...effective)
    const cheapest = variants[effective.findIndex((price) => price === lowest)]!
    expect(view.originalPrice).toBe(cheapest.originalPrice / 100)
    expect(view.salePrice).toBe(cheapest.salePrice === null ? null : cheapest.salePrice / 100)
    expect(view.priceRange).toEqual({ minPrice: lowest / 100, maxPrice: Math.max(...effective) / 100 })
    expect(view.variants.map((variant) => variant.inStock)).toEqual(variants.map((variant) => variant.stock > 0))
    expect(view.variants.map((variant) => variant.lowStock)).toEqual(
      variants.map((variant) => variant.stock >= 1 && variant.stock <= 5)
    )
    expect(view.availableForSale).toBe(enabled && variants.some((variant) => variant.stock > 0))
    expect(view.availableForSale).toBe(isAvailableForSale({ enabled, variants }))
    expect(variants.map(isInStock)).toEqual(view.variants.map((variant) => variant.inStock))
    expect(variants.map(isLowStock)).toEqual(view.variants.map((variant) => variant.lowStock))
    // major units have at most two decimals
    for (const variant of view.variants) expect(Math.round(variant.originalPrice * 100)).toBeCloseTo(variant.originalPrice * 100, 6)
  })
})
