/**
 * The access log through the real HTTP server: one line per request with method, route
 * template (never the raw path), status, duration, request id and response bytes, for
 * answered, refused (405) and unrouted (404) requests alike. Lines are captured with a logger
 * that keeps Effect's structured form (what the JSON format prints).
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Layer, Logger } from "effect"
import { catalogFixture, FIXTURE_KEYS, VISIBLE_SLUGS } from "../support/catalog-fixture.ts"
import { seededPostgresStores } from "../support/seeded-stores.ts"
import { testEngines } from "../support/test-database.ts"
import { rawRequest, testServer } from "../support/test-server.ts"

interface Entry {
  readonly message: unknown
  readonly level: string
  readonly annotations: Record<string, unknown>
}

const KEY = { "x-publishable-api-key": FIXTURE_KEYS.shopA }
const SLUG = VISIBLE_SLUGS[FIXTURE_KEYS.shopA]![0]!

for (const engine of testEngines()) {
  const entries: Array<Entry> = []
  const capture = Logger.map(Logger.formatStructured, (entry) => void entries.push(entry))
  const server = testServer(seededPostgresStores(engine.layer, catalogFixture())).pipe(
    Layer.provide(Logger.layer([capture]))
  )
  const linesOf = (requestId: string) => entries.filter((entry) => entry.annotations["requestId"] === requestId)

  layer(server, { excludeTestServices: true })(`access log (${engine.name})`, (it) => {
    describe("one line per request", () => {
      it.effect("names the route template, status, duration, request id and body bytes", () =>
        Effect.gen(function*() {
          const response = yield* rawRequest("GET", `/v1/store/products/by-slug/${SLUG}`, {
            headers: { ...KEY, "accept-encoding": "identity", "x-request-id": "access-product-1" }
          })
          expect(response.status).toBe(200)
          const lines = linesOf("access-product-1")
          expect(lines).toHaveLength(1)
          const line = lines[0]!
          expect(line.level).toBe("INFO")
          expect(line.message).toBe("GET /v1/store/products/by-slug/:slug 200")
          expect(line.annotations).toMatchObject({
            method: "GET",
            route: "/v1/store/products/by-slug/:slug",
            status: 200,
            bytes: Buffer.byteLength(response.text)
          })
          expect(line.annotations["route"]).not.toContain(SLUG)
          expect(line.annotations["durationMs"]).toBeTypeOf("number")
          expect(line.annotations["durationMs"]).toBeGreaterThanOrEqual(0)
        }))

      it.effect("a generated request id is the one the response carries", () =>
        Effect.gen(function*() {
          const response = yield* rawRequest("GET", "/health")
          const requestId = response.headers["x-request-id"]!
          expect(requestId).toMatch(/^[0-9a-f-]{36}$/)
          expect(linesOf(requestId)).toMatchObject([{ annotations: { route: "/health", status: 200 } }])
        }))

      it.effect("query strings stay out of the route; a refused request logs the status the client got", () =>
        Effect.gen(function*() {
          const listing = yield* rawRequest("GET", "/v1/store/products?limit=0", {
            headers: { ...KEY, "x-request-id": "access-bad-query" }
          })
          expect(listing.status).toBe(400)
          expect(linesOf("access-bad-query")).toMatchObject([{
            annotations: { route: "/v1/store/products", status: 400, bytes: Buffer.byteLength(listing.text) }
          }])

          const wrongMethod = yield* rawRequest("DELETE", "/v1/store/products", {
            headers: { ...KEY, "x-request-id": "access-405" }
          })
          expect(wrongMethod.status).toBe(405)
          expect(linesOf("access-405")).toMatchObject([{
            message: "DELETE /v1/store/products 405",
            annotations: { method: "DELETE", route: "/v1/store/products", status: 405 }
          }])
        }))

      it.effect("bytes are the body as sent: compressed when the client asked for it", () =>
        Effect.gen(function*() {
          const plain = yield* rawRequest("GET", "/v1/store/products?includeFacets=true", {
            headers: { ...KEY, "accept-encoding": "identity", "x-request-id": "access-plain" }
          })
          const compressed = yield* rawRequest("GET", "/v1/store/products?includeFacets=true", {
            headers: { ...KEY, "accept-encoding": "gzip", "x-request-id": "access-gzip" }
          })
          expect(compressed.headers["content-encoding"]).toBe("gzip")
          expect(plain.headers["content-encoding"]).toBeUndefined()
          const sent = Number(compressed.headers["content-length"])
          const plainBytes = Number(plain.headers["content-length"])
          expect(plainBytes).toBe(Buffer.byteLength(plain.text))
          expect(sent).toBeLessThan(plainBytes)
          expect(linesOf("access-plain")).toMatchObject([{ annotations: { bytes: plainBytes } }])
          expect(linesOf("access-gzip")).toMatchObject([{ annotations: { route: "/v1/store/products", bytes: sent } }])
        }))

      it.effect("an unrouted path is logged as `unmatched`, not as the path it asked for", () =>
        Effect.gen(function*() {
          const response = yield* rawRequest("GET", "/wp-admin/setup.php", { headers: { "x-request-id": "access-404" } })
          expect(response.status).toBe(404)
          expect(linesOf("access-404")).toMatchObject([{
            annotations: { route: "unmatched", status: 404, bytes: Buffer.byteLength(response.text) }
          }])
          expect(JSON.stringify(linesOf("access-404"))).not.toContain("wp-admin")
        }))
    })
  })
}
