/**
 * A small hand-written catalog (import format) whose every listing answer can be worked out by
 * hand in a test. Keys: pk_a → shop_a, pk_b → shop_b, pk_ab → both, pk_revoked (revoked).
 *
 * Products (createdAt ascending by number):
 *  1 classic-cotton-shirt  shop_a         clothing-shirts  tags sale,cotton  Aarong/Cotton  S 1000 (sale 800) stock 10; M 1200 stock 0; sales 50
 *  2 silk-saree-deluxe     shop_a,shop_b  clothing-sarees  tags eid          Yellow/Silk    5000 stock 3 (low);             sales 10
 *  3 budget-phone          shop_b         electronics-phones tags sale       Walton         9999.99 stock 0;                sales 100
 *  4 premium-phone-x       shop_a         electronics-phones tags new,premium Samsung       50000 stock 5; 55000 stock 20;  sales 5   ("classic design" in description)
 *  5 hidden-disabled-shirt shop_a (disabled) clothing-shirts tags sale       Aarong         700 stock 4
 *  6 linen-shirt-100-off   shop_a         clothing-shirts  tags sale         Aarong/Linen   1500 stock 100;                 sales 50  (name "Linen Shirt 100%_off")
 *  7 kids-tee              shop_a         clothing (root)  no tags, no attributes           300 stock 1;                    sales 0
 */

export const FIXTURE_KEYS = {
  shopA: "pk_a",
  shopB: "pk_b",
  both: "pk_ab",
  revoked: "pk_revoked"
} as const

const seoNone = { metaTitle: null, metaDescription: null, ogImage: null }

const product = (
  number: number,
  fields: {
    slug: string
    name: string
    description?: string
    shopIds: ReadonlyArray<string>
    categorySlugs: ReadonlyArray<string>
    tags: ReadonlyArray<string>
    attributes: Record<string, string> | null
    variants: ReadonlyArray<{ price: number; salePrice?: number; stock: number; options?: Record<string, string> }>
    salesCount: number
    enabled?: boolean
  }
) => ({
  slug: fields.slug,
  name: fields.name,
  description: fields.description ?? `${fields.name} description`,
  sku: `FIX-${number}`,
  productType: "fixture",
  unitName: "piece",
  thumbnail: `https://img.example.com/fixture/${number}.jpg`,
  images: [`https://img.example.com/fixture/${number}-1.jpg`],
  tags: fields.tags,
  attributes: fields.attributes === null
    ? null
    : Object.fromEntries(Object.entries(fields.attributes).map(([key, value]) => [key, { type: "text", value }])),
  seo: { metaTitle: fields.name, metaDescription: null, metaKeywords: [], ogImage: null },
  sizeGuideId: fields.categorySlugs.some((slug) => slug.startsWith("clothing")) ? "sg_apparel" : null,
  categorySlugs: fields.categorySlugs,
  shopIds: fields.shopIds,
  enabled: fields.enabled ?? true,
  requiresShipping: true,
  salesCount: fields.salesCount,
  createdAt: new Date(Date.UTC(2026, 0, number)).toISOString(),
  variantOptions: fields.variants.some((variant) => variant.options !== undefined)
    ? [{ key: "size", values: fields.variants.map((variant) => variant.options?.["size"] ?? ""), position: 0 }]
    : [],
  variants: fields.variants.map((variant, index) => ({
    sku: `FIX-${number}-${index + 1}`,
    originalPrice: variant.price,
    salePrice: variant.salePrice ?? null,
    stock: variant.stock,
    weightKg: 0.5,
    images: [],
    optionValues: variant.options ?? {}
  }))
})

/** Shop A's shipping method, as the document gives it and the storefront shows it (major units, kilograms). */
export const STANDARD_SHIPPING_A = {
  id: "sm_a_standard", shopId: "shop_a", name: "Standard", description: "Courier",
  slaText: "2-5 days", slaMinDays: 2, slaMaxDays: 5, minOrderValueForFreeShipping: 3000,
  codSurchargeEnabled: true, codSurchargeType: "percentage", codSurchargeValue: 1.5,
  zones: [
    { type: "inside_city", baseRate: 60, baseWeightKg: 1, additionalWeightPricePerKg: 15 },
    { type: "outside_city", baseRate: 120, baseWeightKg: 1, additionalWeightPricePerKg: 25 }
  ]
} as const

/** A shop delivering "inside_city" to the given cities and "outside_city" everywhere else. */
const shop = (id: string, name: string, insideCities: ReadonlyArray<string>) => ({
  id,
  name,
  zoneRules: insideCities.length === 0 ? [] : [{ zoneType: "inside_city", field: "city", values: insideCities }],
  defaultZoneType: "outside_city"
})

