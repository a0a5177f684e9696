/**
 * The document the catalog keeps of each product: its Product JSON (the interface's Product,
 * money in major units), made once when the product changes, so that a listing is assembled
 * from these documents rather than encoded per response. A suggestion reads its name and
 * thumbnail (and its translated names) back from it. A product's translations are part of its
 * document; a request in another language gets them applied (localized-documents.ts).
 */
import type { DocumentContext, ProductDocumentFormat } from "../../../application/catalog/product-search.ts"
import {
  type CatalogProduct,
  headlinePrices,
  isAvailableForSale,
  isInStock,
  isLowStock,
  translatedNamesOf
} from "../../../domain/catalog/catalog-product.ts"
import type { CategoryRef } from "../../../domain/catalog/category.ts"
import { toMajor } from "../../../domain/shared/money.ts"
import type { ProductView } from "../api/product-view.ts"

/** The Product a catalog record is shown as, with its categories and size guide as they are now. */
export const renderProduct = (product: CatalogProduct, context: DocumentContext): ProductView => {
  const { headline, maxPrice, minPrice } = headlinePrices(product)
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
    originalPrice: headline === undefined ? 0 : toMajor(headline.originalPrice),
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
    createdAt: product.createdAt.toISOString(),
    ...(product.translations === undefined ? {} : { translations: product.translations })
  }
}

export const productJsonDocuments: ProductDocumentFormat = {
  render: (product, context) => JSON.stringify(renderProduct(product, context)),
  summary: (document) => {
    const product = JSON.parse(document) as Pick<ProductView, "id" | "name" | "thumbnail" | "translations">
    const names = translatedNamesOf(product.translations)
    return { id: product.id, name: product.name, thumbnail: product.thumbnail, ...(names === undefined ? {} : { names }) }
  }
}
