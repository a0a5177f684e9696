/**
 * The catalog capability: listings, suggestions, products by slug, the category tree and the
 * shipping methods, answered from the read model, as one service whose layer takes the read
 * model once; each method is a traced span (`Catalog.*`).
 */
import { Context, Effect, Layer } from "effect"
import { CatalogReadModel } from "./catalog-read-model.ts"
import { type CategoryListingRequest, findCategoryBySlug, listCategories } from "./category-listing.ts"
import { findProductBySlug } from "./product-by-slug.ts"
import { listProducts, type ProductListingRequest } from "./product-listing.ts"
import { type SuggestionRequest, suggestProducts } from "./product-suggestions.ts"
import { resolvePublishableKey } from "./publishable-key-scope.ts"
import { listShippingMethods } from "./shipping-method-listing.ts"
import type { ShopId } from "../../domain/shared/ids.ts"

type ShopIds = ReadonlyArray<ShopId>

const make = Effect.gen(function*() {
  const readModel = yield* CatalogReadModel
  return {
    /**
     * The shops a publishable key scopes. Every /v1/store request asks it, so it is no span of its
     * own (an Effect.fn costs two context copies and a stack capture a call): the request's HTTP
     * server span covers it.
     */
    resolvePublishableKey: (key: string) => resolvePublishableKey(readModel, key),
    listProducts: Effect.fn("Catalog.listProducts")((request: ProductListingRequest, shopIds: ShopIds) =>
      listProducts(readModel, request, shopIds)
    ),
    suggest: Effect.fn("Catalog.suggest")((request: SuggestionRequest, shopIds: ShopIds) =>
      suggestProducts(readModel, request, shopIds)
    ),
    productBySlug: Effect.fn("Catalog.productBySlug")((slug: string, shopIds: ShopIds) =>
      findProductBySlug(readModel, slug, shopIds)
    ),
    listCategories: Effect.fn("Catalog.listCategories")((request: CategoryListingRequest, shopIds: ShopIds) =>
      listCategories(readModel, request, shopIds)
    ),
    categoryBySlug: Effect.fn("Catalog.categoryBySlug")((slug: string, shopIds: ShopIds) =>
      findCategoryBySlug(readModel, slug, shopIds)
    ),
    shippingMethods: Effect.fn("Catalog.shippingMethods")((shopId: ShopId | undefined, shopIds: ReadonlyArray<ShopId>) =>
      listShippingMethods(readModel, shopId, shopIds)
    )
  }
})

export class CatalogService extends Context.Service<CatalogService, Effect.Success<typeof make>>()(
  "storefront/CatalogService"
) {
  /** Needs the CatalogReadModel. */
  static readonly layer = Layer.effect(CatalogService, make)
}
