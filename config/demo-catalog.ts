/**
 * The demo shop that `npm start` loads into an empty database: a deterministic catalog in the
 * import format (docs/contract/catalog-import.md) with three shops, four publishable keys (one revoked), a
 * three-level category tree, a few hundred products, shipping methods, coupons and customers.
 */

export const DEMO_PUBLISHABLE_KEY = "pk_demo_main_storefront"
export const DEMO_PRODUCT_COUNT = 300

const seededRandom = (seed: number) => {
  let state = seed >>> 0
  return (): number => {
    state = (state + 0x9e3779b9) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 16), 0x85ebca6b)
    value = Math.imul(value ^ (value >>> 13), 0xc2b2ae35)
    return ((value ^ (value >>> 16)) >>> 0) / 4294967296
  }
}

const slugify = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")

const categoryTree: Record<string, Record<string, ReadonlyArray<string>>> = {
  Women: { Clothing: ["Sarees", "Kurtis"], Shoes: ["Sandals"], Bags: [] },
  Men: { Clothing: ["Panjabi", "Shirts"], Watches: [] },
  Home: { Kitchen: ["Cookware"], Decor: [] },
  Electronics: { Phones: [], Audio: ["Headphones"] },
  Grocery: { Tea: [], Snacks: [] }
}

/** Bangla names of the leaf categories, for the products translated into Bangla. */
const banglaLeafNames: Readonly<Record<string, string>> = {
  Sarees: "শাড়ি", Kurtis: "কুর্তি", Sandals: "স্যান্ডেল", Bags: "ব্যাগ", Panjabi: "পাঞ্জাবি", Shirts: "শার্ট",
  Watches: "ঘড়ি", Cookware: "রান্নার হাঁড়ি", Decor: "ঘর সাজানো", Phones: "মোবাইল ফোন", Headphones: "হেডফোন",
  Tea: "চা পাতা", Snacks: "নাস্তা"
}
/** Every category's Bangla name: its translation in the document (docs/contract/catalog-import.md). */
const banglaCategoryNames: Readonly<Record<string, string>> = {
  ...banglaLeafNames,
  Women: "মেয়েদের", Men: "ছেলেদের", Home: "ঘর ও গৃহস্থালি", Electronics: "ইলেকট্রনিক্স", Grocery: "মুদি বাজার",
  Clothing: "পোশাক", Shoes: "জুতা", Kitchen: "রান্নাঘর", Audio: "অডিও"
}
const inBangla = (name: string, description?: string) => ({
  translations: { bn: { name: banglaCategoryNames[name] ?? name, ...(description === undefined ? {} : { description }) } }
})
const banglaDigits = (value: number): string => [...String(value)].map((digit) => "০১২৩৪৫৬৭৮৯"[Number(digit)]).join("")

