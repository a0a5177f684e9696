/**
 * The demo shop page's files through the real server: `/` and the listed modules with their
 * media types and a Content-Security-Policy that loads nothing from elsewhere; nothing at `/`
 * when the page is off (a deployment on PostgreSQL). The page itself is driven in Chromium by
 * test/browser/demo-shop.browser.test.ts.
 */
import { readdirSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { DEMO_SHOP_ROUTES } from "../../adapters/http/demo-shop-routes.ts"
import * as MemoryCatalogStore from "../../adapters/memory/memory-catalog-store.ts"
import * as MemoryStoreHealth from "../../adapters/memory/memory-store-health.ts"
import * as CryptoIdGenerator from "../../adapters/security/crypto-id-generator.ts"
import { importCatalog } from "../../application/catalog-import/import-catalog.ts"
import { catalogFixture } from "../support/catalog-fixture.ts"
import { rawRequest, testServer } from "../support/test-server.ts"

const memoryStores = Layer.effectDiscard(Effect.orDie(importCatalog(catalogFixture()))).pipe(
  Layer.provideMerge(Layer.mergeAll(MemoryCatalogStore.layer, MemoryStoreHealth.layer)),
  Layer.provide(CryptoIdGenerator.layer)
)

const DIRECTORY = join(import.meta.dirname, "../../adapters/http/demo-shop")

layer(testServer(memoryStores, undefined, { demoShop: true }), { excludeTestServices: true })("demo shop page served", (it) => {
  it.effect("/ is the page, with a policy that allows its own files and API calls only", () =>
    Effect.gen(function*() {
      const page = yield* rawRequest("GET", "/")
      expect(page.status).toBe(200)
      expect(page.headers["content-type"]).toBe("text/html; charset=utf-8")
      expect(page.text).toContain('<script type="module" src="/demo-shop/shop.js"></script>')
      const policy = page.headers["content-security-policy"]!
      expect(policy).toContain("default-src 'self'")
      expect(policy).toContain("connect-src 'self' http: https:")
      expect(page.text).not.toMatch(/(src|href)="(https?:)?\/\//)
    }))

  it.effect("/reset-password, where reset links point by default, is the page too, under the same policy", () =>
    Effect.gen(function*() {
      const home = yield* rawRequest("GET", "/")
      const reset = yield* rawRequest("GET", "/reset-password?token=abc")
      expect(reset.status).toBe(200)
      expect(reset.headers["content-type"]).toBe("text/html; charset=utf-8")
      expect(reset.headers["content-security-policy"]).toBe(home.headers["content-security-policy"])
      expect(reset.text).toBe(home.text)
    }))

  it.effect("every file of the page folder and openapi-fetch are served with their media types, and no other", () =>
    Effect.gen(function*() {
      // the page's folder, and openapi-fetch (the typed client's transport) beside it
      const files = [...readdirSync(DIRECTORY).filter((file) => file !== "index.html"), "openapi-fetch.js"].sort()
      const served = DEMO_SHOP_ROUTES.map(([, path]) => path).filter((path) => path.startsWith("/demo-shop/")).map((path) => path.slice("/demo-shop/".length)).sort()
      expect(served).toEqual(files)
      for (const file of files) {
        const response = yield* rawRequest("GET", `/demo-shop/${file}`)
        expect(response.status, file).toBe(200)
        expect(response.headers["content-type"], file).toBe(file.endsWith(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8")
        expect(response.text, file).not.toMatch(/import .* from "(https?:)?\/\//)
      }
      // the typed client, importing openapi-fetch from beside it
      const client = yield* rawRequest("GET", "/demo-shop/storefront-client.js")
      expect(client.text).toContain(`import createClient`)
      expect(client.text).toContain(`from "./openapi-fetch.js"`)
      const transport = yield* rawRequest("GET", "/demo-shop/openapi-fetch.js")
      expect(transport.text).toMatch(/export \{[^}]*createClient as default/)
      const unknown = yield* rawRequest("GET", "/demo-shop/../config/app-config.ts")
      expect(unknown.status).toBe(404)
      const wrongMethod = yield* rawRequest("POST", "/", { body: "{}", headers: { "content-type": "application/json" } })
      expect(wrongMethod.status).toBe(405)
    }))
})

layer(testServer(memoryStores), { excludeTestServices: true })("demo shop page off", (it) => {
  describe("/", () => {
    it.effect("is a 404 problem", () =>
      Effect.gen(function*() {
        const response = yield* rawRequest("GET", "/")
        expect(response.status).toBe(404)
        expect(response.body).toMatchObject({ code: "not_found" })
      }))
  })
})
