/**
 * `GET /metrics` through the real server on memory, PGlite and PostgreSQL stores: Prometheus
 * text without a publishable key; request counts and the latency histogram move by route
 * template and status; rate-limit rejections by action; the catalog and background-loop gauges.
 * The registry is the process's, so every check compares two scrapes.
 */
import { assert, describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { LATENCY_BUCKETS_SECONDS } from "../../adapters/http/observability/http-metrics.ts"
import { accountTestEngines, freshEmail, freshIp, KEY as SHOP_KEY, post } from "../support/account-http.ts"
import { serverSuites } from "../support/store-http.ts"
import { rawRequest } from "../support/test-server.ts"

interface Sample {
  readonly name: string
  readonly labels: Readonly<Record<string, string>>
  readonly value: number
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g

const parseExposition = (text: string): ReadonlyArray<Sample> =>
  text.split("\n").filter((line) => line !== "" && !line.startsWith("#")).map((line) => {
    const match = SAMPLE_LINE.exec(line)
    assert.isNotNull(match, `not a Prometheus sample line: ${line}`)
    const labels = Object.fromEntries([...(match![2] ?? "").matchAll(LABEL)].map(([, key, value]) => [key!, value!]))
    const value = match![3] === "+Inf" ? Infinity : Number(match![3])
    assert.isFalse(Number.isNaN(value), line)
    return { name: match![1]!, labels, value }
  })

const scrape = Effect.gen(function*() {
  const response = yield* rawRequest("GET", "/metrics", { headers: { "accept-encoding": "identity" } })
  expect(response.status).toBe(200)
  return { ...response, samples: parseExposition(response.text) }
})

const sameLabels = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, value]) => b[key] === value)

/** The value of one series (0 when it does not exist yet). */
const valueOf = (samples: ReadonlyArray<Sample>, name: string, labels: Record<string, string>) =>
  samples.find((sample) => sample.name === name && sameLabels(sample.labels, labels))?.value ?? 0

const KEY = { "x-publishable-api-key": SHOP_KEY }

