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
import { CatalogHttpCaching, type LocalizedBody, makeCatalogResponder } from "../representation/catalog-http-caching.ts"
import { type CatalogLocale, contentLanguage, localizeDocument, localizeDocuments } from "../representation/localized-documents.ts"
import { type CategoryTexts, categoryTexts, localizeCategoryView, localizeFacets } from "../representation/localized-categories.ts"
import { RequestLocale } from "../../../application/notifications/request-locale.ts"
import { keepCompressedForms } from "../representation/compressed-bodies.ts"
import { listingBytes } from "../representation/listing-body.ts"
import { StorefrontApi } from "../api/storefront-api.ts"
import { catalogProblems } from "../problems/catalog-problem-table.ts"
import { problemOf } from "../problems/problem-table.ts"
import { ValidationFailed } from "../problems/request-problems.ts"
import { toShippingMethodView } from "./shipping-method-rendering.ts"
import { toListingRequest } from "./product-listing-request.ts"
import type { ShopId } from "../../../domain/shared/ids.ts"

/** The body `render` makes of `key` (UTF-8), made once while `key` is alive (and compressed once per coding). */
const bodyCache = <K extends object>(render: (key: K) => Uint8Array) => {
  const bodies = new WeakMap<K, Uint8Array>()
  return (key: K): Uint8Array => {
    let body = bodies.get(key)
    if (body === undefined) {
      body = keepCompressedForms(render(key))
      bodies.set(key, body)
    }
    return body
  }
}

const utf8 = <K>(render: (key: K) => string) => (key: K): Uint8Array => Buffer.from(render(key), "utf8")

const listingBody = bodyCache<ProductListing>(listingBytes)

/** The Bangla body of a listing (and whether any product in it was translated), kept while the listing is. */
const banglaListings = new WeakMap<ProductListing, LocalizedBody>()
const localizedListingBody = (listing: ProductListing, locale: CatalogLocale, categories: CategoryTexts): LocalizedBody => {
  if (locale === "en") return { content: listingBody(listing), language: "en" }
  let body = banglaListings.get(listing)
  if (body === undefined) {
    const localized = localizeDocuments(listing.documents, locale, categories)
    const facets = localizeFacets(listing.facets, categories)
    const translated = localized.translated || facets.translated
    body = {
      content: translated
        ? keepCompressedForms(listingBytes({
          ...listing,
          documents: localized.documents,
          ...(facets.facets === undefined ? {} : { facets: facets.facets })
        }))
        : listingBody(listing),
      language: contentLanguage(locale, translated)
    }
    banglaListings.set(listing, body)
  }
  return body
}

/** The answer's language: `?locale=` (its primary subtag) when given, else the request's Accept-Language. */
const requestLocale = (locale: string | undefined): Effect.Effect<CatalogLocale> =>
  locale === undefined
    ? Effect.map(RequestLocale, (requested): CatalogLocale => requested)
    : Effect.succeed(locale.toLowerCase().split("-")[0] === "bn" ? "bn" : "en")

// encoded as the endpoints' success schemas would, once per cached tree
const encodeCategoryList = Schema.encodeSync(Schema.toCodecJson(Schema.Struct({ data: Schema.Array(CategoryView) })))
const encodeCategory = Schema.encodeSync(Schema.toCodecJson(CategoryView))
const categoryListBody = bodyCache(utf8((data: ReadonlyArray<CategoryView>): string =>
  JSON.stringify(encodeCategoryList({ data }))
))
const categoryBody = bodyCache(utf8((category: CategoryView): string => JSON.stringify(encodeCategory(category))))

