/**
 * The storefront rendering of a product (the interface's Product, listing rendering), with
 * money in major units. `renderProduct` turns a catalog record into it.
 */
import { Schema } from "effect"
import { toMajor } from "../shared/money.ts"
import {
  type CatalogProduct,
  effectivePrice,
  isAvailableForSale,
  isInStock,
  isLowStock,
  ProductAttribute,
  ProductSeo,
  SizeGuide,
  VariantOption
} from "./catalog-product.ts"

export const CategoryRef = Schema.Struct({ id: Schema.String, name: Schema.String, slug: Schema.String })
export type CategoryRef = typeof CategoryRef.Type

export const VariantView = Schema.Struct({
  id: Schema.String,
  sku: Schema.String,
  originalPrice: Schema.Finite,
  salePrice: Schema.NullOr(Schema.Finite),
  inStock: Schema.Boolean,
  lowStock: Schema.Boolean,
  images: Schema.Array(Schema.String),
  optionValues: Schema.Record(Schema.String, Schema.String)
})
export type VariantView = typeof VariantView.Type

export const ProductView = Schema.Struct({
  id: Schema.String,
  slug: Schema.NullOr(Schema.String),
  name: Schema.String,
  description: Schema.String,
  sku: Schema.String,
  originalPrice: Schema.Finite,
  salePrice: Schema.NullOr(Schema.Finite),
  priceRange: Schema.Struct({ minPrice: Schema.Finite, maxPrice: Schema.Finite }),
  thumbnail: Schema.NullOr(Schema.String),
  images: Schema.Array(Schema.String),
  tags: Schema.Array(Schema.String),
  productType: Schema.NullOr(Schema.String),
  unitName: Schema.NullOr(Schema.String),
  availableForSale: Schema.Boolean,
  requiresShipping: Schema.Boolean,
  attributes: Schema.NullOr(Schema.Record(Schema.String, ProductAttribute)),
  seo: ProductSeo,
  sizeGuide: Schema.NullOr(SizeGuide),
  categories: Schema.Array(CategoryRef),
  variants: Schema.Array(VariantView),
  variantOptions: Schema.Array(VariantOption),
  createdAt: Schema.String
}).annotate({ identifier: "Product" })
export type ProductView = typeof ProductView.Type

export interface RenderContext {
  readonly categoryRef: (categoryId: string) => CategoryRef | undefined
  readonly sizeGuide: (sizeGuideId: string) => SizeGuide | undefined
}

/**
 * The product's headline price is that of its cheapest variant (by effective price, first by
 * position on ties), so it agrees with `priceRange.minPrice` and with sorting by price.
 */
export const renderProduct = (product: CatalogProduct, context: RenderContext): ProductView => {
  let headline = product.variants[0]
  let minPrice = headline === undefined ? 0 : effectivePrice(headline)
  let maxPrice = minPrice
  for (const variant of product.variants) {
    const price = effectivePrice(variant)
    if (price < minPrice) {
      minPrice = price
      headline = variant
    }
    if (price > maxPrice) maxPrice = price
  }
  const categories: Array<CategoryRef> = []
  for (const categoryId of product.categoryIds) {
    const ref = context.categoryRef(categoryId)
    if (ref !== undefined) categories.push(ref)
  }
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    description: product.description,
    sku: product.sku,
    originalPrice: toMajor(headline?.originalPrice ?? 0),
    salePrice: headline?.salePrice == null ? null : toMajor(headline.salePrice),
    priceRange: { minPrice: toMajor(minPrice), maxPrice: toMajor(maxPrice) },
    thumbnail: product.thumbnail,
    images: product.images,
    tags: product.tags,
    productType: product.productType,
    unitName: product.unitName,
    availableForSale: isAvailableForSale(product),
    requiresShipping: product.requiresShipping,
    attributes: product.attributes,
    seo: product.seo,
    sizeGuide: product.sizeGuideId === null ? null : context.sizeGuide(product.sizeGuideId) ?? null,
    categories,
    variants: product.variants.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      originalPrice: toMajor(variant.originalPrice),
      salePrice: variant.salePrice === null ? null : toMajor(variant.salePrice),
      inStock: isInStock(variant),
      lowStock: isLowStock(variant),
      images: variant.images,
      optionValues: variant.optionValues
    })),
    variantOptions: product.variantOptions,
    createdAt: product.createdAt.toISOString()
  }
}
