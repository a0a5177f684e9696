/**
 * A validated import document in the store's units, ready to be written: money in integer minor
 * units, percentages in basis points, weights in grams, timestamps as Dates, emails normalised,
 * repeated shop or category links within a product dropped, positions filled in.
 * References are still natural keys (slugs, shop ids); the writer resolves them to ids.
 */
import type { CategorySeo } from "../../domain/catalog/category.ts"
import {
  type CatalogVariant,
  type ProductContent,
  productContentOf,
  type ProductTranslations,
  type SizeGuide,
  type VariantOption
} from "../../domain/catalog/catalog-product.ts"
import type { PublishableKey, Shop } from "../../domain/catalog/shop.ts"
import { normaliseEmail } from "../../domain/customer/email.ts"
import { comparablePhone } from "../../domain/customer/phone.ts"
import type { ShopId } from "../../domain/shared/ids.ts"
import { type AmountOrRate, type MinorUnits, toBasisPoints, toMinor } from "../../domain/shared/money.ts"
import { toGrams } from "../../domain/shared/weight.ts"
import { convertMethod, convertZonePrices, nullable } from "../../domain/shipping/shipping-method-units.ts"
import type { ShippingMethodRecord } from "../catalog/shipping-method-record.ts"
import type { ImportDocument, ImportProduct, ImportShippingMethod } from "./import-document.ts"

export interface ImportCategoryData {
  readonly slug: string
  readonly name: string
  readonly description: string | null
  readonly image: string | null
  readonly parentSlug: string | null
  readonly position: number
  readonly seo: CategorySeo
  /** Absent when the document gives none (or none with a field). */
  readonly translations?: ProductTranslations
}

/** A variant as the catalog records it, without its id yet. */
export interface ImportVariantData extends Omit<CatalogVariant, "id"> {
  /** Order within the product: the document order. */
  readonly position: number
}

export interface ImportProductData extends ProductContent {
  /** In document order (the order the product's categories are listed in). */
  readonly categorySlugs: ReadonlyArray<string>
  readonly shopIds: ReadonlyArray<ShopId>
  readonly enabled: boolean
  readonly requiresShipping: boolean
  readonly salesCount: number
  readonly createdAt: Date
  readonly variantOptions: ReadonlyArray<VariantOption>
  readonly variants: ReadonlyArray<ImportVariantData>
}

/** `value`: basis points for `percentage`, minor units for `fixed`. */
export interface ImportCouponData {
  readonly code: string
  readonly shopId: ShopId
  readonly type: "percentage" | "fixed"
  readonly value: AmountOrRate
  readonly minSubtotal: MinorUnits
  readonly startsAt: Date | null
  readonly endsAt: Date | null
  readonly usageLimit: number | null
}

export interface ImportCustomerData {
  readonly name: string
  /** Trimmed and lower-cased. */
  readonly email: string | null
  readonly phone: string | null
  readonly source: string
}

/** Every list of a document but its products (which stream, batch by batch). */
export interface CatalogImportLists {
  readonly shops: ReadonlyArray<Shop>
  readonly publishableKeys: ReadonlyArray<PublishableKey>
  readonly categories: ReadonlyArray<ImportCategoryData>
  readonly sizeGuides: ReadonlyArray<SizeGuide>
  readonly shippingMethods: ReadonlyArray<ShippingMethodRecord>
  readonly coupons: ReadonlyArray<ImportCouponData>
  readonly customers: ReadonlyArray<ImportCustomerData>
}

export interface CatalogImportData extends CatalogImportLists {
  readonly products: ReadonlyArray<ImportProductData>
}

export const noLists: CatalogImportLists = {
  shops: [],
  publishableKeys: [],
  categories: [],
  sizeGuides: [],
  shippingMethods: [],
  coupons: [],
  customers: []
}

/** The decoded lists of a document but its products. */
export type ImportDocumentLists = Omit<ImportDocument, "version" | "products">

const unique = <A extends string>(values: ReadonlyArray<A>): Array<A> => [...new Set(values)]


const toDate = (timestamp: string | null): Date | null => timestamp === null ? null : new Date(timestamp)

export const toProductData = (product: ImportProduct): ImportProductData => ({
  ...productContentOf({ ...product, description: product.description ?? "" }),
  categorySlugs: unique(product.categorySlugs),
  shopIds: unique(product.shopIds),
  enabled: product.enabled,
  requiresShipping: product.requiresShipping,
  salesCount: product.salesCount,
  createdAt: new Date(product.createdAt),
  variantOptions: product.variantOptions,
  variants: product.variants.map((variant, position) => ({
    sku: variant.sku,
    position,
    originalPrice: toMinor(variant.originalPrice),
    salePrice: variant.salePrice === null ? null : toMinor(variant.salePrice),
    stock: variant.stock,
    weightGrams: toGrams(variant.weightKg),
    images: variant.images,
    optionValues: variant.optionValues
  }))
})

/** The document's units (major units, percents) to the service's. */
const INWARD = { money: toMinor, rate: toBasisPoints }

const toShippingMethodRecord = (method: ImportShippingMethod, index: number): ShippingMethodRecord => ({
  ...convertMethod(method, INWARD),
  zones: method.zones.map((zone) => ({
    ...convertZonePrices(zone, INWARD),
    baseWeightGrams: nullable(toGrams)(zone.baseWeightKg)
  })),
  position: method.position ?? index
})

export const toCatalogImportData = (document: ImportDocument): CatalogImportData => ({
  ...toImportLists(document),
  products: document.products.map(toProductData)
})

export const toImportLists = (document: ImportDocumentLists): CatalogImportLists => ({
  shops: document.shops,
  publishableKeys: document.publishableKeys.map((key) => ({
    key: key.key,
    title: key.title,
    shopIds: unique(key.shopIds),
    revokedAt: toDate(key.revokedAt)
  })),
  categories: document.categories.map(({ translations, ...category }) =>
    translations === undefined || Object.keys(translations).length === 0 ? category : { ...category, translations }
  ),
  sizeGuides: document.sizeGuides,
  shippingMethods: document.shippingMethods.map(toShippingMethodRecord),
  coupons: document.coupons.map((coupon) => ({
    code: coupon.code,
    shopId: coupon.shopId,
    type: coupon.type,
    value: coupon.type === "percentage" ? toBasisPoints(coupon.value) : toMinor(coupon.value),
    minSubtotal: toMinor(coupon.minSubtotal),
    startsAt: toDate(coupon.startsAt),
    endsAt: toDate(coupon.endsAt),
    usageLimit: coupon.usageLimit
  })),
  customers: document.customers.map((customer) => ({
    name: customer.name,
    email: customer.email === null ? null : normaliseEmail(customer.email),
    phone: customer.phone === null ? null : comparablePhone(customer.phone),
    source: customer.source
  }))
})
