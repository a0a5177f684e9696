/**
 * The document the catalog keeps of each product: its Product JSON (the interface's Product,
 * money in major units), made once when the product changes, so that a listing is assembled
 * from these documents rather than encoded per response. A suggestion reads its name and
 * thumbnail back from it.
 */
import type { ProductDocumentFormat } from "../../../application/catalog/product-search.ts"
import { type ProductView, renderProduct } from "../../../domain/catalog/product-view.ts"

export const productJsonDocuments: ProductDocumentFormat = {
  render: (product, context) => JSON.stringify(renderProduct(product, context)),
  summary: (document) => {
    const product = JSON.parse(document) as Pick<ProductView, "id" | "name" | "thumbnail">
    return { id: product.id, name: product.name, thumbnail: product.thumbnail }
  }
}
