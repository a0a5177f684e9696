/** The storefront's Product (the interface's Product, listing rendering), money in major units. */
import { Schema } from "effect"
import { ProductAttribute, ProductSeo, ProductTranslations, SizeGuide, VariantOption } from "../../../domain/catalog/catalog-product.ts"
import { CategoryRef } from "../../../domain/catalog/category.ts"

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
  createdAt: Schema.String,
  translations: Schema.optionalKey(ProductTranslations.annotate({
    description: "The product's texts in other languages by language tag (`bn`), when it has any; a request in " +
      "Bangla (`Accept-Language: bn` or `locale=bn`) is already answered with them in `name` and `description`"
  }))
}).annotate({ identifier: "Product" })
export type ProductView = typeof ProductView.Type