/** A category body in the language of `texts`, kept (for Bangla) while the English views are. */
const localizedCategoryBody = <K extends CategoryView | ReadonlyArray<CategoryView>>(english: (key: K) => Uint8Array) => {
  const bangla = new WeakMap<K, LocalizedBody>()
  return (key: K, locale: CatalogLocale, texts: CategoryTexts): LocalizedBody => {
    if (texts.size === 0) return { content: english(key), language: "en" }
    let body = bangla.get(key)
    if (body === undefined) {
      const views: ReadonlyArray<CategoryView> = Array.isArray(key) ? key : [key as CategoryView]
      const localized = views.map((view) => localizeCategoryView(view, texts))
      const translated = localized.some((one) => one.translated)
      body = {
        content: !translated
          ? english(key)
          : keepCompressedForms(Buffer.from(JSON.stringify(
            Array.isArray(key)
              ? encodeCategoryList({ data: localized.map((one) => one.view) })
              : encodeCategory(localized[0]!.view)
          ), "utf8")),
        language: contentLanguage(locale, translated)
      }
      bangla.set(key, body)
    }
    return body
  }
}
const localizedCategoryList = localizedCategoryBody(categoryListBody)
const localizedCategory = localizedCategoryBody(categoryBody)
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
    /** The categories' texts in `locale` as the catalog holds them now. */
    const textsIn = (locale: CatalogLocale) => categoryTexts(readModel.state().reference.categories, locale)
    /** An answer in the key's shops: `route` names it (with the shops: its ETag), `body` makes it when it is sent. */
    const inScope = <E, R>(
      route: ReadonlyArray<unknown>,
      body: (shopIds: ReadonlyArray<ShopId>) => Effect.Effect<Uint8Array | string, E, R>
    ) => Effect.flatMap(StoreScope, (scope) => respond({ shopIds: scope.shopIds, route }, body(scope.shopIds)))
    return handlers
      .handle("listProducts", ({ query }) =>
        Effect.gen(function*() {
          const scope = yield* StoreScope
          const locale = yield* requestLocale(query.locale)
          const request = toListingRequest(query)
          if (Result.isFailure(request)) {
            return yield* new ValidationFailed({ detail: "Invalid request query", errors: request.failure })
          }
          return yield* respond(
            { shopIds: scope.shopIds, route: ["products", request.success], locale },
            Effect.map(catalog.listProducts(request.success, scope.shopIds), (listing) =>
              localizedListingBody(listing, locale, textsIn(locale)))
          )
        }))
      .handle("suggestProducts", ({ query }) =>
        Effect.gen(function*() {
          const scope = yield* StoreScope
          const locale = yield* requestLocale(query.locale)
          const request = { q: query.q, limit: query.limit ?? DEFAULT_SUGGESTIONS }
          return yield* respond(
            { shopIds: scope.shopIds, route: ["suggest", request.q, request.limit], locale },
            Effect.map(catalog.suggest(request, scope.shopIds), (suggestions): LocalizedBody => {
              const view = toSuggestionsView(suggestions, locale, textsIn(locale))
              return { content: JSON.stringify(encodeSuggestions(view.suggestions)), language: view.language }
            })
          )
        }))
      .handle("getProductBySlug", ({ params, query }) =>
        Effect.gen(function*() {
          const scope = yield* StoreScope
          const locale = yield* requestLocale(query.locale)
          return yield* respond(
            { shopIds: scope.shopIds, route: ["product", params.slug], locale },
            catalog.productBySlug(params.slug, scope.shopIds).pipe(
              Effect.map((document): LocalizedBody => {
                const localized = localizeDocument(document, locale, textsIn(locale))
                return { content: localized.document, language: contentLanguage(locale, localized.translated) }
              }),
              Effect.mapError(problemOf(catalogProblems.getProductBySlug))
            )
          )
        }))
      .handle("listCategories", ({ query }) =>
        Effect.gen(function*() {
          const scope = yield* StoreScope
          const locale = yield* requestLocale(query.locale)
          return yield* respond(
            { shopIds: scope.shopIds, route: ["categories", query.rootOnly === true, query.parentId ?? null], locale },
            catalog.listCategories(query, scope.shopIds).pipe(
              Effect.map((views) => localizedCategoryList(views, locale, textsIn(locale))),
              Effect.mapError(problemOf(catalogProblems.listCategories))
            )
          )
        }))
      .handle("getCategoryBySlug", ({ params, query }) =>
        Effect.gen(function*() {
          const scope = yield* StoreScope
          const locale = yield* requestLocale(query.locale)
          return yield* respond(
            { shopIds: scope.shopIds, route: ["category", params.slug], locale },
            catalog.categoryBySlug(params.slug, scope.shopIds).pipe(
              Effect.map((view) => localizedCategory(view, locale, textsIn(locale))),
              Effect.mapError(problemOf(catalogProblems.getCategoryBySlug))
            )
          )
        }))
      .handle("listShippingMethods", ({ query }) =>
        inScope(["shipping-methods", query.shopId ?? null], (shopIds) =>
          catalog.shippingMethods(query.shopId, shopIds).pipe(
            Effect.map((methods) => JSON.stringify(encodeShippingMethods({ methods: methods.map(toShippingMethodView) }))),
            Effect.mapError(problemOf(catalogProblems.listShippingMethods))
          )))
  }))
