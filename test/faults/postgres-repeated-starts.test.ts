/**
 * The service started again and again on one PostgreSQL database whose catalog takes several
 * pages to load (1,200 products): every start becomes ready and serves the catalog. This holds
 * the fix of a hang at start-up: with the catalog loading while the session-revocation and
 * outbox listeners subscribed on sessions reserved from the multiplexed pool, about half the
 * starts on a 10,000-product database never became ready, with no statement running. The
 * listeners now have sessions of their own (adapters/postgres/listen-client.ts).
 *
 * The import leaves a snapshot of the catalog it wrote (its snapshot job). Without one (removed),
 * two instances started together build the index once: one builds and stores it, the other waits
 * and reads it; a later start reads it, sees a listed product renamed in between and answers as
 * the first.
 */
import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { generatedCatalogJson } from "../support/catalog-documents.ts"
import { startServerProcess, waitUntilReady } from "../support/server-process.ts"
import { freePort, startThrowawayPostgres, type ThrowawayPostgres, throwawayPostgresAvailable } from "../support/throwaway-postgres.ts"

const IMPORT_MAIN = join(import.meta.dirname, "../../config/import-main.ts")
const PRODUCTS = 1_200
const STARTS = 4

let cluster: ThrowawayPostgres
let databaseUrl: string
const folder = mkdtempSync(join(tmpdir(), "storefront-starts-"))

describe.runIf(throwawayPostgresAvailable())("repeated starts on PostgreSQL with a catalog of several pages", () => {
  beforeAll(async () => {
    cluster = await startThrowawayPostgres()
    cluster.psql("CREATE DATABASE storefront")
    databaseUrl = cluster.url.replace(/\/postgres$/, "/storefront")
    const catalogFile = join(folder, "catalog.json")
    writeFileSync(catalogFile, JSON.stringify(generatedCatalogJson(PRODUCTS)))
    const imported = spawnSync(process.execPath, [IMPORT_MAIN, catalogFile], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: "utf8",
      timeout: 180_000
    })
    expect(imported.status, imported.stdout + imported.stderr).toBe(0)
    // the import's snapshot job stored the index of the catalog it wrote
    expect(imported.stdout).toContain(`Catalog snapshot of ${PRODUCTS} products ready`)
    expect(cluster.psql("SELECT products FROM catalog_snapshots WHERE complete", "storefront").trim()).toBe(String(PRODUCTS))
  }, 240_000)

  afterAll(() => {
    cluster?.destroy()
    rmSync(folder, { recursive: true, force: true })
  })

  it(`${STARTS} starts in a row: each becomes ready and lists the whole catalog`, async () => {
    for (let start = 1; start <= STARTS; start++) {
      const port = await freePort()
      const server = startServerProcess({ PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: databaseUrl })
      try {
        await waitUntilReady(server, port, 90_000)
        const listing = await fetch(`http://127.0.0.1:${port}/v1/store/products?limit=1`, {
          headers: { "x-publishable-api-key": "pk_all_0123456789abcdef" }
        })
        expect(listing.status, `start ${start}`).toBe(200)
        const body = (await listing.json()) as { total: number }
        expect(body.total, `start ${start}`).toBeGreaterThan(PRODUCTS / 2)
      } finally {
        server.child.kill("SIGTERM")
        const { code } = await server.finished
        expect(code, `start ${start}: exit\n${server.output()}`).toBe(0)
      }
    }
  }, 480_000)

  it("with snapshots: a start reads the one the previous start stored, and what changed since", async () => {
    const listingOf = async (port: number, query: string) => {
      const response = await fetch(`http://127.0.0.1:${port}/v1/store/products?${query}`, {
        headers: { "x-publishable-api-key": "pk_all_0123456789abcdef" }
      })
      expect(response.status).toBe(200)
      return (await response.json()) as { total: number; data: ReadonlyArray<{ slug: string; name: string }> }
    }
    const QUERY = "limit=48&sortBy=price&includeFacets=true"
    /** The listing with the renamed product's name as it was. */
    const withName = (listing: Awaited<ReturnType<typeof listingOf>>, slug: string, name: string) =>
      ({ ...listing, data: listing.data.map((product) => product.slug === slug ? { ...product, name } : product) })
    /** `count` instances started together, checked once all are ready. */
    const run = async (check: (ports: ReadonlyArray<number>, outputs: ReadonlyArray<string>) => Promise<void>, count = 1) => {
      const ports = await Promise.all(Array.from({ length: count }, () => freePort()))
      const servers = ports.map((port) => startServerProcess({
        PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: databaseUrl, CATALOG_SNAPSHOT_MIN_PRODUCTS: "1", LOG_LEVEL: "info"
      }))
      try {
        await Promise.all(servers.map((server, at) => waitUntilReady(server, ports[at]!, 90_000)))
        await check(ports, servers.map((server) => server.output()))
      } finally {
        for (const server of servers) server.child.kill("SIGTERM")
        for (const server of servers) expect((await server.finished).code, server.output()).toBe(0)
      }
    }
    const builds = (output: string) => output.split("catalog index: building from the products").length - 1
    cluster.psql("DELETE FROM catalog_snapshots", "storefront")
    let before: Awaited<ReturnType<typeof listingOf>> | undefined
    await run(async (ports, outputs) => {
      // one of the two built the index and stored it; the other read that snapshot
      expect(outputs.map(builds).sort(), outputs.join("\n")).toEqual([0, 1])
      expect(outputs.filter((output) => output.includes("catalog snapshot stored"))).toHaveLength(1)
      expect(outputs.filter((output) => output.includes("catalog read from its snapshot")).length).toBeGreaterThanOrEqual(1)
      before = await listingOf(ports[0]!, QUERY)
      expect(await listingOf(ports[1]!, QUERY)).toEqual(before)
    }, 2)
    // a product the listing shows (ids are random, and the first by id may be a disabled one)
    const { slug, name } = before!.data[0]!
    cluster.psql(`UPDATE products SET name = 'Snapshot Probe Renamed' WHERE slug = '${slug}'`, "storefront")
    await run(async ([port], [output]) => {
      expect(output).toContain("catalog read from its snapshot")
      expect(output).not.toContain("catalog snapshot stored")
      expect(withName(await listingOf(port!, QUERY), slug, name)).toEqual(before)
      const renamed = await listingOf(port!, "search=snapshot%20probe%20renamed")
      expect(renamed.data.map((product) => product.slug)).toEqual([slug])
    })
  }, 240_000)
})
