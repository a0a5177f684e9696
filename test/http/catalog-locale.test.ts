/**
 * Answers in the shopper's language through the real HTTP server, on every test engine: a product
 * with a Bangla translation is listed, found by slug and suggested with its Bangla name and
 * description when the request asks for Bangla (Accept-Language, its weights honoured, or
 * `?locale=`, which wins), in English otherwise; `Content-Language` says the language used,
 * `Vary` names Accept-Language, and an English and a Bangla answer never share an ETag.
 */
import { assert, describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { catalogFixture, FIXTURE_KEYS } from "../support/catalog-fixture.ts"
import { seededTestEngines } from "../support/seeded-stores.ts"
import { serverSuites } from "../support/store-http.ts"
import { rawRequest } from "../support/test-server.ts"

const fixture = () => {
  const document = catalogFixture()
  return {
    ...document,
    products: document.products.map((product) =>
      product.slug === "silk-saree-deluxe"
        ? { ...product, translations: { bn: { name: "রেশমি শাড\u09bcি", description: "খাঁটি রেশম" } } }
        : product
    )
  }
}

interface Listed {
  readonly data: ReadonlyArray<{ slug: string; name: string; description: string }>
}

const get = (path: string, headers: Record<string, string> = {}) =>
  rawRequest("GET", path, { headers: { "x-publishable-api-key": FIXTURE_KEYS.shopA, ...headers } })

const LISTING = "/v1/store/products?limit=50"

const nameIn = (body: unknown, slug: string) => (body as Listed).data.find((product) => product.slug === slug)

serverSuites(seededTestEngines(fixture()), "answers in Bangla over HTTP", (it) => {
  describe("GET /products", () => {
    it.effect("Bangla where translated, English elsewhere; Content-Language and Vary", () =>
      Effect.gen(function*() {
        const english = yield* get(LISTING)
        assert.strictEqual(english.status, 200, english.text)
        expect(english.headers["content-language"]).toBe("en")
        expect(english.headers["vary"]).toMatch(/Accept-Language/)
        const englishSilk = nameIn(english.body, "silk-saree-deluxe")!
        expect(englishSilk.name).not.toBe("রেশমি শাড\u09bcি")

        const bangla = yield* get(LISTING, { "accept-language": "bn-BD, en;q=0.5" })
        assert.strictEqual(bangla.status, 200, bangla.text)
        expect(bangla.headers["content-language"]).toBe("bn")
        expect(bangla.headers["vary"]).toMatch(/Accept-Language/)
        expect(nameIn(bangla.body, "silk-saree-deluxe")).toMatchObject({ name: "রেশমি শাড\u09bcি", description: "খাঁটি রেশম" })
        // untranslated products keep their English texts, in the same order
        const others = (body: unknown) => (body as Listed).data.filter((product) => product.slug !== "silk-saree-deluxe")
        expect(others(bangla.body)).toEqual(others(english.body))
        expect((bangla.body as Listed).data.map((p) => p.slug)).toEqual((english.body as Listed).data.map((p) => p.slug))
        expect(bangla.headers["etag"]).not.toBe(english.headers["etag"])

        // weights honoured; ?locale= wins over the header
        expect((yield* get(LISTING, { "accept-language": "bn;q=0.3, en;q=0.9" })).headers["content-language"]).toBe("en")
        const byQuery = yield* get(`${LISTING}&locale=bn`, { "accept-language": "en" })
        expect(nameIn(byQuery.body, "silk-saree-deluxe")!.name).toBe("রেশমি শাড\u09bcি")
        expect(nameIn((yield* get(`${LISTING}&locale=en`, { "accept-language": "bn" })).body, "silk-saree-deluxe"))
          .toEqual(englishSilk)
      }))

    it.effect("a 304 only for the ETag of the same language", () =>
      Effect.gen(function*() {
        const english = yield* get(LISTING)
        const bangla = yield* get(LISTING, { "accept-language": "bn" })
        const englishTag = english.headers["etag"]!
        const banglaTag = bangla.headers["etag"]!
        expect((yield* get(LISTING, { "if-none-match": englishTag })).status).toBe(304)
        expect((yield* get(LISTING, { "accept-language": "bn", "if-none-match": banglaTag })).status).toBe(304)
        const crossed = yield* get(LISTING, { "accept-language": "bn", "if-none-match": englishTag })
        expect(crossed.status).toBe(200)
        expect(nameIn(crossed.body, "silk-saree-deluxe")!.name).toBe("রেশমি শাড\u09bcি")
        expect((yield* get(LISTING, { "if-none-match": banglaTag })).status).toBe(200)
      }))

    it.effect("a locale other than bn gives English; a malformed one is a 400, never a 500", () =>
      Effect.gen(function*() {
        const french = yield* get(`${LISTING}&locale=fr`, { "accept-language": "bn" })
        expect(french.status).toBe(200)
        expect(french.headers["content-language"]).toBe("en")
        expect((yield* get(LISTING, { "accept-language": "xx;;q=abc, *, \u00ff" })).status).toBe(200)
        for (const bad of ["bn_BD!", "", "%00", "a".repeat(300)]) {
          const response = yield* get(`${LISTING}&locale=${bad}`)
          expect(response.status, bad).toBe(400)
          expect(response.headers["content-type"]).toMatch(/problem\+json/)
        }
      }))
  })

  describe("GET /products/by-slug/:slug and /products/suggest", () => {
    it.effect("a product by slug in either language, with its own ETags", () =>
      Effect.gen(function*() {
        const english = yield* get("/v1/store/products/by-slug/silk-saree-deluxe")
        const bangla = yield* get("/v1/store/products/by-slug/silk-saree-deluxe?locale=bn")
        expect(bangla.headers["content-language"]).toBe("bn")
        expect(english.headers["content-language"]).toBe("en")
        expect(bangla.body).toMatchObject({ name: "রেশমি শাড\u09bcি", description: "খাঁটি রেশম" })
        expect(bangla.headers["etag"]).not.toBe(english.headers["etag"])
        expect(bangla.headers["vary"]).toMatch(/Accept-Language/)
        // untranslated: English, said so
        const plain = (yield* get(LISTING)).body as Listed
        const untranslated = plain.data.find((product) => product.slug !== "silk-saree-deluxe")!
        const fallback = yield* get(`/v1/store/products/by-slug/${untranslated.slug}`, { "accept-language": "bn" })
        expect(fallback.headers["content-language"]).toBe("en")
        expect(fallback.body).toMatchObject({ name: untranslated.name })
      }))

    it.effect("suggestions name a translated product in Bangla", () =>
      Effect.gen(function*() {
        const english = yield* get("/v1/store/products/suggest?q=silk")
        const bangla = yield* get("/v1/store/products/suggest?q=silk", { "accept-language": "bn" })
        const nameOf = (body: unknown) =>
          (body as { products: ReadonlyArray<{ slug: string; name: string }> }).products.find((p) => p.slug === "silk-saree-deluxe")?.name
        expect(nameOf(bangla.body)).toBe("রেশমি শাড\u09bcি")
        expect(nameOf(english.body)).not.toBe("রেশমি শাড\u09bcি")
        expect(bangla.headers["content-language"]).toBe("bn")
        expect(english.headers["content-language"]).toBe("en")
        expect(bangla.headers["etag"]).not.toBe(english.headers["etag"])
      }))
  })
})