serverSuites(accountTestEngines(), "/metrics", (it) => {
  describe("exposition", () => {
    it.effect("Prometheus text 0.0.4 without a publishable key, with HELP and TYPE for each family", () =>
      Effect.gen(function*() {
        yield* rawRequest("GET", "/health")
        const { headers, text, samples } = yield* scrape
        expect(headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8")
        expect(text).toContain("# TYPE storefront_http_requests_total counter")
        expect(text).toContain("# TYPE storefront_http_request_duration_seconds histogram")
        expect(text).toContain("# TYPE storefront_catalog_lag_seconds gauge")
        expect(text).toContain("# TYPE storefront_rate_limit_rejections_total counter")
        expect(text).toMatch(/^# HELP storefront_http_requests_total \S/m)
        expect(text.endsWith("\n")).toBe(true)
        expect(samples.length).toBeGreaterThan(0)
      }))
  })

  describe("HTTP requests", () => {
    it.effect("count and latency histogram move by method, route template and status", () =>
      Effect.gen(function*() {
        const before = (yield* scrape).samples
        for (let i = 0; i < 3; i++) {
          expect((yield* rawRequest("GET", "/v1/store/products?limit=1", { headers: KEY })).status).toBe(200)
        }
        expect((yield* rawRequest("GET", "/v1/store/products?limit=0", { headers: KEY })).status).toBe(400)
        const after = (yield* scrape).samples

        const ok = { method: "GET", route: "/v1/store/products", status: "200" }
        const refused = { ...ok, status: "400" }
        const delta = (name: string, labels: Record<string, string>) =>
          valueOf(after, name, labels) - valueOf(before, name, labels)
        expect(delta("storefront_http_requests_total", ok)).toBe(3)
        expect(delta("storefront_http_requests_total", refused)).toBe(1)
        expect(delta("storefront_http_request_duration_seconds_count", ok)).toBe(3)
        expect(delta("storefront_http_request_duration_seconds_bucket", { ...ok, le: "+Inf" })).toBe(3)
        expect(delta("storefront_http_request_duration_seconds_sum", ok)).toBeGreaterThan(0)

        // the buckets: every configured bound, cumulative, the last holding every request
        const buckets = after.filter((sample) =>
          sample.name === "storefront_http_request_duration_seconds_bucket" &&
          sameLabels({ ...sample.labels, le: "" }, { ...ok, le: "" })
        )
        expect(buckets.map((bucket) => bucket.labels["le"])).toEqual([...LATENCY_BUCKETS_SECONDS.map(String), "+Inf"])
        for (let i = 1; i < buckets.length; i++) expect(buckets[i]!.value).toBeGreaterThanOrEqual(buckets[i - 1]!.value)
        expect(buckets.at(-1)!.value).toBe(valueOf(after, "storefront_http_request_duration_seconds_count", ok))
      }))

    it.effect("routes are templates: no slug, query or unknown path becomes a label", () =>
      Effect.gen(function*() {
        yield* rawRequest("GET", "/v1/store/products/by-slug/no-such-product-here", { headers: KEY })
        yield* rawRequest("GET", "/no/such/path/xyz")
        const { samples } = yield* scrape
        const routes = new Set(
          samples.filter((sample) => sample.name === "storefront_http_requests_total").map((sample) => sample.labels["route"])
        )
        expect(routes).toContain("/v1/store/products/by-slug/:slug")
        expect(routes).toContain("unmatched")
        for (const route of routes) {
          expect(route).not.toMatch(/no-such-product-here|xyz|\?/)
        }
      }))
  })

  describe("rate limits", () => {
    it.effect("a refused request counts as a rejection of its action; every action has a series", () =>
      Effect.gen(function*() {
        const before = (yield* scrape).samples
        const email = freshEmail("metrics")
        const request = () => post("/auth/otp/request", { channel: "email", email, purpose: "login" }, { ip: freshIp() })
        expect((yield* request()).status).toBe(202)
        expect((yield* request()).status).toBe(429)
        const after = (yield* scrape).samples
        const rejections = (action: string) =>
          valueOf(after, "storefront_rate_limit_rejections_total", { action }) -
          valueOf(before, "storefront_rate_limit_rejections_total", { action })
        expect(rejections("otp_send")).toBe(1)
        expect(rejections("login_failure")).toBe(0)
        for (const action of ["otp_send", "login_failure", "registration"]) {
          expect(after.some((sample) => sample.name === "storefront_rate_limit_rejections_total" && sample.labels["action"] === action))
            .toBe(true)
        }
      }))
  })

  describe("gauges", () => {
    it.effect("the process's memory: resident, the V8 heap and what lies outside it", () =>
      Effect.gen(function*() {
        const { samples } = yield* scrape
        const rss = valueOf(samples, "process_resident_memory_bytes", {})
        const used = valueOf(samples, "nodejs_heap_size_used_bytes", {})
        const total = valueOf(samples, "nodejs_heap_size_total_bytes", {})
        const external = valueOf(samples, "nodejs_external_memory_bytes", {})
        const buffers = valueOf(samples, "nodejs_array_buffers_bytes", {})
        expect(used).toBeGreaterThan(1 << 20)
        expect(total).toBeGreaterThanOrEqual(used)
        expect(buffers).toBeGreaterThan(0)
        expect(external).toBeGreaterThanOrEqual(buffers)
        // the server runs in this process: its resident size holds at least its heap
        expect(rss).toBeGreaterThan(used)
      }))

    it.effect("the catalog's size, generation and lag, and each background loop's health", () =>
      Effect.gen(function*() {
        const { samples } = yield* scrape
        expect(valueOf(samples, "storefront_catalog_products", {})).toBeGreaterThan(0)
        expect(valueOf(samples, "storefront_catalog_generation", {})).toBeGreaterThanOrEqual(0)
        const lag = samples.find((sample) => sample.name === "storefront_catalog_lag_seconds")
        assert.isDefined(lag)
        expect(lag!.value).toBeGreaterThanOrEqual(0)
        expect(lag!.value).toBeLessThan(30)
        // up while /ready reports the loop ok on both sides of the scrape
        const loopStatus = Effect.map(rawRequest("GET", "/ready"), (ready) =>
          (ready.body as { loops: Record<string, { status: string }> }).loops["catalog-poll"]?.status)
        const statusBefore = yield* loopStatus
        const scraped = (yield* scrape).samples
        const statusAfter = yield* loopStatus
        const up = valueOf(scraped, "storefront_background_loop_up", { loop: "catalog-poll" })
        expect([0, 1]).toContain(up)
        if (statusBefore === "ok" && statusAfter === "ok") expect(up).toBe(1)
        if (statusBefore !== "ok" && statusAfter !== "ok") expect(up).toBe(0)
        expect(samples.some((sample) => sample.name === "storefront_background_loop_restarts" && sample.labels["loop"] === "catalog-poll"))
          .toBe(true)
      }))
  })
})
