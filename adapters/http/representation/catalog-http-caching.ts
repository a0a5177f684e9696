/**
 * HTTP caching of catalog GETs. A response's strong ETag is derived from the catalog version
 * (this process's read model state and its generation, which changes with every catalog change)
 * and the normalised request (the key's shops, the route and its decoded parameters), plus the
 * content coding the request negotiates (a compressed and a plain body are different
 * representations): no body is rendered or hashed to make it. `If-None-Match` naming it (weak
 * comparison, lists, `*`) is answered 304 with ETag, Cache-Control and Vary and no body, before
 * the body is looked up (for `*`, once the resource is known to exist). Success responses say
 * `Cache-Control: public, max-age=N, stale-while-revalidate=M` and
 * `Vary: x-publishable-api-key, Accept-Encoding`. A route answered in the request's language
 * (`locale` given) also varies on Accept-Language, has the locale in its ETag (an English and a
 * Bangla answer never stand for each other, 304 included) and says the language its body was
 * given in as `Content-Language`.
 *
 * ETags are per process: two instances answer the same request with different tags (a client
 * switching instances gets a 200, never a wrong 304).
 */
import { createHash, randomBytes } from "node:crypto"
import { Context, Effect } from "effect"
import { HttpServerRequest, HttpServerResponse } from "effect/http"
import type { CatalogState } from "../../../application/catalog/catalog-state.ts"
import { negotiateCoding } from "./content-coding.ts"
import { noneMatchFails, strongTag } from "./entity-tags.ts"
import { withVary } from "./vary.ts"
import type { CatalogLocale } from "./localized-documents.ts"
import type { ShopId } from "../../../domain/shared/ids.ts"

export interface CatalogCacheSettings {
  /** `max-age` of catalog responses, seconds. */
  readonly maxAgeSeconds: number
  /** `stale-while-revalidate` of catalog responses, seconds. */
  readonly staleWhileRevalidateSeconds: number
}

export const DEFAULT_CATALOG_CACHE: CatalogCacheSettings = { maxAgeSeconds: 60, staleWhileRevalidateSeconds: 300 }

export class CatalogHttpCaching extends Context.Service<CatalogHttpCaching, CatalogCacheSettings>()(
  "storefront/http/CatalogHttpCaching"
) {}

const PROCESS_EPOCH = randomBytes(6).toString("base64url")
const stateSerials = new WeakMap<object, number>()
let nextSerial = 0

/** This process's name for the catalog as `state` holds it now: a new state or any change gives a new one. */
const catalogVersion = (state: CatalogState): string => {
  let serial = stateSerials.get(state.search)
  if (serial === undefined) {
    serial = nextSerial++
    stateSerials.set(state.search, serial)
  }
  return `${PROCESS_EPOCH}.${serial.toString(36)}.${state.search.generation.toString(36)}`
}

const digest = (text: string): string => createHash("sha256").update(text).digest("base64url").slice(0, 22)

export interface CatalogRequest {
  /** The shops of the request's publishable key. */
  readonly shopIds: ReadonlyArray<ShopId>
  /** The route and its decoded, defaulted parameters, in a fixed order. */
  readonly route: ReadonlyArray<unknown>
  /** The language the request asks for, on routes that answer in it. */
  readonly locale?: CatalogLocale
}

/** A body in a language: `language` is the one actually used (English where nothing was translated). */
export interface LocalizedBody {
  readonly content: Uint8Array | string
  readonly language: CatalogLocale
}

const isLocalized = (body: Uint8Array | string | LocalizedBody): body is LocalizedBody =>
  typeof body === "object" && !(body instanceof Uint8Array)

/**
 * The catalog response for `request`: 304 when `If-None-Match` names its current ETag, else
 * `body` (looked up only then) with the caching headers. `state` is read before the body, so a
 * change landing in between gives an older tag to newer content (a later 200), never the reverse.
 */
export const makeCatalogResponder = (settings: CatalogCacheSettings, state: () => CatalogState) => {
  const cacheControl =
    `public, max-age=${settings.maxAgeSeconds}, stale-while-revalidate=${settings.staleWhileRevalidateSeconds}`
  return <E, R>(request: CatalogRequest, body: Effect.Effect<Uint8Array | string | LocalizedBody, E, R>) =>
    Effect.gen(function*() {
      const http = yield* HttpServerRequest.HttpServerRequest
      const coding = negotiateCoding(http.headers["accept-encoding"])
      const key = JSON.stringify([[...request.shopIds].sort(), request.route, ...(request.locale === undefined ? [] : [request.locale])])
      const varies = request.locale === undefined ? VARY : LOCALIZED_VARY
      const opaque = `${catalogVersion(state())}-${digest(key)}${coding === "identity" ? "" : `.${coding}`}`
      const headers = { etag: strongTag(opaque), "cache-control": cacheControl }
      const ifNoneMatch = http.headers["if-none-match"]
      const named = ifNoneMatch !== undefined && ifNoneMatch.trim() !== "*" && noneMatchFails(ifNoneMatch, opaque)
      if (named) return notModified(headers, varies)
      const answer = yield* body
      if (ifNoneMatch !== undefined && noneMatchFails(ifNoneMatch, opaque)) return notModified(headers, varies)
      const content = isLocalized(answer) ? answer.content : answer
      const allHeaders = isLocalized(answer) ? { ...headers, "content-language": answer.language } : headers
      const response = typeof content === "string"
        ? HttpServerResponse.text(content, { contentType: "application/json", headers: allHeaders })
        : HttpServerResponse.uint8Array(content, { contentType: "application/json", headers: allHeaders })
      return withVary(response, ...varies)
    })
}

const VARY = ["x-publishable-api-key", "Accept-Encoding"]
const LOCALIZED_VARY = [...VARY, "Accept-Language"]

const notModified = (headers: Record<string, string>, varies: ReadonlyArray<string>) =>
  withVary(HttpServerResponse.empty({ status: 304, headers }), ...varies)
