/**
 * The hand-written catalog fixture (catalog-fixture.ts) plus what the buying-path tests need
 * besides: a coupon with a usage limit, a fixed coupon, one not started yet, one expired and one
 * of shop B, a product that needs no shipping, a variant with a single unit, and a shipping
 * method that only delivers inside the city. Also a way to find a
 * variant's id by its sku, whatever store the catalog was imported into.
 */
import { Effect } from "effect"
import { CatalogSource } from "../../application/catalog/catalog-source.ts"
import type { CatalogProduct, CatalogVariant } from "../../domain/catalog/catalog-product.ts"
import { catalogFixture, STANDARD_SHIPPING_A } from "./catalog-fixture.ts"

const seo = { metaTitle: null, metaDescription: null, metaKeywords: [], ogImage: null }

/** A product of shop A in "clothing", with no images, tags, attributes or size guide, never sold. */
const extraProduct = <Fields extends { readonly slug: string }>(fields: Fields) => ({
  images: [],
  tags: [],
  attributes: null,
  seo,
  sizeGuideId: null,
  categorySlugs: ["clothing"],
  shopIds: ["shop_a"],
  enabled: true,
  salesCount: 0,
  ...fields
})

export const buyingFixture = () => {
  const base = catalogFixture()
  return {
    ...base,
    products: [
      ...base.products,
      extraProduct({
        slug: "gift-card", name: "Gift Card", description: "Sent by email", sku: "FIX-GIFT", productType: "digital", unitName: "card",
        thumbnail: null, requiresShipping: false, createdAt: "2026-02-01T00:00:00.000Z", variantOptions: [],
        variants: [{ sku: "FIX-GIFT-1", originalPrice: 500, salePrice: null, stock: 1000, weightKg: 0, images: [], optionValues: {} }]
      }),
      extraProduct({
        slug: "last-one-lamp", name: "Last One Lamp", description: "Only one left", sku: "FIX-LAMP", productType: "home", unitName: "piece",
        thumbnail: "https://img.example.com/fixture/lamp.jpg", requiresShipping: true, createdAt: "2026-02-02T00:00:00.000Z",
        variantOptions: [{ key: "pack_size", values: ["One"], position: 0 }],
        variants: [{ sku: "FIX-LAMP-1", originalPrice: 2500, salePrice: null, stock: 1, weightKg: 2.5, images: ["https://img.example.com/fixture/lamp-1.jpg"], optionValues: { pack_size: "One" } }]
      })
    ],
    shippingMethods: [
      ...base.shippingMethods,
      {
        ...STANDARD_SHIPPING_A,
        id: "sm_a_city_only", name: "City courier", description: null,
        slaText: "Same day", slaMinDays: 0, slaMaxDays: 1, minOrderValueForFreeShipping: null,
        codSurchargeType: "fixed", codSurchargeValue: 20,
        zones: [{ type: "inside_city", baseRate: 100, baseWeightKg: null, additionalWeightPricePerKg: null }]
      }
    ],
    coupons: [
      ...base.coupons,
      { code: "TWICE", shopId: "shop_a", type: "fixed", value: 150, minSubtotal: 0, startsAt: null, endsAt: null, usageLimit: 2 },
      { code: "Flat50", shopId: "shop_a", type: "fixed", value: 50, minSubtotal: 0, startsAt: null, endsAt: null, usageLimit: null },
      { code: "LATER", shopId: "shop_a", type: "percentage", value: 5, minSubtotal: 0, startsAt: "2099-01-01T00:00:00.000Z", endsAt: null, usageLimit: null },
      { code: "OLD", shopId: "shop_a", type: "percentage", value: 5, minSubtotal: 0, startsAt: null, endsAt: "2020-01-01T00:00:00.000Z", usageLimit: null },
      { code: "BONLY", shopId: "shop_b", type: "fixed", value: 10, minSubtotal: 0, startsAt: null, endsAt: null, usageLimit: null }
    ]
  }
}

/** The fixture with the classic cotton shirt renamed: a catalog change. */
export const renamedShirt = (name: string) => {
  const document = buyingFixture()
  return {
    ...document,
    products: document.products.map((product) => product.slug === "classic-cotton-shirt" ? { ...product, name } : product)
  }
}

export interface FixtureVariant {
  readonly product: CatalogProduct
  readonly variant: CatalogVariant
}

/** Every product of the catalog store, by variant sku. */
export const fixtureVariants = Effect.gen(function*() {
  const source = yield* CatalogSource
  const found = new Map<string, FixtureVariant>()
  let afterId: string | null = null
  do {
    const page: { readonly products: ReadonlyArray<CatalogProduct>; readonly nextAfterId: string | null } =
      yield* source.loadProducts({ since: null, afterId, limit: 500 })
    for (const product of page.products) {
      for (const variant of product.variants) found.set(variant.sku, { product, variant })
    }
    afterId = page.nextAfterId
  } while (afterId !== null)
  return found
})

/** The variant with this sku (a defect when the fixture has none). */
export const fixtureVariant = (sku: string) =>
  Effect.flatMap(fixtureVariants, (variants) => {
    const found = variants.get(sku)
    return found === undefined ? Effect.die(new Error(`no variant ${sku} in the fixture`)) : Effect.succeed(found)
  })

/** Codes a cart of shop A below SAVE10's minimum cannot take, with the reason each refusal names. */
export const COUPON_REFUSALS = [
  ["NOPE", "not_found"],
  ["BONLY", "not_found"],
  ["later", "not_started"],
  ["OLD", "expired"],
  ["SAVE10", "minimum_not_met"]
] as const
