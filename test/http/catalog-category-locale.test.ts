/**
 * Categories in the shopper's language through the real HTTP server, on every test engine: a
 * category with a Bangla translation is listed and found by slug with its Bangla name and
 * description (its children's and ancestors' names too) when the request asks for Bangla, in
 * English otherwise; a product's `categories`, the category facets and suggested categories carry
 * the Bangla names; a
 * Bangla query suggests a category by its Bangla name. `Content-Language`, `Vary` and the ETags
 * behave as for products (catalog-locale.test.ts).
 */
import { assert, describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { catalogFixture, FIXTURE_KEYS } from "../support/catalog-fixture.ts"
import { seededTestEngines } from "../support/seeded-stores.ts"
import { serverSuites } from "../support/store-http.ts"
import { rawRequest } from "../support/test-server.ts"

const SAREES = "শাড়ি"
const CLOTHING = "পোশাক"

const fixture = () => {
  const document = catalogFixture()
  return {
    ...document,
    categories: document.categories.map((category) =>
      category.slug === "clothing"
        ? { ...category, translations: { bn: { name: CLOTHING, description: "পরার জিনিস" } } }
        : category.slug === "clothing-sarees"
        ? { ...category, translations: { bn: { name: SAREES } } }
        : category
    )
  }
}

interface Ref {
  readonly id: string
  readonly slug: string
  readonly name: string
}
interface Category extends Ref {
  readonly description: string | null
  readonly children: ReadonlyArray<Category>
  readonly ancestors: ReadonlyArray<Ref>
  readonly translations?: unknown
}

const get = (path: string, headers: Record<string, string> = {}) =>
  rawRequest("GET", path, { headers: { "x-publishable-api-key": FIXTURE_KEYS.shopA, ...headers } })

const CATEGORIES = "/v1/store/categories"
const categoryIn = (body: unknown, slug: string) => (body as { data: ReadonlyArray<Category> }).data.find((c) => c.slug === slug)!

serverSuites(seededTestEngines(fixture()), "categories in Bangla over HTTP", (it) => {
  describe("GET /categories and /categories/by-slug/:slug", () => {
    it.effect("Bangla names and descriptions where translated (children and ancestors too), English elsewhere", () =>
      Effect.gen(function*() {
        const english = yield* get(CATEGORIES)
        assert.strictEqual(english.status, 200, english.text)
        expect(english.headers["content-language"]).toBe("en")
        expect(english.headers["vary"]).toMatch(/Accept-Language/)
        expect(categoryIn(english.body, "clothing")).toMatchObject({ name: "Clothing", description: "Things to wear" })
        // the translations are beside, as a product's
        expect(categoryIn(english.body, "clothing").translations).toEqual({ bn: { name: CLOTHING, description: "পরার জিনিস" } })
        expect(categoryIn(english.body, "electronics")).not.toHaveProperty("translations")

        const bangla = yield* get(CATEGORIES, { "accept-language": "bn-BD, en;q=0.5" })
        assert.strictEqual(bangla.status, 200, bangla.text)
        expect(bangla.headers["content-language"]).toBe("bn")
        expect(bangla.headers["vary"]).toMatch(/Accept-Language/)
        expect(bangla.headers["etag"]).not.toBe(english.headers["etag"])
        const clothing = categoryIn(bangla.body, "clothing")
        expect(clothing).toMatchObject({ name: CLOTHING, description: "পরার জিনিস" })
        expect(clothing.children.map((child) => child.name)).toEqual([SAREES, "Shirts"])
        const sarees = categoryIn(bangla.body, "clothing-sarees")
        expect(sarees).toMatchObject({ name: SAREES, description: null })
        expect(sarees.ancestors.map((ancestor) => ancestor.name)).toEqual([CLOTHING])
        expect(categoryIn(bangla.body, "clothing-shirts").ancestors.map((ancestor) => ancestor.name)).toEqual([CLOTHING])
        // untranslated categories keep their English texts, in the same order
        const slugs = (body: unknown) => (body as { data: ReadonlyArray<Category> }).data.map((c) => c.slug)
        expect(slugs(bangla.body)).toEqual(slugs(english.body))
        expect(categoryIn(bangla.body, "electronics")).toEqual(categoryIn(english.body, "electronics"))

        // ?locale= wins over the header, and gives the same ETag as the header asking the same
        const byQuery = yield* get(`${CATEGORIES}?locale=bn`, { "accept-language": "en" })
        expect(categoryIn(byQuery.body, "clothing").name).toBe(CLOTHING)
        expect(categoryIn((yield* get(`${CATEGORIES}?locale=en`, { "accept-language": "bn" })).body, "clothing").name)
          .toBe("Clothing")
        expect((yield* get(`${CATEGORIES}?rootOnly=true&locale=fr`)).headers["content-language"]).toBe("en")
      }))

    it.effect("by slug in either language; an untranslated category says English; 304 only for the same language", () =>
      Effect.gen(function*() {
        const english = yield* get(`${CATEGORIES}/by-slug/clothing-sarees`)
        const bangla = yield* get(`${CATEGORIES}/by-slug/clothing-sarees?locale=bn`)
        expect(english.body).toMatchObject({ name: "Sarees", ancestors: [{ slug: "clothing", name: "Clothing" }] })
        expect(bangla.body).toMatchObject({ name: SAREES, ancestors: [{ slug: "clothing", name: CLOTHING }] })
        expect(bangla.headers["content-language"]).toBe("bn")
        expect(bangla.headers["etag"]).not.toBe(english.headers["etag"])
        const phones = yield* get(`${CATEGORIES}/by-slug/electronics-phones`, { "accept-language": "bn" })
        expect(phones.headers["content-language"]).toBe("en")
        expect(phones.body).toMatchObject({ name: "Phones" })

        const path = `${CATEGORIES}/by-slug/clothing-sarees`
        expect((yield* get(path, { "if-none-match": english.headers["etag"]! })).status).toBe(304)
        expect((yield* get(path, { "accept-language": "bn", "if-none-match": bangla.headers["etag"]! })).status).toBe(304)
        const crossed = yield* get(path, { "accept-language": "bn", "if-none-match": english.headers["etag"]! })
        expect(crossed.status).toBe(200)
        expect(crossed.body).toMatchObject({ name: SAREES })
        expect((yield* get(`${CATEGORIES}/by-slug/nowhere?locale=bn`)).status).toBe(404)
        expect((yield* get(`${CATEGORIES}?locale=bn_BD!`)).status).toBe(400)
      }))
  })

  describe("products and suggestions", () => {
    it.effect("a product's categories are named in Bangla where translated", () =>
      Effect.gen(function*() {
        const listing = "/v1/store/products?limit=50"
        const english = yield* get(listing)
        const bangla = yield* get(listing, { "accept-language": "bn" })
        expect(bangla.headers["content-language"]).toBe("bn")
        const categoriesOf = (body: unknown, slug: string) =>
          (body as { data: ReadonlyArray<{ slug: string; name: string; categories: ReadonlyArray<Ref> }> }).data
            .find((product) => product.slug === slug)!
        expect(categoriesOf(bangla.body, "silk-saree-deluxe").categories.map((c) => c.name)).toEqual([SAREES])
        expect(categoriesOf(english.body, "silk-saree-deluxe").categories.map((c) => c.name)).toEqual(["Sarees"])
        // the product's own name stays English (it has no translation); other categories stay English
        expect(categoriesOf(bangla.body, "silk-saree-deluxe").name).toBe("Silk Saree Deluxe")
        expect(categoriesOf(bangla.body, "classic-cotton-shirt").categories.map((c) => c.name)).toEqual(["Shirts"])
        expect(categoriesOf(bangla.body, "kids-tee").categories.map((c) => c.name)).toEqual([CLOTHING])

        // the category facets too, in the English order
        const facetsOf = (body: unknown) => (body as { facets: { categories: ReadonlyArray<Ref & { count: number }> } }).facets.categories
        const englishFacets = facetsOf((yield* get(`${listing}&includeFacets=true`)).body)
        const banglaFacets = facetsOf((yield* get(`${listing}&includeFacets=true&locale=bn`)).body)
        expect(banglaFacets.map((c) => c.slug)).toEqual(englishFacets.map((c) => c.slug))
        expect(banglaFacets.find((c) => c.slug === "clothing-sarees")?.name).toBe(SAREES)
        expect(englishFacets.find((c) => c.slug === "clothing-sarees")?.name).toBe("Sarees")
        expect(banglaFacets.find((c) => c.slug === "electronics-phones")?.name).toBe("Phones")

        const bySlug = yield* get("/v1/store/products/by-slug/silk-saree-deluxe?locale=bn")
        expect(bySlug.headers["content-language"]).toBe("bn")
        expect(bySlug.body).toMatchObject({ name: "Silk Saree Deluxe", categories: [{ slug: "clothing-sarees", name: SAREES }] })
      }))

    it.effect("a Bangla query suggests a category by its Bangla name, in either answer language", () =>
      Effect.gen(function*() {
        const suggested = (body: unknown) => (body as { categories: ReadonlyArray<Ref> }).categories
        const bangla = yield* get(`/v1/store/products/suggest?q=${encodeURIComponent(SAREES)}`, { "accept-language": "bn" })
        assert.strictEqual(bangla.status, 200, bangla.text)
        expect(suggested(bangla.body)).toContainEqual(expect.objectContaining({ slug: "clothing-sarees", name: SAREES }))
        expect(bangla.headers["content-language"]).toBe("bn")
        const english = yield* get(`/v1/store/products/suggest?q=${encodeURIComponent(SAREES)}`)
        expect(suggested(english.body)).toContainEqual(expect.objectContaining({ slug: "clothing-sarees", name: "Sarees" }))
        expect(english.headers["etag"]).not.toBe(bangla.headers["etag"])
        // a spelling variant (ী for ি) and an English query find it as well
        const variant = yield* get(`/v1/store/products/suggest?q=${encodeURIComponent("শাড়ী")}&locale=bn`)
        expect(suggested(variant.body).map((c) => c.slug)).toContain("clothing-sarees")
        const latin = yield* get("/v1/store/products/suggest?q=sarees&locale=bn")
        expect(suggested(latin.body)).toContainEqual(expect.objectContaining({ slug: "clothing-sarees", name: SAREES }))
      }))
  })
})
