/**
 * The server process starting and stopping (issue 9): what arrives while it starts is answered
 * (the port is open before migrations and the catalog load), and a request in flight when it is
 * asked to stop is answered with Connection: close, so keep-alive clients let go at once; and
 * the embedded database folder is never opened by a second process.
 */
import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { Agent, request as httpRequest } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { sleep, startServerProcess as startServer, waitUntilReady } from "../support/server-process.ts"
import { generatedCatalogJson } from "../support/catalog-documents.ts"
import { freePort } from "../support/throwaway-postgres.ts"

const IMPORT_MAIN = join(import.meta.dirname, "../../config/import-main.ts")

const dataDirs: Array<string> = []
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})

describe("server process: start-up and shutdown", () => {
  it("answers what arrives while it starts: /health 200, /ready and the API 503 with Retry-After, none left hanging", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "storefront-process-"))
    dataDirs.push(dataDir)
    const port = await freePort()
    const server = startServer({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir })
    const seen: Array<{ path: string; status: number; retryAfter: string | null; code?: string }> = []
    const hanging: Array<string> = []
    const probe = async (path: string) => {
      try {
        const response = await fetch(`http://127.0.0.1:${port}${path}`, {
          headers: { "x-publishable-api-key": "pk_demo_main_storefront" },
          // generous: the embedded database's first start is one long WASM call on a busy machine
          signal: AbortSignal.timeout(60_000)
        })
        const body = (await response.json()) as { code?: string }
        seen.push({ path, status: response.status, retryAfter: response.headers.get("retry-after"), ...(body.code ? { code: body.code } : {}) })
        return response.status
      } catch (error) {
        // refused: not listening yet; a timeout is a request nobody answered
        if ((error as Error).name === "TimeoutError") hanging.push(path)
        return 0
      }
    }
    try {
      const deadline = Date.now() + 240_000
      while (Date.now() < deadline && hanging.length === 0) {
        const [, ready] = await Promise.all([probe("/health"), probe("/ready"), probe("/v1/store/products?limit=1")])
        if (ready === 200) break
        await sleep(20)
      }
    } finally {
      server.child.kill("SIGKILL")
      await server.finished
    }
    expect(hanging, server.output()).toEqual([])
    const starting = seen.filter((answer) => answer.status === 503)
    // the embedded database's first start (migrations, demo catalog) takes seconds: seen at work
    expect(starting.length).toBeGreaterThan(0)
    for (const answer of starting) {
      expect(answer.path).not.toBe("/health")
      expect(answer.code).toBe("service_unavailable")
      expect(Number(answer.retryAfter)).toBeGreaterThan(0)
    }
    expect(seen.filter((answer) => answer.path === "/health").every((answer) => answer.status === 200)).toBe(true)
    expect(seen.some((answer) => answer.path === "/v1/store/products?limit=1" && answer.status === 200)).toBe(true)
  }, 400_000)

  it("on SIGTERM answers a request in flight with Connection: close, so a keep-alive client lets go, and exits 0", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "storefront-process-"))
    dataDirs.push(dataDir)
    const port = await freePort()
    const server = startServer({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir })
    try {
      await waitUntilReady(server, port, 180_000)
      const agent = new Agent({ keepAlive: true, maxSockets: 1 })
      const body = JSON.stringify({ items: [] })
      // the request is in flight when the signal comes: its body arrives only afterwards
      const answered = new Promise<{ status: number | undefined; connection: string | undefined }>((resolve, reject) => {
        const request = httpRequest({
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/v1/store/cart",
          agent,
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), "x-publishable-api-key": "pk_demo_main_storefront" }
        }, (response) => {
          response.resume()
          response.on("end", () => resolve({ status: response.statusCode, connection: response.headers.connection }))
        })
        request.on("error", reject)
        request.write(body.slice(0, 3))
        setTimeout(() => {
          server.child.kill("SIGTERM")
          setTimeout(() => request.end(body.slice(3)), 1_500)
        }, 500)
      })
      const answer = await answered
      const { code } = await server.finished
      agent.destroy()
      expect(answer).toEqual({ status: 201, connection: "close" })
      expect(code).toBe(0)
    } finally {
      server.child.kill("SIGKILL")
    }
  }, 400_000)

  it("one DATA_DIR has one owner: an import beside the running server is refused naming it, and the next start works", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "storefront-process-"))
    dataDirs.push(dataDir)
    const catalogFile = join(dataDir, "..", `catalog-${Date.now()}.json`)
    writeFileSync(catalogFile, JSON.stringify(generatedCatalogJson(20)))
    const port = await freePort()
    const server = startServer({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir })
    try {
      await waitUntilReady(server, port, 180_000)
      const imported = spawnSync(process.execPath, [IMPORT_MAIN, catalogFile], {
        env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir },
        encoding: "utf8",
        timeout: 120_000
      })
      expect(imported.status, imported.stdout + imported.stderr).toBe(1)
      expect(imported.stderr).toContain(`is in use by process ${server.child.pid}`)
      expect(imported.stdout).not.toContain("Imported")
      server.child.kill("SIGTERM")
      expect((await server.finished).code).toBe(0)
    } finally {
      server.child.kill("SIGKILL")
      rmSync(catalogFile, { force: true })
    }
    // the database was never opened twice: it starts again, demo catalog intact
    const again = startServer({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir })
    try {
      await waitUntilReady(again, port, 180_000)
      const response = await fetch(`http://127.0.0.1:${port}/v1/store/products?limit=1`, {
        headers: { "x-publishable-api-key": "pk_demo_main_storefront" }
      })
      expect(response.status).toBe(200)
      expect(((await response.json()) as { total: number }).total).toBeGreaterThan(0)
    } finally {
      again.child.kill("SIGTERM")
      await again.finished
    }
  }, 600_000)
})
