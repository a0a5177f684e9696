/**
 * Handlers of the catalog group. Products are served as the JSON the read model rendered when
 * the product last changed, so a listing response is assembled, not re-encoded. The read model's
 * use cases cache their results per catalog generation (the same listing, tree or category
 * object comes back until the catalog changes), and the response bodies are cached here against
 * those objects, already UTF-8 encoded: a repeated listing or category request is a lookup and a
 * write of the same bytes, and a body is dropped with the result it was made from. The cached
 * bodies keep their brotli and gzip forms beside them (representation/compressed-bodies.ts).
 * Every route answers with an ETag from the catalog version and the normalised request, 304 to
 * a matching If-None-Match before any body is looked up, and public Cache-Control
 * (representation/catalog-http-caching.ts). Every listing takes one path: CatalogService (its
 * span, its cache, didYouMean) and the ProductSearch port behind it, listing workers or not.
 */
import { Effect, Result, Schema } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { CategoryView } from "../../../domain/catalog/category-tree.ts"
import { CatalogReadModel } from "../../../application/catalog/catalog-read-model.ts"
import { CatalogService } from "../../../application/catalog/catalog-service.ts"
import type { ProductListing } from "../../../application/catalog/product-listing.ts"
import { ShippingMethodView } from "../api/shipping-method-view.ts"
import { SuggestionsView, toSuggestionsView } from "../api/suggestion-views.ts"
import { StoreScope } from "../api/store-scope.ts"
import { CatalogHttpCaching, makeCatalogResponder } from "../representation/catalog-http-caching.ts"
import { keepCompressedForms } from "../representation/compressed-bodies.ts"
import { listingJson } from "../representation/listing-body.ts"
import { StorefrontApi } from "../api/storefront-api.ts"
import { catalogProblems } from "../problems/catalog-problem-table.ts"
import { problemOf } from "../problems/problem-table.ts"
import { ValidationFailed } from "../problems/request-problems.ts"
import { toShippingMethodView } from "./shipping-method-rendering.ts"
import { toListingRequest } from "./product-listing-request.ts"
import type { ShopId } from "../../../domain/shared/ids.ts"

/** The body made from `key` by `render`, made and encoded once while `key` is alive (and compressed once per coding). */
const bodyCache = <K extends object>(render: (key: K) => string) => {
  const bodies = new WeakMap<K, Uint8Array>()
  return (key: K): Uint8Array => {
    let body = bodies.get(key)
    if (body === undefined) {
      body = keepCompressedForms(Buffer.from(render(key), "utf8"))
      bodies.set(key, body)
    }
    return body
  }
}

const listingBody = bodyCache<ProductListing>(listingJson)

// encoded as the endpoints' success schemas would, once per cached tree
const encodeCategoryList = Schema.encodeSync(Schema.toCodecJson(Schema.Struct({ data: Schema.Array(CategoryView) })))
const encodeCategory = Schema.encodeSync(Schema.toCodecJson(CategoryView))
const categoryListBody = bodyCache((data: ReadonlyArray<CategoryView>): string =>
  JSON.stringify(encodeCategoryList({ data }))
)
const categoryBody = bodyCache((category: CategoryView): string => JSON.stringify(encodeCategory(category)))
const encodeSuggestions = Schema.encodeSync(Schema.toCodecJson(SuggestionsView))
const encodeShippingMethods = Schema.encodeSync(
  Schema.toCodecJson(Schema.Struct({ methods: Schema.Array(ShippingMethodView) }))
)

/** Entries of each suggestion list when the request gives no limit. */
const DEFAULT_SUGGESTIONS = 8

export const layer = HttpApiBuilder.group(StorefrontApi, "catalog", (handlers) =>
  Effect.gen(function*() {
    const readModel = yield* CatalogReadModel
    const catalog = yield* CatalogService
    const respond = makeCatalogResponder(yield* CatalogHttpCaching, readModel.state)
    /** An answer in the key's shops: `route` names it (with the shops: its ETag), `body` makes it when it is sent. */
    const inScope = <E, R>(
      route: ReadonlyArray<unknown>,
      body: (shopIds: ReadonlyArray<ShopId>) => Effect.Effect<Uint8Array | string, E, R>
    ) => Effect.flatMap(StoreScope, (scope) => respond({ shopIds: scope.shopIds, route }, body(scope.shopIds)))
    return handlers
      .handle("listProducts", ({ query }) =>
        Effect.gen(function*() {
          const scope = yield* StoreScope
          const request = toListingRequest(query)
          if (Result.isFailure(request)) {
            return yield* new ValidationFailed({ detail: "Invalid request query", errors: request.failure })
          }
          return yield* respond(
            { shopIds: scope.shopIds, route: ["products", request.success] },
            Effect.map(catalog.listProducts(request.success, scope.shopIds), listingBody)
          )
        }))
      .handle("suggestProducts", ({ query }) => {
        const request = { q: query.q, limit: query.limit ?? DEFAULT_SUGGESTIONS }
        return inScope(["suggest", request.q, request.limit], (shopIds) =>
          Effect.map(catalog.suggest(request, shopIds), (suggestions) =>
            JSON.stringify(encodeSuggestions(toSuggestionsView(suggestions)))))
      })
      .handle("getProductBySlug", ({ params }) =>
        inScope(["product", params.slug], (shopIds) =>
          catalog.productBySlug(params.slug, shopIds).pipe(Effect.mapError(problemOf(catalogProblems.getProductBySlug)))))
      .handle("listCategories", ({ query }) =>
        inScope(["categories", query.rootOnly === true, query.parentId ?? null], (shopIds) =>
          catalog.listCategories(query, shopIds).pipe(
            Effect.map(categoryListBody),
            Effect.mapError(problemOf(catalogProblems.listCategories))
          )))
      .handle("getCategoryBySlug", ({ params }) =>
        inScope(["category", params.slug], (shopIds) =>
          catalog.categoryBySlug(params.slug, shopIds).pipe(
            Effect.map(categoryBody),
            Effect.mapError(problemOf(catalogProblems.getCategoryBySlug))
          )))
      .handle("listShippingMethods", ({ query }) =>
        inScope(["shipping-methods", query.shopId ?? null], (shopIds) =>
          catalog.shippingMethods(query.shopId, shopIds).pipe(
            Effect.map((methods) => JSON.stringify(encodeShippingMethods({ methods: methods.map(toShippingMethodView) }))),
            Effect.mapError(problemOf(catalogProblems.listShippingMethods))
          )))
  }))
