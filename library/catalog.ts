/**
 * `storefront-service/catalog`: the catalog for other Node services, without the HTTP server.
 * The catalog service over its read model (answered by the server's engine), the import of a
 * catalog document (docs/contract/catalog-import.md) and the Product document a listing carries.
 * The stores it reads come from `storefront-service/memory` or `storefront-service/postgres`.
 */
import { type Duration, Layer } from "effect"
import { EngineProductSearch } from "../adapters/catalog-engine/catalog-engine.ts"
import { productJsonDocuments } from "../adapters/http/representation/product-document.ts"
import { CatalogReadModel } from "../application/catalog/catalog-read-model.ts"
import { CatalogService } from "../application/catalog/catalog-service.ts"
import type { ProductListingRequest } from "../application/catalog/product-listing.ts"
import { ProductSearch } from "../application/catalog/product-search.ts"
import { ShopId } from "../domain/shared/ids.ts"

export { ProductView } from "../adapters/http/api/product-view.ts"
export { importCatalog } from "../application/catalog-import/import-catalog.ts"
export type { ImportSummary } from "../application/catalog-import/import-summary.ts"
export type { ProductListing, ProductListingRequest } from "../application/catalog/product-listing.ts"
export { CategoryId, ProductId, ShopId, VariantId } from "../domain/shared/ids.ts"
export { MinorUnits } from "../domain/shared/money.ts"
export { normaliseSearchTerm, SearchTerm } from "../domain/catalog/product-query.ts"
export { CatalogReadModel, CatalogService, productJsonDocuments, ProductSearch }

export interface CatalogLayerOptions {
  /** How often the read model applies what the stores committed since (1 second by default; `refresh` applies it at once). */
  readonly pollInterval?: Duration.Input
  /** The search the read model indexes with: the server's engine by default, or e.g. `MemoryProductSearch.layer`. */
  readonly search?: Layer.Layer<ProductSearch>
}

/**
 * The catalog service and its read model over what the stores hold (it needs their
 * CatalogSource), loaded when the layer is built and followed every `pollInterval`.
 */
export const layer = (options: CatalogLayerOptions = {}) =>
  CatalogService.layer.pipe(
    Layer.provideMerge(CatalogReadModel.layer({ pollInterval: options.pollInterval ?? "1 second" })),
    Layer.provide(options.search ?? EngineProductSearch.layer({ format: productJsonDocuments }))
  )

/** Applies everything the stores committed so far to the read model (e.g. right after an import). */
export const refresh = CatalogReadModel.use((model) => model.refresh)

/** A listing of the products visible in shops named by plain strings. */
export const listProducts = (request: ProductListingRequest, shopIds: ReadonlyArray<string>) =>
  CatalogService.use((catalog) => catalog.listProducts(request, shopIds.map((shopId) => ShopId.make(shopId))))
