/**
 * Search in Bangla (docs/contract/catalog.md) through the real HTTP server, on every test engine: the listing's
 * `search` and the suggestions find Bangla words in either Unicode form, in their spelling
 * variants, typed in Latin letters (Banglish) and with Bangla or ASCII digits; the exact spelling
 * in the name ranks first, and an English term keeps its English matches first.
 */
import { assert, describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { catalogFixture, FIXTURE_KEYS } from "../support/catalog-fixture.ts"
import { seededTestEngines } from "../support/seeded-stores.ts"
import { serverSuites } from "../support/store-http.ts"
import { rawRequest } from "../support/test-server.ts"

type FixtureProduct = ReturnType<typeof catalogFixture>["products"][number]

const banglaProduct = (slug: string, name: string, salesCount: number): FixtureProduct => {
  const template = catalogFixture().products.find((product) => product.slug === "silk-saree-deluxe")!
  return {
    ...template,
    slug,
    name,
    description: "",
    sku: `BN-${slug}`,
    tags: [],
    attributes: null,
    shopIds: ["shop_a"],
    salesCount,
    variants: template.variants.map((variant, index) => ({ ...variant, sku: `BN-${slug}-${index}` }))
  }
}

const fixture = () => {
  const document = catalogFixture()
  return {
    ...document,
    products: [
      ...document.products,
      banglaProduct("jamdani-saree", "জামদানি শাড\u09bcি", 50),
      banglaProduct("jamdani-saree-variant", "জামদানী শাড\u09bcী", 40),
      banglaProduct("red-saree-composed", "শা\u09dcি লাল", 30),
      banglaProduct("panjabi", "পাঞ্জাবি", 20),
      banglaProduct("masoor-dal", "মসুর ডাল ১ কেজি", 10),
      banglaProduct("nakshi-kantha", "নকশী কাঁথা", 5),
      { ...banglaProduct("tant-saree", "Tant Saree", 1), translations: { bn: { name: "তাঁতের শাড\u09bcি", description: "হাতে বোনা" } } }
    ]
  }
}

const listed = (search: string) =>
  Effect.map(
    rawRequest("GET", `/v1/store/products?search=${encodeURIComponent(search)}&limit=50`, {
      headers: { "x-publishable-api-key": FIXTURE_KEYS.shopA }
    }),
    (response) => {
      assert.strictEqual(response.status, 200, response.text)
      return (response.body as { data: ReadonlyArray<{ slug: string }> }).data.map((product) => product.slug)
    }
  )

const suggested = (q: string) =>
  Effect.map(
    rawRequest("GET", `/v1/store/products/suggest?q=${encodeURIComponent(q)}`, { headers: { "x-publishable-api-key": FIXTURE_KEYS.shopA } }),
    (response) => {
      assert.strictEqual(response.status, 200, response.text)
      return response.body as { products: ReadonlyArray<{ slug: string }>; queries: ReadonlyArray<string> }
    }
  )

const SAREES = ["jamdani-saree", "jamdani-saree-variant", "red-saree-composed", "tant-saree"]

serverSuites(seededTestEngines(fixture()), "search in Bangla over HTTP", (it) => {
  describe("GET /products?search=", () => {
    it.effect("either Unicode form of ড়, and every spelling variant; the exact spelling in the name first", () =>
      Effect.gen(function*() {
        // the name holding the term as typed first; then the exact term elsewhere (the name in the
        // other form, the translated name), newest first; then the variant
        const decomposed = yield* listed("শাড\u09bcি")
        expect(decomposed[0]).toBe("jamdani-saree")
        expect([...decomposed.slice(1, 3)].sort()).toEqual(["red-saree-composed", "tant-saree"])
        expect(decomposed[3]).toBe("jamdani-saree-variant")
        // typed precomposed: both names hold it exactly (one as typed, one in the normal form)
        const composed = yield* listed("শা\u09dcি")
        expect([...composed.slice(0, 2)].sort()).toEqual(["jamdani-saree", "red-saree-composed"])
        expect(composed.slice(2)).toEqual(["tant-saree", "jamdani-saree-variant"])
        const variant = yield* listed("শাড\u09bcী")
        expect(variant[0]).toBe("jamdani-saree-variant")
        expect([...variant].sort()).toEqual(SAREES)
        expect(yield* listed("জামদানী")).toEqual(["jamdani-saree-variant", "jamdani-saree"])
        expect(yield* listed("নকশি কাঁথা")).toEqual(["nakshi-kantha"])
        expect(yield* listed("নকশি কাথা")).toEqual(["nakshi-kantha"])
      }))

    it.effect("Banglish: several Latin spellings of a word find it", () =>
      Effect.gen(function*() {
        for (const q of ["sharee", "sari", "shari"]) expect([...(yield* listed(q))].sort(), q).toEqual(SAREES)
        for (const q of ["panjabi", "punjabi"]) expect(yield* listed(q), q).toEqual(["panjabi"])
        for (const q of ["masoor dal", "mosur daal"]) expect(yield* listed(q), q).toEqual(["masoor-dal"])
        expect(yield* listed("nakshi kantha")).toEqual(["nakshi-kantha"])
        expect([...(yield* listed("jamdani sharee"))].sort()).toEqual(["jamdani-saree", "jamdani-saree-variant"])
      }))

    it.effect("Bangla digits and ASCII digits are one", () =>
      Effect.gen(function*() {
        expect(yield* listed("১ কেজি")).toEqual(["masoor-dal"])
        expect(yield* listed("1 কেজি")).toEqual(["masoor-dal"])
        expect(yield* listed("মসুর ডাল 1 কেজি")).toEqual(["masoor-dal"])
      }))

    it.effect("an English term keeps its English matches first, Bangla ones after", () =>
      Effect.gen(function*() {
        const found = yield* listed("saree")
        expect([...found.slice(0, 2)].sort()).toEqual(["silk-saree-deluxe", "tant-saree"])
        expect([...found.slice(2)].sort()).toEqual(["jamdani-saree", "jamdani-saree-variant", "red-saree-composed"])
        expect(yield* listed("shirt")).not.toContain("panjabi")
      }))
  })

  describe("a product's translations", () => {
    it.effect("are searched as the product's own texts, after its name", () =>
      Effect.gen(function*() {
        expect(yield* listed("তাঁতের")).toEqual(["tant-saree"])
        expect(yield* listed("হাতে বোনা")).toEqual(["tant-saree"])
        expect(yield* listed("tanter sharee")).toEqual(["tant-saree"])
        const tant = yield* suggested("তাঁত")
        expect(tant.products.map((product) => product.slug)).toEqual(["tant-saree"])
      }))
  })

  describe("GET /products/suggest", () => {
    it.effect("Banglish prefixes, variants and the other Unicode form find Bangla products", () =>
      Effect.gen(function*() {
        const panj = yield* suggested("panj")
        expect(panj.products.map((product) => product.slug)).toEqual(["panjabi"])
        expect(panj.queries).toEqual(["পাঞ্জাবি"])
        for (const q of ["শাড\u09bcী", "শা\u09dcি", "sharee"]) {
          expect([...(yield* suggested(q)).products.map((product) => product.slug)].sort(), q).toEqual(
            q === "sharee" ? [...SAREES, "silk-saree-deluxe"].sort() : SAREES
          )
        }
      }))
  })
})
