/**
 * Search-box suggestions (GET /products/suggest) and the listing's didYouMean through the real
 * HTTP server, on the SQL adapter over every test engine: typo, accent and case tolerance, the
 * documented ranking (exact > prefix > typo, then best-selling), scoping by publishable key,
 * query validation, and the index following a catalog change.
 */
import { assert, describe, expect } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { importCatalog } from "../../application/catalog-import/import-catalog.ts"
import { catalogFixture, FIXTURE_KEYS } from "../support/catalog-fixture.ts"
import { seededTestEngines } from "../support/seeded-stores.ts"
import { serverSuites } from "../support/store-http.ts"
import { rawRequest, storefrontClient } from "../support/test-server.ts"

type FixtureProduct = ReturnType<typeof catalogFixture>["products"][number]

/** A product of the import format, made from the fixture's silk saree. */
const extraProduct = (fields: {
  readonly slug: string
  readonly name: string
  readonly shopIds: ReadonlyArray<string>
  readonly salesCount: number
  readonly tags?: ReadonlyArray<string>
  readonly brand?: string
  readonly price?: number
}): FixtureProduct => {
  const template = catalogFixture().products.find((product) => product.slug === "silk-saree-deluxe")!
  return {
    ...template,
    slug: fields.slug,
    name: fields.name,
    description: `${fields.name} description`,
    sku: `SUG-${fields.slug}`,
    thumbnail: `https://img.example.com/suggest/${fields.slug}.jpg`,
    tags: fields.tags ?? [],
    attributes: fields.brand === undefined ? null : { brand: { type: "text", value: fields.brand } },
    shopIds: fields.shopIds,
    salesCount: fields.salesCount,
    variants: template.variants.map((variant, index) => ({
      ...variant,
      sku: `SUG-${fields.slug}-${index}`,
      originalPrice: fields.price ?? variant.originalPrice
    }))
  }
}

const suggestFixture = (renamed?: string) => {
  const document = catalogFixture()
  return {
    ...document,
    products: [
      ...document.products,
      extraProduct({ slug: "cotton-saree", name: "Cotton Saree Classic", shopIds: ["shop_a"], salesCount: 30, price: 2500.5 }),
      extraProduct({ slug: "jamdani-sarees", name: "Jamdani Sarees Bundle", shopIds: ["shop_a"], salesCount: 200 }),
      extraProduct({ slug: "sari-pin", name: "Sari Pin", shopIds: ["shop_a"], salesCount: 500 }),
      extraProduct({ slug: "b-saree", name: "Shop B Saree", shopIds: ["shop_b"], salesCount: 1000 }),
      extraProduct({
        slug: "creme-candle",
        name: renamed ?? "Crème Brûlée Candle",
        shopIds: ["shop_a"],
        salesCount: 3,
        brand: "Lumière"
      })
    ]
  }
}

interface SuggestionsBody {
  readonly products: ReadonlyArray<{ slug: string; id: string; name: string; thumbnail: string | null; price: number }>
  readonly categories: ReadonlyArray<{ slug: string; id: string; name: string }>
  readonly queries: ReadonlyArray<string>
}

const suggest = (query: string, key: string = FIXTURE_KEYS.shopA) =>
  Effect.map(
    rawRequest("GET", `/v1/store/products/suggest?${query}`, { headers: { "x-publishable-api-key": key } }),
    (response) => {
      assert.strictEqual(response.status, 200, response.text)
      return response.body as SuggestionsBody
    }
  )
const slugs = (body: SuggestionsBody) => body.products.map((product) => product.slug)

const listing = (query: string, key: string = FIXTURE_KEYS.shopA) =>
  Effect.map(
    rawRequest("GET", `/v1/store/products?${query}`, { headers: { "x-publishable-api-key": key } }),
    (response) => {
      assert.strictEqual(response.status, 200, response.text)
      return response.body as { total: number; data: ReadonlyArray<unknown>; didYouMean?: string }
    }
  )

const expectValidationProblem = (query: string) =>
  Effect.gen(function*() {
    const response = yield* rawRequest("GET", `/v1/store/products/suggest${query}`, {
      headers: { "x-publishable-api-key": FIXTURE_KEYS.shopA }
    })
    expect(response.status, query).toBe(400)
    expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/)
    expect(response.body).toMatchObject({ status: 400, code: "validation_failed" })
  })

