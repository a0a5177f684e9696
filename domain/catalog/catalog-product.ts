/**
 * The catalog's record of a product as repositories hold it: every field the storefront renders
 * plus what filtering needs (shops, enabled, stock, sales). Money is in integer minor units.
 */
import { Schema } from "effect"
import { CategoryId, ProductId, ShopId, VariantId } from "../shared/ids.ts"
import { asMinorUnits, MinorUnits } from "../shared/money.ts"
import { Grams } from "../shared/weight.ts"

export const ProductAttribute = Schema.Struct({ type: Schema.String, value: Schema.String })
export type ProductAttribute = typeof ProductAttribute.Type

export const ProductSeo = Schema.Struct({
  metaTitle: Schema.NullOr(Schema.String),
  metaDescription: Schema.NullOr(Schema.String),
  metaKeywords: Schema.Array(Schema.String),
  ogImage: Schema.NullOr(Schema.String)
})
export type ProductSeo = typeof ProductSeo.Type

export const VariantOption = Schema.Struct({
  key: Schema.String,
  values: Schema.Array(Schema.String),
  position: Schema.Int
})
export type VariantOption = typeof VariantOption.Type

export const SizeGuide = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  content: Schema.String,
  imageUrl: Schema.String
})
export type SizeGuide = typeof SizeGuide.Type

const NonNegativeInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

export const CatalogVariant = Schema.Struct({
  id: VariantId,
  sku: Schema.String,
  originalPrice: MinorUnits,
  salePrice: Schema.NullOr(MinorUnits),
  stock: NonNegativeInt,
  weightGrams: Grams,
  images: Schema.Array(Schema.String),
  optionValues: Schema.Record(Schema.String, Schema.String)
})
export type CatalogVariant = typeof CatalogVariant.Type

/** A product's texts in another language (docs/contract/catalog-import.md): each given field replaces the imported one. */
export const ProductTranslation = Schema.Struct({
  name: Schema.optionalKey(Schema.String),
  description: Schema.optionalKey(Schema.String)
})
export type ProductTranslation = typeof ProductTranslation.Type

/** Translations by language tag (`bn`). */
export const ProductTranslations = Schema.Record(Schema.String, ProductTranslation)
export type ProductTranslations = typeof ProductTranslations.Type

/** What a product says of itself, the same in an import document and in the catalog's record. */
export const ProductContent = Schema.Struct({
  slug: Schema.String,
  name: Schema.String,
  description: Schema.String,
  sku: Schema.String,
  productType: Schema.NullOr(Schema.String),
  unitName: Schema.NullOr(Schema.String),
  thumbnail: Schema.NullOr(Schema.String),
  images: Schema.Array(Schema.String),
  tags: Schema.Array(Schema.String),
  attributes: Schema.NullOr(Schema.Record(Schema.String, ProductAttribute)),
  seo: ProductSeo,
  sizeGuideId: Schema.NullOr(Schema.String),
  /** absent: none */
  translations: Schema.optionalKey(ProductTranslations)
})
export type ProductContent = typeof ProductContent.Type

/** A product's content alone (the record or import data it is taken from has more). */
export const productContentOf = (product: ProductContent): ProductContent => ({
  slug: product.slug,
  name: product.name,
  description: product.description,
  sku: product.sku,
  productType: product.productType,
  unitName: product.unitName,
  thumbnail: product.thumbnail,
  images: product.images,
  tags: product.tags,
  attributes: product.attributes,
  seo: product.seo,
  sizeGuideId: product.sizeGuideId,
  ...(product.translations === undefined || Object.keys(product.translations).length === 0 ? {} : { translations: product.translations })
})

/** A product's translated names, for suggestions. */
export const translatedNames = (product: Pick<ProductContent, "translations">): Array<string> =>
  Object.values(product.translations ?? {}).flatMap((translation) => (translation.name === undefined ? [] : [translation.name]))

/** A product's translated names by language tag; undefined when it has none. */
export const translatedNamesOf = (
  translations: ProductTranslations | undefined
): Readonly<Record<string, string>> | undefined => {
  if (translations === undefined) return undefined
  const names: Record<string, string> = {}
  let any = false
  for (const [tag, translation] of Object.entries(translations)) {
    if (translation.name === undefined) continue
    names[tag] = translation.name
    any = true
  }
  return any ? names : undefined
}

/** Every translated text of a product (names first), for search. */
export const translatedTexts = (product: Pick<ProductContent, "translations">): Array<string> => {
  const translations = Object.values(product.translations ?? {})
  return [
    ...translations.flatMap((translation) => (translation.name === undefined ? [] : [translation.name])),
    ...translations.flatMap((translation) => (translation.description === undefined ? [] : [translation.description]))
  ]
}

export const CatalogProduct = Schema.Struct({
  id: ProductId,
  ...ProductContent.fields,
  categoryIds: Schema.Array(CategoryId),
  shopIds: Schema.Array(ShopId),
  enabled: Schema.Boolean,
  requiresShipping: Schema.Boolean,
  salesCount: NonNegativeInt,
  createdAt: Schema.Date,
  variantOptions: Schema.Array(VariantOption),
  variants: Schema.Array(CatalogVariant)
})
export type CatalogProduct = typeof CatalogProduct.Type

/** What a customer pays for a variant: the sale price when there is one. */
export const effectivePrice = (variant: Pick<CatalogVariant, "originalPrice" | "salePrice">): MinorUnits =>
  variant.salePrice ?? variant.originalPrice

/** A product's prices as a listing shows them: its headline variant and the range of its variants' prices. */
export interface HeadlinePrices {
  /** The cheapest variant by effective price (the first by position on ties); none without variants. */
  readonly headline: CatalogVariant | undefined
  /** 0 and 0 without variants. */
  readonly minPrice: MinorUnits
  readonly maxPrice: MinorUnits
}

/**
 * The product's headline price is that of its cheapest variant (by effective price, first by
 * position on ties), so it agrees with the range's minimum and with sorting by price.
 */
export const headlinePrices = (product: Pick<CatalogProduct, "variants">): HeadlinePrices => {
  let headline = product.variants[0]
  let minPrice = headline === undefined ? asMinorUnits(0) : effectivePrice(headline)
  let maxPrice = minPrice
  for (const variant of product.variants) {
    const price = effectivePrice(variant)
    if (price < minPrice) {
      minPrice = price
      headline = variant
    }
    if (price > maxPrice) maxPrice = price
  }
  return { headline, minPrice, maxPrice }
}

export const LOW_STOCK_MAX = 5
export const isInStock = (variant: Pick<CatalogVariant, "stock">): boolean => variant.stock > 0
export const isLowStock = (variant: Pick<CatalogVariant, "stock">): boolean =>
  variant.stock >= 1 && variant.stock <= LOW_STOCK_MAX

/** Enabled and at least one variant in stock. */
export const isAvailableForSale = (product: Pick<CatalogProduct, "enabled" | "variants">): boolean =>
  product.enabled && product.variants.some(isInStock)
