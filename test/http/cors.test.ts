/**
 * CORS through the real server: preflights answered before routing, the allow-origin and
 * exposed headers on every response to an allowed origin (problems too), nothing for other
 * origins (whose requests are still served), `Vary: Origin` for a list of origins, and `*`.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import * as MemoryCatalogStore from "../../adapters/memory/memory-catalog-store.ts"
import * as MemoryStoreHealth from "../../adapters/memory/memory-store-health.ts"
import type { CorsOptions } from "../../adapters/http/middleware/cors.ts"
import { type CorsOrigins, parseCorsOrigins } from "../../adapters/http/request/cors-origins.ts"
import * as CryptoIdGenerator from "../../adapters/security/crypto-id-generator.ts"
import { importCatalog } from "../../application/catalog-import/import-catalog.ts"
import { catalogFixture, FIXTURE_KEYS } from "../support/catalog-fixture.ts"
import { rawRequest, testServer } from "../support/test-server.ts"

const memoryStores = Layer.effectDiscard(Effect.orDie(importCatalog(catalogFixture()))).pipe(
  Layer.provideMerge(Layer.mergeAll(MemoryCatalogStore.layer, MemoryStoreHealth.layer)),
  Layer.provide(CryptoIdGenerator.layer)
)

const origins = (value: string): CorsOrigins => {
  const parsed = parseCorsOrigins(value)
  if ("error" in parsed) throw new Error(parsed.error)
  return parsed.origins
}

const corsServer = (value: string) => {
  const cors: CorsOptions = { origins: origins(value), maxAgeSeconds: 600 }
  return testServer(memoryStores, undefined, { cors })
}

const KEY = { "x-publishable-api-key": FIXTURE_KEYS.shopA }
const PAGE = "http://localhost:5173"
const OTHER = "https://evil.example"

const preflight = (origin: string, path = "/v1/store/cart") =>
  rawRequest("OPTIONS", path, {
    headers: {
      origin,
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type,x-publishable-api-key,authorization,idempotency-key"
    }
  })

const corsHeaderNames = (headers: Readonly<Record<string, string>>) =>
  Object.keys(headers).filter((name) => name.startsWith("access-control-"))

const varyList = (headers: Readonly<Record<string, string>>) =>
  (headers["vary"] ?? "").split(",").map((item) => item.trim().toLowerCase()).filter((item) => item !== "")

/** The status; the origin allowed (no CORS header at all for null); `Vary: Origin` either way. */
const expectCors = (
  response: { readonly status: number; readonly headers: Readonly<Record<string, string>> },
  status: number,
  allowed: string | null
) => {
  expect(response.status).toBe(status)
  if (allowed === null) expect(corsHeaderNames(response.headers)).toEqual([])
  else expect(response.headers["access-control-allow-origin"]).toBe(allowed)
  expect(varyList(response.headers)).toContain("origin")
}

