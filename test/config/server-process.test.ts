/**
 * The server as a process: a bad setting stops it at start with a message naming the variable;
 * a good start serves the demo catalog, and SIGTERM stops it (draining, at most 10 s) with exit 0.
 * Its stdout is a pipe, so it logs JSON lines (LOG_FORMAT's default off a terminal); with
 * OTEL_EXPORTER_OTLP_ENDPOINT set it sends its traces to that collector (one in this process).
 */
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { startServerProcess as startServer, waitUntilReady } from "../support/server-process.ts"
import { freePort } from "../support/throwaway-postgres.ts"

const dataDirs: Array<string> = []
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})

describe("server process", () => {
  for (const [variable, value] of [["PORT", "99999"], ["MAX_BODY_BYTES", "lots"], ["LOG_LEVEL", "loud"], ["RESET_URL_BASE", "not a url"], ["CORS_ORIGINS", "localhost:3000"], ["LOG_FORMAT", "xml"], ["OTEL_EXPORTER_OTLP_ENDPOINT", "not a url"], ["CATALOG_CACHE_MAX_AGE", "-1"], ["CATALOG_CACHE_SWR", "soon"], ["SMTP_URL", "http://mail.example.com"], ["SMS_WEBHOOK_URL", "nowhere"], ["SSLWIRELESS_URL", "ftp://sms.example.com"], ["WEBHOOK_URLS", "https://a.example.com,ftp://b.example.com"], ["WEBHOOK_SECRET", "whsec_not base64!"], ["DELIVERY_MAX_ATTEMPTS", "0"]] as const) {
    it(`refuses to start with a bad ${variable}, naming it`, async () => {
      const { finished } = startServer({ [variable]: value, DATA_DIR: join(tmpdir(), "never-created") })
      const { code, output } = await finished
      expect(code).toBe(1)
      expect(output).toContain(variable)
    }, 60_000)
  }

  it("names a malformed secret without printing it, and a setting another one needs", async () => {
    const secret = await startServer({ SMTP_URL: "ftp://shop:hunter2-secret@mail.example.com", DATA_DIR: join(tmpdir(), "never-created") }).finished
    expect(secret.code).toBe(1)
    expect(secret.output).toContain("SMTP_URL")
    expect(secret.output).not.toContain("hunter2-secret")
    const needed = await startServer({ WEBHOOK_URLS: "https://backoffice.example.com/hooks", DATA_DIR: join(tmpdir(), "never-created") }).finished
    expect(needed.code).toBe(1)
    expect(needed.output).toContain("WEBHOOK_SECRET: required with WEBHOOK_URLS")
  }, 60_000)

  it("serves the demo catalog, and on SIGTERM shuts down within the drain timeout and exits 0", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "storefront-process-"))
    dataDirs.push(dataDir)
    const port = await freePort()
    const collector = await otlpCollector()
    const server = startServer({
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url
    })
    // a first start creates the embedded database and loads the demo catalog: slow on a busy machine
    await waitUntilReady(server, port, 180_000).catch((error: unknown) => {
      server.child.kill("SIGKILL")
      throw error
    })

    // a keep-alive connection stays open across the signal: shutdown must not wait on it forever
    const response = await fetch(`http://127.0.0.1:${port}/v1/store/products?includeFacets=true&limit=100`, {
      headers: { "x-publishable-api-key": "pk_demo_main_storefront" }
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { total: number }
    expect(body.total).toBeGreaterThan(0)
    const signalledAt = Date.now()
    server.child.kill("SIGTERM")
    const { code } = await server.finished
    expect(code).toBe(0)
    expect(Date.now() - signalledAt).toBeLessThan(15_000)

    // every stdout line is a JSON log entry: the banner, and one access-log line per request
    const lines = server.stdout().split("\n").filter((line) => line !== "")
      .map((line) => JSON.parse(line) as { message: unknown; annotations: Record<string, unknown> })
    expect(lines).toContainEqual(expect.objectContaining({
      message: "Storefront API listening",
      annotations: expect.objectContaining({ url: `http://127.0.0.1:${port}`, demoPublishableKey: "pk_demo_main_storefront" })
    }))
    expect(lines).toContainEqual(expect.objectContaining({
      message: "GET /v1/store/products 200",
      annotations: expect.objectContaining({ method: "GET", route: "/v1/store/products", status: 200 })
    }))

    // the traces reached the collector by the time the process exited (flushed at shutdown)
    await collector.close()
    const spans = collector.spans()
    expect(spans).toContainEqual(expect.objectContaining({
      kind: SERVER_SPAN_KIND,
      service: "storefront",
      attributes: expect.objectContaining({ "http.route": "/v1/store/products", "http.response.status_code": 200 })
    }))
  }, 240_000)
})

/** OTLP span kind of a server span (SPAN_KIND_SERVER). */
const SERVER_SPAN_KIND = 2

interface OtlpValue {
  readonly stringValue?: string
  readonly intValue?: number | string
}
interface OtlpAttribute {
  readonly key: string
  readonly value: OtlpValue
}
interface OtlpExport {
  readonly resourceSpans: ReadonlyArray<{
    readonly resource: { readonly attributes: ReadonlyArray<OtlpAttribute> }
    readonly scopeSpans: ReadonlyArray<{
      readonly spans: ReadonlyArray<{ readonly name: string; readonly kind: number; readonly attributes: ReadonlyArray<OtlpAttribute> }>
    }>
  }>
}

const attributeMap = (attributes: ReadonlyArray<OtlpAttribute>) =>
  Object.fromEntries(attributes.map(({ key, value }) => [key, value.stringValue ?? (value.intValue === undefined ? undefined : Number(value.intValue))]))

/** An OTLP/HTTP (JSON) trace collector on a free port, keeping what it receives. */
const otlpCollector = async () => {
  const exports: Array<OtlpExport> = []
  const server = createServer((request, response) => {
    let body = ""
    request.on("data", (chunk: Buffer) => (body += chunk.toString()))
    request.on("end", () => {
      if (request.url === "/v1/traces") exports.push(JSON.parse(body) as OtlpExport)
      response.writeHead(200, { "content-type": "application/json" }).end("{}")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    spans: () =>
      exports.flatMap((batch) =>
        batch.resourceSpans.flatMap(({ resource, scopeSpans }) =>
          scopeSpans.flatMap(({ spans }) =>
            spans.map((span) => ({
              name: span.name,
              kind: span.kind,
              service: attributeMap(resource.attributes)["service.name"],
              attributes: attributeMap(span.attributes)
            }))
          )
        )
      )
  }
}