export const catalogFixture = () => ({
  version: 1,
  shops: [shop("shop_a", "Shop A", ["Dhaka"]), shop("shop_b", "Shop B", [])],
  publishableKeys: [
    { key: FIXTURE_KEYS.shopA, title: "A", shopIds: ["shop_a"] },
    { key: FIXTURE_KEYS.shopB, title: "B", shopIds: ["shop_b"] },
    { key: FIXTURE_KEYS.both, title: "A and B", shopIds: ["shop_a", "shop_b"] },
    { key: FIXTURE_KEYS.revoked, title: "Old", shopIds: ["shop_a"], revokedAt: "2026-01-01T00:00:00.000Z" }
  ],
  categories: [
    // children before parents on purpose: the import must accept any order
    { slug: "clothing-shirts", name: "Shirts", description: null, image: null, parentSlug: "clothing", seo: seoNone, position: 1 },
    { slug: "clothing-sarees", name: "Sarees", description: null, image: null, parentSlug: "clothing", seo: seoNone, position: 0 },
    { slug: "clothing", name: "Clothing", description: "Things to wear", image: null, parentSlug: null, seo: seoNone, position: 0 },
    { slug: "electronics", name: "Electronics", description: null, image: null, parentSlug: null, seo: seoNone, position: 1 },
    { slug: "electronics-phones", name: "Phones", description: null, image: null, parentSlug: "electronics", seo: seoNone, position: 0 }
  ],
  sizeGuides: [{ id: "sg_apparel", name: "Apparel", content: "S, M, L", imageUrl: "https://img.example.com/sg.png" }],
  products: [
    product(1, {
      slug: "classic-cotton-shirt", name: "Classic Cotton Shirt", shopIds: ["shop_a"], categorySlugs: ["clothing-shirts"],
      tags: ["sale", "cotton"], attributes: { brand: "Aarong", material: "Cotton" }, salesCount: 50,
      variants: [{ price: 1000, salePrice: 800, stock: 10, options: { size: "S" } }, { price: 1200, stock: 0, options: { size: "M" } }]
    }),
    product(2, {
      slug: "silk-saree-deluxe", name: "Silk Saree Deluxe", shopIds: ["shop_a", "shop_b"], categorySlugs: ["clothing-sarees"],
      tags: ["eid"], attributes: { brand: "Yellow", material: "Silk" }, salesCount: 10,
      variants: [{ price: 5000, stock: 3 }]
    }),
    product(3, {
      slug: "budget-phone", name: "Budget Phone", shopIds: ["shop_b"], categorySlugs: ["electronics-phones"],
      tags: ["sale"], attributes: { brand: "Walton" }, salesCount: 100,
      variants: [{ price: 9999.99, stock: 0 }]
    }),
    product(4, {
      slug: "premium-phone-x", name: "Premium Phone X", description: "A flagship with a classic design", shopIds: ["shop_a"], categorySlugs: ["electronics-phones"],
      tags: ["new", "premium"], attributes: { brand: "Samsung" }, salesCount: 5,
      variants: [{ price: 50000, stock: 5 }, { price: 55000, stock: 20 }]
    }),
    product(5, {
      slug: "hidden-disabled-shirt", name: "Hidden Disabled Shirt", shopIds: ["shop_a"], categorySlugs: ["clothing-shirts"],
      tags: ["sale"], attributes: { brand: "Aarong" }, salesCount: 1, enabled: false,
      variants: [{ price: 700, stock: 4 }]
    }),
    product(6, {
      slug: "linen-shirt-100-off", name: "Linen Shirt 100%_off", shopIds: ["shop_a"], categorySlugs: ["clothing-shirts"],
      tags: ["sale"], attributes: { brand: "Aarong", material: "Linen" }, salesCount: 50,
      variants: [{ price: 1500, stock: 100 }]
    }),
    product(7, {
      slug: "kids-tee", name: "Kids Tee", shopIds: ["shop_a"], categorySlugs: ["clothing"],
      tags: [], attributes: null, salesCount: 0,
      variants: [{ price: 300, stock: 1 }]
    })
  ],
  shippingMethods: [
    STANDARD_SHIPPING_A,
    {
      id: "sm_b_flat",
      shopId: "shop_b",
      name: "Flat",
      description: null,
      slaText: null,
      slaMinDays: null,
      slaMaxDays: null,
      minOrderValueForFreeShipping: null,
      codSurchargeEnabled: true,
      codSurchargeType: "fixed",
      codSurchargeValue: 20.5,
      zones: [{ type: "outside_city", baseRate: 99.99, baseWeightKg: null, additionalWeightPricePerKg: null }]
    }
  ],
  coupons: [
    { code: "SAVE10", shopId: "shop_a", type: "percentage", value: 10, minSubtotal: 1000, startsAt: "2025-01-01T00:00:00.000Z", endsAt: "2030-01-01T00:00:00.000Z", usageLimit: null }
  ],
  customers: [{ name: "Chat Customer", email: "chat@example.com", phone: "+8801711000009", source: "chat" }]
})

/** Product slugs visible through each fixture key, for scoping assertions. */
export const VISIBLE_SLUGS = {
  [FIXTURE_KEYS.shopA]: ["classic-cotton-shirt", "silk-saree-deluxe", "premium-phone-x", "linen-shirt-100-off", "kids-tee"],
  [FIXTURE_KEYS.shopB]: ["silk-saree-deluxe", "budget-phone"],
  [FIXTURE_KEYS.both]: [
    "classic-cotton-shirt",
    "silk-saree-deluxe",
    "budget-phone",
    "premium-phone-x",
    "linen-shirt-100-off",
    "kids-tee"
  ]
} as const