layer(corsServer("http://localhost:*, https://shop.example.com"), { excludeTestServices: true })("CORS with a list of origins", (it) => {
  describe("preflight", () => {
    it.effect("an allowed origin gets 204 with the origin, methods, request headers and max age", () =>
      Effect.gen(function*() {
        const response = yield* preflight(PAGE)
        expectCors(response, 204, PAGE)
        expect(response.text).toBe("")
        const methods = response.headers["access-control-allow-methods"]!.split(",").map((m) => m.trim())
        expect(methods).toEqual(expect.arrayContaining(["GET", "POST", "PUT", "PATCH", "DELETE"]))
        const allowedHeaders = response.headers["access-control-allow-headers"]!.split(",").map((h) => h.trim())
        expect(allowedHeaders).toEqual(expect.arrayContaining([
          "content-type",
          "x-publishable-api-key",
          "authorization",
          "idempotency-key",
          "if-match",
          "x-request-id"
        ]))
        expect(response.headers["access-control-max-age"]).toBe("600")
        expect(response.headers["access-control-allow-credentials"]).toBeUndefined()
      }))

    it.effect("is answered for every path, parameterised routes and system routes included, without the publishable key", () =>
      Effect.gen(function*() {
        for (const path of ["/v1/store/cart/cart_x/checkout", "/v1/store/products?limit=1", "/health", "/v1/store/customers/me/orders"]) {
          const response = yield* preflight("https://shop.example.com", path)
          expect(response.status, path).toBe(204)
          expect(response.headers["access-control-allow-origin"], path).toBe("https://shop.example.com")
        }
      }))

    it.effect("a disallowed origin gets 204 without any CORS header, so the browser stops there", () =>
      Effect.gen(function*() {
        expectCors(yield* preflight(OTHER), 204, null)
      }))

    it.effect("an OPTIONS that is not a preflight is routed as before (405 with Allow)", () =>
      Effect.gen(function*() {
        const response = yield* rawRequest("OPTIONS", "/v1/store/cart", { headers: { origin: PAGE } })
        expect(response.status).toBe(405)
        expect(response.body).toMatchObject({ code: "method_not_allowed" })
        expect(response.headers["allow"]).toContain("POST")
        expect(response.headers["access-control-allow-origin"]).toBe(PAGE)
      }))
  })

  describe("requests", () => {
    it.effect("a response to an allowed origin names it and exposes ETag, x-request-id and Retry-After", () =>
      Effect.gen(function*() {
        const response = yield* rawRequest("GET", "/v1/store/products?limit=1", { headers: { ...KEY, origin: PAGE } })
        expectCors(response, 200, PAGE)
        const exposed = response.headers["access-control-expose-headers"]!.split(",").map((h) => h.trim().toLowerCase())
        expect(exposed).toEqual(expect.arrayContaining(["etag", "x-request-id", "retry-after"]))
        expect(response.headers["access-control-allow-credentials"]).toBeUndefined()
      }))

    it.effect("problems carry the CORS headers too, so the page can read them", () =>
      Effect.gen(function*() {
        const missingKey = yield* rawRequest("GET", "/v1/store/products", { headers: { origin: PAGE } })
        expect(missingKey.status).toBe(400)
        expect(missingKey.body).toMatchObject({ code: "publishable_key_required" })
        expect(missingKey.headers["access-control-allow-origin"]).toBe(PAGE)
        const unknown = yield* rawRequest("GET", "/v1/store/nothing-here", { headers: { ...KEY, origin: PAGE } })
        expect(unknown.status).toBe(404)
        expect(unknown.headers["access-control-allow-origin"]).toBe(PAGE)
        const badJson = yield* rawRequest("POST", "/v1/store/cart", {
          headers: { ...KEY, origin: PAGE, "content-type": "application/json" },
          body: "{"
        })
        expect(badJson.status).toBe(400)
        expect(badJson.headers["access-control-allow-origin"]).toBe(PAGE)
      }))

    it.effect("a disallowed origin is served as usual, with no CORS header", () =>
      Effect.gen(function*() {
        const response = yield* rawRequest("GET", "/v1/store/products?limit=1", { headers: { ...KEY, origin: OTHER } })
        expect(response.status).toBe(200)
        expect((response.body as { data: ReadonlyArray<unknown> }).data).toHaveLength(1)
        expect(corsHeaderNames(response.headers)).toEqual([])
        expect(varyList(response.headers)).toContain("origin")
      }))

    it.effect("a request without Origin (curl, a server) gets no CORS header", () =>
      Effect.gen(function*() {
        const response = yield* rawRequest("GET", "/v1/store/products?limit=1", { headers: KEY })
        expect(response.status).toBe(200)
        expect(corsHeaderNames(response.headers)).toEqual([])
      }))
  })
})

layer(corsServer("*"), { excludeTestServices: true })("CORS for any origin", (it) => {
  it.effect("answers * without varying by origin, and never allows credentials", () =>
    Effect.gen(function*() {
      const pre = yield* preflight(OTHER)
      expect(pre.status).toBe(204)
      expect(pre.headers["access-control-allow-origin"]).toBe("*")
      expect(varyList(pre.headers)).not.toContain("origin")
      const response = yield* rawRequest("GET", "/v1/store/categories", { headers: { ...KEY, origin: OTHER } })
      expect(response.status).toBe(200)
      expect(response.headers["access-control-allow-origin"]).toBe("*")
      expect(response.headers["access-control-allow-credentials"]).toBeUndefined()
      expect(varyList(response.headers)).not.toContain("origin")
    }))
})

layer(testServer(memoryStores), { excludeTestServices: true })("without CORS origins (the default off the demo)", (it) => {
  it.effect("a preflight gets no CORS header and requests are served as usual", () =>
    Effect.gen(function*() {
      const pre = yield* preflight(PAGE)
      expect(pre.status).toBe(204)
      expect(corsHeaderNames(pre.headers)).toEqual([])
      const response = yield* rawRequest("GET", "/v1/store/products?limit=1", { headers: { ...KEY, origin: PAGE } })
      expect(response.status).toBe(200)
      expect(corsHeaderNames(response.headers)).toEqual([])
      expect(varyList(response.headers)).not.toContain("origin")
    }))
})