export const demoCatalogDocument = (): Record<string, unknown> => {
  const random = seededRandom(2026)
  const pick = <A>(items: ReadonlyArray<A>): A => items[Math.floor(random() * items.length)]!
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1))

  const categories: Array<Record<string, unknown>> = []
  const leavesByRoot = new Map<string, Array<string>>()
  let position = 0
  for (const [root, middles] of Object.entries(categoryTree)) {
    const rootSlug = slugify(root)
    categories.push({
      slug: rootSlug,
      name: root,
      description: `Everything ${root.toLowerCase()}`,
      image: `https://img.example.com/categories/${rootSlug}.jpg`,
      parentSlug: null,
      seo: { metaTitle: root, metaDescription: `Shop ${root}`, ogImage: null },
      position: position++,
      ...inBangla(root, `${banglaCategoryNames[root] ?? root}: সব কিছু এক জায়গায়`)
    })
    const leaves: Array<string> = []
    for (const [middle, grandchildren] of Object.entries(middles)) {
      const middleSlug = `${rootSlug}-${slugify(middle)}`
      categories.push({
        slug: middleSlug,
        name: middle,
        description: null,
        image: null,
        parentSlug: rootSlug,
        seo: { metaTitle: null, metaDescription: null, ogImage: null },
        position: position++,
        ...inBangla(middle)
      })
      if (grandchildren.length === 0) leaves.push(middleSlug)
      for (const grandchild of grandchildren) {
        const slug = `${middleSlug}-${slugify(grandchild)}`
        categories.push({
          slug,
          name: grandchild,
          description: null,
          image: null,
          parentSlug: middleSlug,
          seo: { metaTitle: null, metaDescription: null, ogImage: null },
          position: position++,
          ...inBangla(grandchild)
        })
        leaves.push(slug)
      }
    }
    leavesByRoot.set(root, leaves)
  }

  const brands = ["Aarong", "Yellow", "Apex", "Walton", "Pran", "Bata", "Sailor", "Rang"]
  const materials = ["Cotton", "Silk", "Leather", "Steel", "Wood", "Jute"]
  const colors = ["Red", "Blue", "Green", "Black", "White"]
  const tags = ["new", "sale", "eid", "bestseller", "handmade", "organic", "gift", "premium"]
  const adjectives = ["Classic", "Everyday", "Royal", "Urban", "Heritage", "Modern"]

  const products: Array<Record<string, unknown>> = []
  const roots = Object.keys(categoryTree)
  for (let index = 0; index < DEMO_PRODUCT_COUNT; index++) {
    const root = pick(roots)
    const leaf = pick(leavesByRoot.get(root)!)
    const leafName = categories.find((category) => category.slug === leaf)!.name as string
    const brand = pick(brands)
    const name = `${brand} ${pick(adjectives)} ${leafName} ${index + 1}`
    const apparel = root === "Women" || root === "Men"
    const basePrice = root === "Electronics" ? between(1500, 60000) : root === "Grocery" ? between(60, 900) : between(250, 6000)
    const onSale = random() < 0.3
    const sizes = apparel ? ["S", "M", "L"].slice(0, between(1, 3)) : []
    const color = pick(colors)
    const variantOptions = apparel
      ? [{ key: "size", values: sizes, position: 0 }, { key: "color", values: [color], position: 1 }]
      : []
    const combinations = apparel ? sizes.map((size) => ({ size, color })) : [{}]
    const variants = combinations.map((optionValues, variantIndex) => {
      const price = basePrice + variantIndex * 50
      const stockRoll = random()
      return {
        sku: `DEMO-${index + 1}-${variantIndex + 1}`,
        originalPrice: price,
        salePrice: onSale ? Math.round(price * 0.85) : null,
        stock: stockRoll < 0.1 ? 0 : stockRoll < 0.25 ? between(1, 5) : between(6, 120),
        weightKg: root === "Electronics" ? 1.2 : root === "Grocery" ? 0.5 : 0.4,
        images: [`https://img.example.com/products/${index + 1}/${variantIndex + 1}.jpg`],
        optionValues
      }
    })
    const shopIds = ["shop_main", ...(random() < 0.4 ? ["shop_outlet"] : []), ...(random() < 0.2 ? ["shop_wholesale"] : [])]
    products.push({
      slug: slugify(name),
      name,
      description: `${name}: ${pick(materials).toLowerCase()} quality from ${brand}.`,
      sku: `DEMO-${index + 1}`,
      productType: apparel ? "apparel" : root.toLowerCase(),
      unitName: root === "Grocery" ? "pack" : "piece",
      thumbnail: `https://img.example.com/products/${index + 1}/thumb.jpg`,
      images: [`https://img.example.com/products/${index + 1}/1.jpg`],
      tags: [...new Set([pick(tags), pick(tags)])],
      attributes: {
        brand: { type: "text", value: brand },
        material: { type: "text", value: pick(materials) }
      },
      seo: { metaTitle: name, metaDescription: `Buy ${name} online`, metaKeywords: [brand.toLowerCase()], ogImage: null },
      sizeGuideId: apparel ? "sg_apparel" : null,
      // every other product is translated into Bangla (docs/contract/catalog-import.md)
      ...(index % 2 === 0 && banglaLeafNames[leafName] !== undefined
        ? { translations: { bn: { name: `${brand} ${banglaLeafNames[leafName]} ${banglaDigits(index + 1)}` } } }
        : {}),
      categorySlugs: [leaf],
      shopIds,
      enabled: random() > 0.02,
      requiresShipping: true,
      salesCount: Math.floor(500 * random() ** 3),
      createdAt: new Date(Date.UTC(2025, 0, 1) + index * 86_400_000).toISOString(),
      variantOptions,
      variants
    })
  }

  return {
    version: 1,
    shops: [
      {
        id: "shop_main",
        name: "Demo Main Store",
        zoneRules: [
          { zoneType: "inside_city", field: "city", values: ["Dhaka"] },
          { zoneType: "suburb", field: "district", values: ["Gazipur", "Narayanganj"] }
        ],
        defaultZoneType: "outside_city"
      },
      {
        id: "shop_outlet",
        name: "Demo Outlet",
        zoneRules: [{ zoneType: "inside_city", field: "city", values: ["Chattogram"] }],
        defaultZoneType: "outside_city"
      },
      { id: "shop_wholesale", name: "Demo Wholesale", zoneRules: [], defaultZoneType: "outside_city" }
    ],
    publishableKeys: [
      { key: DEMO_PUBLISHABLE_KEY, title: "Demo web storefront", shopIds: ["shop_main"] },
      { key: "pk_demo_outlet", title: "Demo outlet storefront", shopIds: ["shop_outlet"] },
      { key: "pk_demo_marketplace", title: "Demo marketplace app", shopIds: ["shop_main", "shop_outlet", "shop_wholesale"] },
      { key: "pk_demo_revoked", title: "Retired app", shopIds: ["shop_main"], revokedAt: "2026-01-01T00:00:00.000Z" }
    ],
    categories,
    sizeGuides: [
      { id: "sg_apparel", name: "Apparel sizes", content: "S: 36in chest, M: 38in, L: 40in", imageUrl: "https://img.example.com/size-guides/apparel.png" }
    ],
    products,
    shippingMethods: [
      {
        id: "sm_demo_standard",
        shopId: "shop_main",
        name: "Standard delivery",
        description: "Home delivery by courier",
        slaText: "2-5 days",
        slaMinDays: 2,
        slaMaxDays: 5,
        minOrderValueForFreeShipping: 3000,
        codSurchargeEnabled: true,
        codSurchargeType: "percentage",
        codSurchargeValue: 1,
        zones: [
          { type: "inside_city", baseRate: 60, baseWeightKg: 1, additionalWeightPricePerKg: 15 },
          { type: "suburb", baseRate: 100, baseWeightKg: 1, additionalWeightPricePerKg: 20 },
          { type: "outside_city", baseRate: 120, baseWeightKg: 1, additionalWeightPricePerKg: 25 }
        ]
      },
      {
        id: "sm_demo_express",
        shopId: "shop_main",
        name: "Express",
        description: "Same day inside the city",
        slaText: "Same day",
        slaMinDays: 0,
        slaMaxDays: 1,
        minOrderValueForFreeShipping: null,
        codSurchargeEnabled: true,
        codSurchargeType: "fixed",
        codSurchargeValue: 20,
        zones: [{ type: "inside_city", baseRate: 150, baseWeightKg: null, additionalWeightPricePerKg: null }]
      },
      {
        id: "sm_demo_outlet",
        shopId: "shop_outlet",
        name: "Outlet delivery",
        description: null,
        slaText: null,
        slaMinDays: null,
        slaMaxDays: null,
        minOrderValueForFreeShipping: null,
        codSurchargeEnabled: false,
        codSurchargeType: null,
        codSurchargeValue: null,
        zones: [
          { type: "inside_city", baseRate: 70, baseWeightKg: 2, additionalWeightPricePerKg: 10 },
          { type: "outside_city", baseRate: 130, baseWeightKg: 2, additionalWeightPricePerKg: 20 }
        ]
      }
    ],
    coupons: [
      { code: "WELCOME10", shopId: "shop_main", type: "percentage", value: 10, minSubtotal: 1000, startsAt: "2025-01-01T00:00:00.000Z", endsAt: "2030-01-01T00:00:00.000Z", usageLimit: null },
      { code: "FLAT100", shopId: "shop_main", type: "fixed", value: 100, minSubtotal: 500, startsAt: "2025-01-01T00:00:00.000Z", endsAt: "2030-01-01T00:00:00.000Z", usageLimit: 1000 }
    ],
    customers: [
      { name: "Rahim Uddin", email: "rahim@example.com", phone: "+8801711000001", source: "chat" },
      { name: "Karima Begum", email: "karima@example.com", phone: "+8801711000002", source: "chat" }
    ]
  }
}
