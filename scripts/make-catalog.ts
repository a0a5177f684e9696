/**
 * A synthetic catalog in the import format (docs/contract/catalog-import.md), for the tests and
 * the benchmarks: `node scripts/make-catalog.ts [--products N] [--seed S] [--out FILE] [--slice A:B]`.
 *
 * Deterministic: the same N and seed give the same bytes (a small counter-based PRNG, no
 * Math.random), so two systems can be loaded with identical data. Streaming: the document is
 * written a product at a time through a 1 MiB buffer, so a million products take no more
 * memory than a thousand. `--slice A:B` writes only products A..B-1 of the N (every product is
 * still generated, so a slice's products are the same as in the whole document, and the rest of
 * the document is identical): a catalog too large for one document imports in parts.
 *
 * The catalog: eight root categories with two levels below (Bangladeshi fashion, electronics,
 * grocery, …), three shops with zone rules, four publishable keys (one revoked), two size
 * guides, three shipping methods, three coupons (one expired) and three customers; products
 * with size/colour/weight options and their variant combinations, sale prices on some, a few out
 * of stock, a few disabled.
 */
import { closeSync, openSync, writeSync } from "node:fs"
import { parseArgs } from "node:util"

/** A seeded generator of floats in [0, 1) (mulberry32). */
const seededRandom = (seed: number) => {
  let state = seed >>> 0
  return (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const slugify = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")

/** Root → middle category → leaves (a middle category without leaves is a leaf itself). */
const CATEGORY_TREE: Record<string, Record<string, ReadonlyArray<string>>> = {
  Women: { Clothing: ["Sarees", "Salwar Kameez", "Kurtis", "Tops"], Shoes: ["Sandals", "Heels"], Bags: [], Jewellery: ["Earrings", "Necklaces"] },
  Men: { Clothing: ["Panjabi", "Shirts", "T-Shirts", "Jeans"], Shoes: ["Sneakers", "Formal Shoes"], Watches: [], Accessories: ["Wallets", "Belts"] },
  Kids: { Baby: ["Diapers", "Feeding"], Toys: ["Puzzles", "Dolls"], "Kids Clothing": [] },
  Home: { Kitchen: ["Cookware", "Storage"], Bedding: ["Bedsheets", "Pillows"], Decor: [] },
  Electronics: { Phones: ["Smartphones", "Feature Phones"], Audio: ["Headphones", "Speakers"], Computers: ["Laptops", "Keyboards"], Appliances: [] },
  Beauty: { Skincare: ["Face Wash", "Moisturizers"], Makeup: ["Lipstick", "Foundation"], Fragrance: [] },
  Grocery: { Rice: [], Oil: [], Snacks: ["Biscuits", "Chips"], Beverages: ["Tea", "Coffee"] },
  Sports: { Cricket: ["Bats", "Balls"], Football: [], Fitness: ["Yoga Mats", "Dumbbells"] }
}

const BRANDS = ["Aarong", "Yellow", "Ecstasy", "Apex", "Bata", "Walton", "Samsung", "Xiaomi", "Symphony", "Pran", "ACI", "Square", "Fresh", "Radhuni", "Lotto", "Puma", "Nike", "Adidas", "Sailor", "Infinity", "Richman", "Cats Eye", "Kay Kraft", "Anjan's", "Le Reve", "Twelve", "Easy", "Artisan", "Deshal", "Rang"]
const MATERIALS = ["Cotton", "Silk", "Linen", "Polyester", "Leather", "Denim", "Jute", "Wool", "Plastic", "Steel", "Aluminium", "Wood"]
const COLOURS = ["Red", "Blue", "Green", "Black", "White", "Yellow", "Maroon", "Navy", "Grey", "Pink", "Orange", "Purple", "Olive", "Beige", "Teal"]
const ORIGINS = ["Bangladesh", "India", "China", "Thailand", "Vietnam", "Japan", "Korea", "Turkey"]
const TAGS = ["new", "sale", "eid", "pohela-boishakh", "winter", "summer", "bestseller", "limited", "handmade", "organic", "imported", "local", "gift", "premium", "budget", "eco", "cotton-rich", "office", "party", "casual", "festive", "kids-favourite", "family-pack", "combo", "trending", "clearance", "exclusive", "monsoon", "wedding", "sports"]
const NAME_WORDS = ["Classic", "Premium", "Everyday", "Signature", "Royal", "Urban", "Heritage", "Modern", "Essential", "Deluxe", "Smart", "Comfort", "Pure", "Golden", "Fresh"]
const SIZES = ["S", "M", "L", "XL", "XXL"]
const PACK_WEIGHTS = ["500g", "1kg", "2kg", "5kg"]
const SHOP_IDS = ["shop_main", "shop_outlet", "shop_b2b"]
/** How likely a product is sold in each of SHOP_IDS (one in none goes to the main shop). */
const SHOP_CHANCES = [0.8, 0.4, 0.2]

const SIZE_GUIDES = [
  { id: "sg_apparel", name: "Apparel sizes", content: "S: 36in chest, M: 38in, L: 40in, XL: 42in", imageUrl: "https://img.example.com/sg/apparel.png" },
  { id: "sg_shoes", name: "Shoe sizes", content: "EU 38-45", imageUrl: "https://img.example.com/sg/shoes.png" }
]

const SHOPS = [
  { id: "shop_main", name: "Main Store", zoneRules: [{ zoneType: "inside_city", field: "city", values: ["Dhaka"] }, { zoneType: "suburb", field: "district", values: ["Gazipur", "Narayanganj", "Munshiganj"] }], defaultZoneType: "outside_city" },
  { id: "shop_outlet", name: "Outlet", zoneRules: [{ zoneType: "inside_city", field: "city", values: ["Chattogram"] }], defaultZoneType: "outside_city" },
  { id: "shop_b2b", name: "Wholesale", zoneRules: [], defaultZoneType: "outside_city" }
]

const PUBLISHABLE_KEYS = [
  { key: "pk_main_0123456789abcdef", title: "Main web storefront", shopIds: ["shop_main"] },
  { key: "pk_outlet_0123456789abcdef", title: "Outlet storefront", shopIds: ["shop_outlet"] },
  { key: "pk_all_0123456789abcdef", title: "Marketplace app", shopIds: ["shop_main", "shop_outlet", "shop_b2b"] },
  { key: "pk_revoked_0123456789abcdef", title: "Old app", shopIds: ["shop_main"], revokedAt: "2026-01-01T00:00:00.000Z" }
]

const SHIPPING_METHODS = [
  { id: "sm_standard", shopId: "shop_main", name: "Standard Delivery", description: "Home delivery by courier", slaText: "2-5 days", slaMinDays: 2, slaMaxDays: 5, minOrderValueForFreeShipping: 3000, codSurchargeEnabled: true, codSurchargeType: "percentage", codSurchargeValue: 1, zones: [{ type: "inside_city", baseRate: 60, baseWeightKg: 1, additionalWeightPricePerKg: 15 }, { type: "suburb", baseRate: 100, baseWeightKg: 1, additionalWeightPricePerKg: 20 }, { type: "outside_city", baseRate: 120, baseWeightKg: 1, additionalWeightPricePerKg: 25 }] },
  { id: "sm_express", shopId: "shop_main", name: "Express", description: "Same day inside the city", slaText: "Same day", slaMinDays: 0, slaMaxDays: 1, minOrderValueForFreeShipping: null, codSurchargeEnabled: true, codSurchargeType: "fixed", codSurchargeValue: 20, zones: [{ type: "inside_city", baseRate: 150, baseWeightKg: null, additionalWeightPricePerKg: null }] },
  { id: "sm_outlet", shopId: "shop_outlet", name: "Outlet Delivery", description: null, slaText: null, slaMinDays: null, slaMaxDays: null, minOrderValueForFreeShipping: null, codSurchargeEnabled: false, codSurchargeType: null, codSurchargeValue: null, zones: [{ type: "inside_city", baseRate: 70, baseWeightKg: 2, additionalWeightPricePerKg: 10 }, { type: "outside_city", baseRate: 130, baseWeightKg: 2, additionalWeightPricePerKg: 20 }] }
]

const COUPONS = [
  { code: "SAVE10", shopId: "shop_main", type: "percentage", value: 10, minSubtotal: 1000, startsAt: "2024-01-01T00:00:00.000Z", endsAt: "2030-01-01T00:00:00.000Z", usageLimit: null },
  { code: "FLAT100", shopId: "shop_main", type: "fixed", value: 100, minSubtotal: 500, startsAt: "2024-01-01T00:00:00.000Z", endsAt: "2030-01-01T00:00:00.000Z", usageLimit: 1000 },
  { code: "OLD20", shopId: "shop_main", type: "percentage", value: 20, minSubtotal: 0, startsAt: "2023-01-01T00:00:00.000Z", endsAt: "2024-01-01T00:00:00.000Z", usageLimit: null }
]

const CUSTOMERS = [
  { name: "Rahim Uddin", email: "rahim@example.com", phone: "+8801711000001", source: "chat" },
  { name: "Karima Begum", email: "karima@example.com", phone: "+8801711000002", source: "chat" },
  { name: "Sohel Rana", email: null, phone: "+8801711000003", source: "chat" }
]

interface CategoryEntry {
  readonly slug: string
  readonly name: string
  readonly description: string | null
  readonly image: string | null
  readonly parentSlug: string | null
  readonly seo: { readonly metaTitle: string | null; readonly metaDescription: string | null; readonly ogImage: null }
}

/** The category list (parents first) and each root's leaf slugs. */
const categoriesOf = (tree: typeof CATEGORY_TREE) => {
  const categories: Array<CategoryEntry> = []
  const leaves = new Map<string, Array<string>>()
  const noSeo = { metaTitle: null, metaDescription: null, ogImage: null }
  for (const [root, middles] of Object.entries(tree)) {
    const rootSlug = slugify(root)
    categories.push({ slug: rootSlug, name: root, description: `${root} for every day`, image: `https://img.example.com/c/${rootSlug}.jpg`, parentSlug: null, seo: { metaTitle: root, metaDescription: `Shop ${root}`, ogImage: null } })
    const rootLeaves: Array<string> = []
    leaves.set(root, rootLeaves)
    for (const [middle, grandchildren] of Object.entries(middles)) {
      const middleSlug = `${rootSlug}-${slugify(middle)}`
      categories.push({ slug: middleSlug, name: middle, description: null, image: null, parentSlug: rootSlug, seo: noSeo })
      if (grandchildren.length === 0) rootLeaves.push(middleSlug)
      for (const leaf of grandchildren) {
        const leafSlug = `${middleSlug}-${slugify(leaf)}`
        categories.push({ slug: leafSlug, name: leaf, description: null, image: null, parentSlug: middleSlug, seo: noSeo })
        rootLeaves.push(leafSlug)
      }
    }
  }
  return { categories, leaves }
}

/** Kilograms of a pack weight option ("500g" → 0.5, "2kg" → 2). */
const packKilograms = (weight: string | undefined): number => {
  const value = weight ?? "1kg"
  const kilograms = Number.parseFloat(value) / (value.endsWith("g") && !value.endsWith("kg") ? 1000 : 1)
  return kilograms || 1
}

export interface CatalogOptions {
  readonly products: number
  readonly seed: number
  /** Products [from, to) are written; all of them by default. */
  readonly slice?: { readonly from: number; readonly to: number }
}

/** Writes the document, in pieces, to `write`. */
export const writeCatalog = (options: CatalogOptions, write: (text: string) => void): void => {
  const random = seededRandom(options.seed)
  const pick = <A>(items: ReadonlyArray<A>): A => items[Math.floor(random() * items.length)]!
  const some = <A>(items: ReadonlyArray<A>, count: number): Array<A> => [...new Set(Array.from({ length: count }, () => pick(items)))]
  const between = (low: number, high: number): number => low + Math.floor(random() * (high - low + 1))
  const { from, to } = options.slice ?? { from: 0, to: options.products }

  const { categories, leaves } = categoriesOf(CATEGORY_TREE)
  const nameOfCategory = new Map(categories.map((category) => [category.slug, category.name]))
  const roots = Object.keys(CATEGORY_TREE)
  const firstCreated = Date.parse("2024-11-01T00:00:00Z")
  const createdSpan = 730 * 86_400_000

  write(`{"version":1,"shops":${JSON.stringify(SHOPS)},"publishableKeys":${JSON.stringify(PUBLISHABLE_KEYS)},"categories":${JSON.stringify(categories)},"sizeGuides":${JSON.stringify(SIZE_GUIDES)},"products":[`)
  for (let index = 0; index < options.products; index++) {
    // the draws below happen in the same order for every product, written or not
    const root = pick(roots)
    const categorySlugs = some(leaves.get(root)!, random() < 0.2 ? 2 : 1)
    const brand = pick(BRANDS)
    const name = `${brand} ${pick(NAME_WORDS)} ${nameOfCategory.get(categorySlugs[0]!)} ${index}`
    const apparel = root === "Women" || root === "Men" || root === "Kids"
    const electronics = root === "Electronics"
    const grocery = root === "Grocery"
    const variantOptions = apparel
      ? [{ key: "size", values: some(SIZES, between(2, 4)).sort(), position: 0 }, { key: "color", values: some(COLOURS, between(1, 3)), position: 1 }]
      : electronics
      ? [{ key: "color", values: some(COLOURS, between(1, 2)), position: 0 }]
      : grocery
      ? [{ key: "weight", values: some(PACK_WEIGHTS, between(1, 3)), position: 0 }]
      : []
    const combinations = variantOptions.reduce<Array<Record<string, string>>>(
      (partial, option) => partial.flatMap((combination) => option.values.map((value) => ({ ...combination, [option.key]: value }))),
      [{}]
    )
    const base = electronics ? between(1500, 95000) : grocery ? between(60, 1800) : between(150, 9500)
    const onSale = random() < 0.3
    const variants = combinations.map((optionValues, position) => {
      const price = base + (position % 3) * Math.round(base * 0.05)
      const stockDraw = random()
      return {
        sku: `SKU-${index}-${position}`,
        originalPrice: price,
        salePrice: onSale ? Math.round(price * (0.7 + random() * 0.2)) : null,
        stock: stockDraw < 0.1 ? 0 : stockDraw < 0.25 ? between(1, 5) : between(6, 200),
        weightKg: grocery
          ? packKilograms(optionValues["weight"])
          : electronics
          ? Math.round((0.2 + random() * 3) * 100) / 100
          : Math.round((0.2 + random() * 1.3) * 100) / 100,
        images: [`https://img.example.com/p/${index}/${position}.jpg`],
        optionValues
      }
    })
    const shopIds = SHOP_IDS.filter((_, shop) => random() < SHOP_CHANCES[shop]!)
    const product = {
      slug: slugify(name),
      name,
      description: `${name}. ${pick(MATERIALS)} quality from ${brand}. Ideal for ${pick(TAGS)} occasions.`,
      sku: `P-${index}`,
      productType: apparel ? "apparel" : electronics ? "electronics" : grocery ? "grocery" : root.toLowerCase(),
      unitName: grocery ? "pack" : "piece",
      thumbnail: `https://img.example.com/p/${index}/thumb.jpg`,
      images: [`https://img.example.com/p/${index}/1.jpg`, `https://img.example.com/p/${index}/2.jpg`],
      tags: some(TAGS, between(1, 4)),
      attributes: Object.fromEntries(
        [["brand", brand], ["material", pick(MATERIALS)], ["origin", pick(ORIGINS)], ...(electronics ? [["warranty", `${between(1, 3)} years`]] : [])]
          .map(([key, value]) => [key, { type: "text", value }])
      ),
      seo: { metaTitle: name, metaDescription: `Buy ${name} online`, metaKeywords: [brand.toLowerCase(), root.toLowerCase()], ogImage: null },
      sizeGuideId: apparel ? "sg_apparel" : null,
      categorySlugs,
      shopIds: shopIds.length > 0 ? shopIds : ["shop_main"],
      enabled: random() > 0.03,
      requiresShipping: true,
      salesCount: Math.floor(1000 * Math.pow(random(), 4)),
      createdAt: new Date(firstCreated + Math.floor(random() * createdSpan)).toISOString(),
      variantOptions,
      variants: variants.length > 0
        ? variants
        : [{ sku: `SKU-${index}-0`, originalPrice: base, salePrice: onSale ? Math.round(base * 0.85) : null, stock: between(0, 50), weightKg: 1, images: [], optionValues: {} }]
    }
    if (index >= from && index < to) write((index === from ? "" : ",") + JSON.stringify(product))
  }
  write(`],"shippingMethods":${JSON.stringify(SHIPPING_METHODS)},"coupons":${JSON.stringify(COUPONS)},"customers":${JSON.stringify(CUSTOMERS)}}`)
}

/** The command line: writes to --out or standard output through a 1 MiB buffer. */
const main = (): void => {
  const { values } = parseArgs({
    options: { products: { type: "string" }, seed: { type: "string" }, out: { type: "string" }, slice: { type: "string" } }
  })
  const products = Number(values.products ?? 1000)
  const seed = Number(values.seed ?? 42)
  const [from, to] = (values.slice ?? `0:${products}`).split(":").map(Number)
  if (!Number.isInteger(products) || products < 0 || !Number.isInteger(from) || !Number.isInteger(to)) {
    throw new Error("usage: make-catalog.ts [--products N] [--seed S] [--out FILE] [--slice A:B]")
  }
  const descriptor = values.out === undefined ? 1 : openSync(values.out, "w")
  let pending = ""
  writeCatalog({ products, seed, slice: { from: from!, to: to! } }, (text) => {
    pending += text
    if (pending.length > 1 << 20) {
      writeSync(descriptor, pending)
      pending = ""
    }
  })
  writeSync(descriptor, pending)
  if (values.out !== undefined) closeSync(descriptor)
}

if (import.meta.main) main()
