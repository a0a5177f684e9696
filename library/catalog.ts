/**
 * `storefront-service/catalog`: the catalog for other Node services, without the HTTP server.
 * The catalog service over its read model (answered by the server's engine), the import of a
 * catalog document (CONTRACT §9) and the Product document a listing carries. The stores it reads
 * come from `storefront-service/memory` or `storefront-service/postgres`.
 */
import { type Duration, Layer } from "effect"
import * as EngineProductSearch from "../adapters/catalog-engine/engine-product-search.ts"
import { productJsonDocuments } from "../adapters/http/representation/product-document.ts"
import { CatalogReadModel } from "../application/catalog/catalog-read-model.ts"
import { CatalogService } from "../application/catalog/catalog-service.ts"
import type { ProductListingRequest } from "../application/catalog/product-listing.ts"
import { ShopId } from "../domain/shared/ids.ts"

export { ProductView } from "../adapters/http/api/product-view.ts"
export { importCatalog } from "../application/catalog-import/import-catalog.ts"
export type { ImportSummary } from "../application/catalog-import/import-summary.ts"
export type { ProductListing, ProductListingRequest } from "../application/catalog/product-listing.ts"
export { ProductSearch } from "../application/catalog/product-search.ts"
export { CatalogReadModel, CatalogService, productJsonDocuments, ShopId }

/**
 * The catalog service over a read model of what the stores hold (it needs their CatalogSource),
 * loaded when the layer is built and read again every `pollInterval`.
 */
export const layer = (options: { readonly pollInterval: Duration.Input }) =>
  CatalogService.layer.pipe(
    Layer.provide(CatalogReadModel.layer(options)),
    Layer.provide(EngineProductSearch.layer({ format: productJsonDocuments }))
  )

/** A listing of the products visible in shops named by plain strings. */
export const listProducts = (request: ProductListingRequest, shopIds: ReadonlyArray<string>) =>
  CatalogService.use((catalog) => catalog.listProducts(request, shopIds.map((shopId) => ShopId.make(shopId))))