serverSuites(seededTestEngines(suggestFixture()), "product suggestions over HTTP", (it) => {
  describe("GET /products/suggest", () => {
    it.effect("exact words first, then prefixes, each best-selling first; categories and completed queries", () =>
      Effect.gen(function*() {
        const body = yield* suggest("q=saree")
        // exact "saree": cotton (30 sold), silk (10); prefix "sarees": jamdani (200)
        expect(slugs(body)).toEqual(["cotton-saree", "silk-saree-deluxe", "jamdani-sarees"])
        expect(body.categories).toEqual([{ id: expect.any(String), slug: "clothing-sarees", name: "Sarees" }])
        expect(body.queries).toEqual(["saree", "sarees"])
        const first = body.products[0]!
        expect(first).toEqual({
          id: expect.stringMatching(/^prod_/),
          slug: "cotton-saree",
          name: "Cotton Saree Classic",
          thumbnail: "https://img.example.com/suggest/cotton-saree.jpg",
          price: 2500.5
        })
      }))

    it.effect("a prefix of three letters: prefix matches only, best-selling first", () =>
      Effect.gen(function*() {
        expect(slugs(yield* suggest("q=sar"))).toEqual(["sari-pin", "jamdani-sarees", "cotton-saree", "silk-saree-deluxe"])
      }))

    it.effect("one typo in a word of four or more letters: 'saaree', 'sharee', 'SAREE' typed with a transposition", () =>
      Effect.gen(function*() {
        for (const q of ["saaree", "sharee", "SRAEE"]) {
          const body = yield* suggest(`q=${q}`)
          // all by typo: best-selling first
          expect(slugs(body), q).toEqual(["jamdani-sarees", "cotton-saree", "silk-saree-deluxe"])
          expect(body.queries, q).toEqual(["sarees", "saree"])
        }
        // "sare": a prefix of saree/sarees; "sari" and the tag "sale" are one edit away and rank after
        expect(slugs(yield* suggest("q=sare"))).toEqual([
          "jamdani-sarees",
          "cotton-saree",
          "silk-saree-deluxe",
          "sari-pin",
          "classic-cotton-shirt",
          "linen-shirt-100-off"
        ])
        // no typo below four letters, two edits only from eight
        expect(slugs(yield* suggest("q=sra"))).toEqual([])
        expect(slugs(yield* suggest("q=sxrxes"))).toEqual([])
      }))

    it.effect("accents and case are ignored; completions keep the catalog's spelling", () =>
      Effect.gen(function*() {
        for (const q of ["creme", "CRÈME", "cre%CC%80me", "brulee", "lumiere"]) {
          expect(slugs(yield* suggest(`q=${q}`)), q).toEqual(["creme-candle"])
        }
        // "prem" (of "premium") is one edit from "crem": a typo completion, after the prefix one
        expect((yield* suggest("q=crem")).queries).toEqual(["crème", "premium"])
        expect((yield* suggest(`q=${encodeURIComponent("candle brul")}`)).queries).toEqual(["candle brûlée"])
      }))

    it.effect("every word must match: earlier words filter, the last one completes", () =>
      Effect.gen(function*() {
        expect(slugs(yield* suggest(`q=${encodeURIComponent("cotton sar")}`))).toEqual(["cotton-saree"])
        expect(slugs(yield* suggest(`q=${encodeURIComponent("silk sh")}`))).toEqual([])
      }))

    it.effect("scoped by the publishable key like listings (disabled products never shown)", () =>
      Effect.gen(function*() {
        expect(slugs(yield* suggest("q=saree", FIXTURE_KEYS.shopB))).toEqual(["b-saree", "silk-saree-deluxe"])
        expect(slugs(yield* suggest("q=saree", FIXTURE_KEYS.shopA))).not.toContain("b-saree")
        expect(slugs(yield* suggest("q=hidden"))).toEqual([])
        expect(slugs(yield* suggest("q=shirt"))).toEqual(["classic-cotton-shirt", "linen-shirt-100-off"])
        // a category without a visible product is not suggested
        expect((yield* suggest("q=phones", FIXTURE_KEYS.shopA)).categories.map((c) => c.slug)).toEqual(["electronics-phones"])
        expect((yield* suggest("q=sarees", FIXTURE_KEYS.shopB)).categories.map((c) => c.slug)).toEqual(["clothing-sarees"])
        expect((yield* suggest("q=shirts", FIXTURE_KEYS.shopB)).categories).toEqual([])
        const missingKey = yield* rawRequest("GET", "/v1/store/products/suggest?q=saree")
        expect(missingKey.status).toBe(400)
        expect(missingKey.body).toMatchObject({ code: "publishable_key_required" })
      }))

    it.effect("limit: 1..20 (default 8), applied to each list", () =>
      Effect.gen(function*() {
        const one = yield* suggest("q=s&limit=1")
        expect(slugs(one)).toEqual(["sari-pin"])
        expect(one.categories.length).toBe(1)
        expect(one.queries.length).toBe(1)
        const all = yield* suggest("q=s&limit=20")
        expect(all.products.length).toBe(7)
        expect(yield* suggest("q=s")).toEqual(all)
        expect(slugs(yield* suggest("q=s&limit=3"))).toEqual(slugs(all).slice(0, 3))
        for (const query of ["?q=s&limit=0", "?q=s&limit=21", "?q=s&limit=two", "?q=s&limit=1.5"]) {
          yield* expectValidationProblem(query)
        }
      }))

    it.effect("q: required, 1..100 characters", () =>
      Effect.gen(function*() {
        for (const query of ["", "?q=", `?q=${"a".repeat(101)}`, "?limit=3"]) yield* expectValidationProblem(query)
        expect(slugs(yield* suggest(`q=${"a".repeat(100)}`))).toEqual([])
        expect(yield* suggest("q=%20%21%20")).toEqual({ products: [], categories: [], queries: [] })
      }))

    it.effect("answers decode with the declared schema through the derived client", () =>
      Effect.gen(function*() {
        const client = yield* storefrontClient(FIXTURE_KEYS.shopA)
        const body = yield* client.catalog.suggestProducts({ query: { q: "saaree", limit: 2 } })
        expect(body.products.map((product) => product.slug)).toEqual(["jamdani-sarees", "cotton-saree"])
        const empty = yield* client.catalog.listProducts({ query: { search: "saaree" } })
        expect(empty.total).toBe(0)
        expect(empty.didYouMean).toBe("saree")
      }))
  })

  describe("the OpenAPI document", () => {
    it.effect("declares the suggest route with its problems, and didYouMean on the listing", () =>
      Effect.gen(function*() {
        const openapi = (yield* rawRequest("GET", "/openapi.json")).body as {
          paths: Record<string, { get?: { parameters: ReadonlyArray<{ name: string; required?: boolean }>; responses: object } }>
          components: { schemas: Record<string, { properties: object; required?: ReadonlyArray<string> }> }
        }
        const route = openapi.paths["/v1/store/products/suggest"]!.get!
        expect(Object.keys(route.responses)).toEqual(expect.arrayContaining(["200", "400", "401"]))
        expect(route.parameters.find((parameter) => parameter.name === "q")).toMatchObject({ required: true })
        expect(route.parameters.find((parameter) => parameter.name === "limit")).toMatchObject({ required: false })
        const page = openapi.components.schemas["ProductListingPage"]!
        expect(Object.keys(page.properties)).toContain("didYouMean")
        expect(page.required).not.toContain("didYouMean")
        expect(Object.keys(openapi.components.schemas["Suggestions"]!.properties)).toEqual(["products", "categories", "queries"])
      }))
  })

  describe("GET /products?search= didYouMean", () => {
    it.effect("present only when the search finds nothing, and only if the correction finds something", () =>
      Effect.gen(function*() {
        const typo = yield* listing("search=saaree")
        expect(typo).toMatchObject({ total: 0, data: [], didYouMean: "saree" })
        const found = yield* listing(`search=${encodeURIComponent("saree")}`)
        expect(found.total).toBe(3)
        expect(found.didYouMean).toBeUndefined()
        expect((yield* listing("search=zzzzzz")).didYouMean).toBeUndefined()
        expect((yield* listing(`search=${encodeURIComponent("cotton saaree")}`)).didYouMean).toBe("cotton saree")
        expect((yield* listing("search=cr%C3%A9me")).total).toBe(0)
      }))

    it.effect("the correction must find something in the key's shops and under the other filters", () =>
      Effect.gen(function*() {
        expect((yield* listing("search=jamdany")).didYouMean).toBe("jamdani")
        expect((yield* listing("search=jamdany", FIXTURE_KEYS.shopB)).didYouMean).toBeUndefined()
        expect((yield* listing("search=jamdany&minPrice=100000")).didYouMean).toBeUndefined()
      }))
  })

  describe("kept in step with the catalog", () => {
    it.effect("a renamed product is suggested by its new words once the read model has the change", () =>
      Effect.gen(function*() {
        yield* Effect.orDie(importCatalog(suggestFixture("Vanilla Votive")))
        const renamed = yield* suggest("q=votive").pipe(
          Effect.repeat({ schedule: Schedule.spaced("50 millis"), until: (body) => body.products.length > 0, times: 200 })
        )
        expect(slugs(renamed)).toEqual(["creme-candle"])
        expect(slugs(yield* suggest("q=creme"))).toEqual([])
        // the brand still finds it
        expect(slugs(yield* suggest("q=lumiere"))).toEqual(["creme-candle"])
        yield* Effect.orDie(importCatalog(suggestFixture()))
        yield* suggest("q=creme").pipe(
          Effect.repeat({ schedule: Schedule.spaced("50 millis"), until: (body) => body.products.length > 0, times: 200 })
        )
      }))
  })
})
