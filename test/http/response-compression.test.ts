/**
 * Response compression through the real HTTP server on every test engine: brotli and gzip
 * bodies decode to the very JSON sent uncompressed, the coding follows Accept-Encoding's
 * weights, and small bodies, problem responses under 1 KB and clients that do not ask get the
 * body as it is.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { catalogFixture, FIXTURE_KEYS } from "../support/catalog-fixture.ts"
import { rawGet } from "../support/raw-bytes.ts"
import { seededTestEngines } from "../support/seeded-stores.ts"
import { serverSuites } from "../support/store-http.ts"

const KEY = { "x-publishable-api-key": FIXTURE_KEYS.both }
const LISTING = "/v1/store/products?includeFacets=true&limit=50"
const CATEGORIES = "/v1/store/categories"

const varyFields = (headers: Readonly<Record<string, string>>) =>
  (headers["vary"] ?? "").split(",").map((field) => field.trim().toLowerCase())

serverSuites(seededTestEngines(catalogFixture()), "response compression over HTTP", (it) => {
  describe("large bodies", () => {
    it.effect("brotli and gzip decode to the same JSON as the uncompressed listing", () =>
      Effect.gen(function*() {
        const plain = yield* rawGet(LISTING, KEY)
        expect(plain.status).toBe(200)
        expect(plain.headers["content-encoding"]).toBeUndefined()
        expect(plain.body.length).toBeGreaterThan(1024)
        expect(varyFields(plain.headers)).toContain("accept-encoding")

        const br = yield* rawGet(LISTING, { ...KEY, "accept-encoding": "gzip, deflate, br" })
        expect(br.status).toBe(200)
        expect(br.headers["content-encoding"]).toBe("br")
        expect(br.headers["content-type"]).toMatch(/^application\/json/)
        expect(Number(br.headers["content-length"])).toBe(br.body.length)
        expect(br.body.length).toBeLessThan(plain.body.length)
        expect(varyFields(br.headers)).toContain("accept-encoding")
        expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)

        const gzip = yield* rawGet(LISTING, { ...KEY, "accept-encoding": "gzip" })
        expect(gzip.headers["content-encoding"]).toBe("gzip")
        expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true)
        expect(JSON.parse(gunzipSync(gzip.body).toString("utf8"))).toEqual(JSON.parse(plain.body.toString("utf8")))

        // a repeated listing is the same bytes again (the kept compressed form)
        const again = yield* rawGet(LISTING, { ...KEY, "accept-encoding": "br" })
        expect(again.body.equals(br.body)).toBe(true)
      }))

    it.effect("the category tree and a product are compressed too", () =>
      Effect.gen(function*() {
        for (const path of [CATEGORIES, "/v1/store/products/by-slug/premium-phone-x"]) {
          const plain = yield* rawGet(path, KEY)
          expect(plain.status).toBe(200)
          if (plain.body.length <= 1024) continue
          const br = yield* rawGet(path, { ...KEY, "accept-encoding": "br" })
          expect(br.headers["content-encoding"]).toBe("br")
          expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
        }
        const categories = yield* rawGet(CATEGORIES, KEY)
        expect(categories.body.length).toBeGreaterThan(1024)
      }))

    it.effect("the coding follows the weights of Accept-Encoding", () =>
      Effect.gen(function*() {
        const coding = (acceptEncoding: string) =>
          Effect.map(
            rawGet(LISTING, { ...KEY, "accept-encoding": acceptEncoding }),
            (response) => response.headers["content-encoding"] ?? "identity"
          )
        expect(yield* coding("br;q=0.2, gzip;q=0.5")).toBe("gzip")
        expect(yield* coding("gzip, br")).toBe("br")
        expect(yield* coding("x-gzip")).toBe("gzip")
        expect(yield* coding("*")).toBe("br")
        expect(yield* coding("br;q=0, *;q=0.1")).toBe("gzip")
        expect(yield* coding("identity")).toBe("identity")
        expect(yield* coding("identity;q=1, br;q=0.5")).toBe("identity")
        expect(yield* coding("deflate, compress")).toBe("identity")
        expect(yield* coding("br;q=0, gzip;q=0")).toBe("identity")
        expect(yield* coding("")).toBe("identity")
      }))
  })

  describe("bodies left as they are", () => {
    it.effect("a body of 1 KB or less is not compressed", () =>
      Effect.gen(function*() {
        const health = yield* rawGet("/health", { "accept-encoding": "br, gzip" })
        expect(health.status).toBe(200)
        expect(health.body.length).toBeLessThanOrEqual(1024)
        expect(health.headers["content-encoding"]).toBeUndefined()
        expect(JSON.parse(health.body.toString("utf8"))).toEqual({ status: "ok" })

        const small = yield* rawGet("/v1/store/products?limit=1", { ...KEY, "accept-encoding": "br, gzip" })
        expect(small.status).toBe(200)
        expect(small.body.length).toBeLessThanOrEqual(1024)
        expect(small.headers["content-encoding"]).toBeUndefined()
      }))

    it.effect("a small problem response is not compressed", () =>
      Effect.gen(function*() {
        const missing = yield* rawGet("/v1/store/products/by-slug/no-such-product", {
          ...KEY,
          "accept-encoding": "br, gzip"
        })
        expect(missing.status).toBe(404)
        expect(missing.headers["content-type"]).toMatch(/^application\/problem\+json/)
        expect(missing.headers["content-encoding"]).toBeUndefined()
        expect(JSON.parse(missing.body.toString("utf8"))).toMatchObject({ code: "product_not_found" })
      }))

    it.effect("without Accept-Encoding a large body is sent as it is", () =>
      Effect.gen(function*() {
        const plain = yield* rawGet(LISTING, KEY)
        expect(plain.headers["content-encoding"]).toBeUndefined()
        expect(Number(plain.headers["content-length"])).toBe(plain.body.length)
        expect(JSON.parse(plain.body.toString("utf8"))).toMatchObject({ page: 1, limit: 50 })
      }))
  })
})
