/**
 * The service under database faults, for real: its own process on a throwaway PostgreSQL
 * cluster that the test stops, crashes and restarts while clients keep calling.
 * - During an outage every answer is a 503 problem with Retry-After (or a catalog read served
 *   from memory), never a 500; /ready is 503 and /health 200.
 * - Afterwards the service recovers without a restart.
 * - A checkout whose request died with the database can be retried with its Idempotency-Key
 *   and makes exactly one order.
 * - A cart change the client saw succeed survives an immediate crash (durable commits, made
 *   durable by group commit: adapters/postgres/group-commit.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { type Answer, call as callService, eventually as eventuallyHolds, KEY } from "../support/process-http.ts"
import { type ServerProcess, sleep, startServerProcess, waitUntilReady } from "../support/server-process.ts"
import { freePort, startThrowawayPostgres, type ThrowawayPostgres, throwawayPostgresAvailable } from "../support/throwaway-postgres.ts"

const ADDRESS = { name: "Rahim Uddin", phone: "+8801711000001", road: "Lake Road", city: "Dhaka" }

let cluster: ThrowawayPostgres
let server: ServerProcess
let base = ""

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> =>
  callService(base, method, path, body, headers)

const expectUnavailable = (answer: Answer, what: string) => {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(503)
  expect(answer.headers.get("retry-after"), what).toMatch(/^\d+$/)
  expect(answer.headers.get("content-type"), what).toMatch(/^application\/problem\+json/)
}

/** A variant of the demo catalog with plenty of stock. */
const stockedVariant = async (): Promise<string> => {
  const listing = await call("GET", "/v1/store/products?inStock=true&limit=50")
  const products = listing.body["data"] as ReadonlyArray<{ variants: ReadonlyArray<{ id: string; inStock: boolean; stock?: number }> }>
  const variant = products.flatMap((product) => product.variants).find((candidate) => candidate.inStock)
  if (variant === undefined) throw new Error("the demo catalog has no variant in stock")
  return variant.id
}

/** A guest cart with one line, an address and the demo's standard shipping: ready to check out. */
const readyCart = async (variantId: string): Promise<string> => {
  const created = await call("POST", "/v1/store/cart", { items: [{ variantId, quantity: 1 }] })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const cartId = created.body["id"] as string
  expect((await call("PUT", `/v1/store/cart/${cartId}/shipping-address`, ADDRESS)).status).toBe(200)
  expect((await call("PUT", `/v1/store/cart/${cartId}/shipping-method`, { shippingMethodId: "sm_demo_standard" })).status).toBe(200)
  return cartId
}

/** Retries an assertion for up to 30 s (the catalog follows the database once its feed is back). */
// generous: after an outage a loop retries on its backoff (capped at 10 s), and CI machines are busy
const eventually = (assertion: () => Promise<void>) => eventuallyHolds(assertion, 30_000, 200)

const ordersOfCart = (cartId: string) => Number(cluster.psql(`SELECT count(*) FROM orders WHERE cart_id = '${cartId}'`, "storefront"))

const available = throwawayPostgresAvailable()

describe.runIf(available)("database faults (throwaway PostgreSQL cluster)", () => {
  beforeAll(async () => {
    cluster = await startThrowawayPostgres()
    cluster.psql("CREATE DATABASE storefront")
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    server = startServerProcess({
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: cluster.url.replace(/\/postgres$/, "/storefront"),
      DATABASE_MAX_CONNECTIONS: "4",
      // no poll within the test: what the service sees of the catalog comes from the push feed
      CATALOG_POLL_MILLIS: "600000"
    })
    await waitUntilReady(server, port, 180_000)
  }, 240_000)

  afterAll(async () => {
    server?.child.kill("SIGKILL")
    cluster?.destroy()
  })

  it("while the database is down: 503 + Retry-After (never 500), catalog reads from memory, /ready 503, /health 200; then recovery without a restart", async () => {
    const variantId = await stockedVariant()
    const cartId = await readyCart(variantId)
    cluster.stop()
    try {
      expectUnavailable(await call("GET", `/v1/store/cart/${cartId}`), "get cart")
      expectUnavailable(await call("POST", `/v1/store/cart/${cartId}/items`, { variantId, quantity: 1 }), "add item")
      expectUnavailable(await call("POST", "/v1/store/cart", { items: [] }), "create cart")
      expectUnavailable(await call("POST", "/v1/store/auth/login", { email: "nobody@example.com", password: "violet-harbour-lantern" }), "login")
      expectUnavailable(await call("GET", "/ready"), "/ready")
      expect((await call("GET", "/health")).status).toBe(200)
      expect((await call("GET", "/v1/store/products?limit=2")).status).toBe(200)
    } finally {
      cluster.start()
    }
    await waitUntilReady(server, Number(new URL(base).port), 60_000)
    expect((await call("GET", `/v1/store/cart/${cartId}`)).status).toBe(200)
  }, 120_000)

  it("a checkout that died with the database is retried with its Idempotency-Key: one order", async () => {
    const cartId = await readyCart(await stockedVariant())
    cluster.stop()
    try {
      expectUnavailable(await call("POST", `/v1/store/cart/${cartId}/checkout`, {}, { "idempotency-key": `outage-${cartId}` }), "checkout")
    } finally {
      cluster.start()
    }
    await waitUntilReady(server, Number(new URL(base).port), 60_000)
    const retried = await call("POST", `/v1/store/cart/${cartId}/checkout`, {}, { "idempotency-key": `outage-${cartId}` })
    expect(retried.status, JSON.stringify(retried.body)).toBe(201)
    const replayed = await call("POST", `/v1/store/cart/${cartId}/checkout`, {}, { "idempotency-key": `outage-${cartId}` })
    expect(replayed.status).toBe(201)
    expect(replayed.body["id"]).toBe(retried.body["id"])
    expect(ordersOfCart(cartId)).toBe(1)
  }, 120_000)

  it("a checkout that held its Idempotency-Key when the database crashed gives the key up: the retry makes the one order", async () => {
    const cartId = await readyCart(await stockedVariant())
    const key = `crash-${cartId}`
    // another session holds the cart's row lock, so the checkout claims its key and then waits
    const holder = cluster.psqlInBackground(`SELECT id FROM carts WHERE id = '${cartId}' FOR UPDATE; SELECT pg_sleep(60)`, "storefront")
    let retryAt = 0
    try {
      await sleep(500)
      const checkout = call("POST", `/v1/store/cart/${cartId}/checkout`, {}, { "idempotency-key": key })
      await sleep(1_000)
      expect(cluster.psql("SELECT count(*) FROM idempotency_keys", "storefront")).not.toBe("0")
      cluster.crashRestart()
      const unavailable = await checkout
      expectUnavailable(unavailable, "checkout in flight during the crash")
      retryAt = Date.now() + Number(unavailable.headers.get("retry-after")) * 1_000
    } finally {
      holder.kill("SIGKILL")
    }
    await waitUntilReady(server, Number(new URL(base).port), 60_000)
    // the client retries as the 503 asked: after Retry-After
    await sleep(Math.max(0, retryAt - Date.now()))
    const retried = await call("POST", `/v1/store/cart/${cartId}/checkout`, {}, { "idempotency-key": key })
    expect(retried.status, JSON.stringify(retried.body)).toBe(201)
    expect(ordersOfCart(cartId)).toBe(1)
  }, 120_000)

  it("after an immediate crash and restart the catalog follows the database again: a new key works, a revoked one stops", async () => {
    cluster.crashRestart()
    await waitUntilReady(server, Number(new URL(base).port), 60_000)
    cluster.psql(`INSERT INTO publishable_keys (key, title, shop_ids)
      SELECT 'pk_after_crash', 'after the crash', shop_ids FROM publishable_keys WHERE key = '${KEY}'`, "storefront")
    const withKey = (key: string) => fetch(`${base}/v1/store/products?limit=1`, { headers: { "x-publishable-api-key": key } })
    await eventually(async () => expect((await withKey("pk_after_crash")).status).toBe(200))
    cluster.psql("UPDATE publishable_keys SET revoked_at = now() WHERE key = 'pk_after_crash'", "storefront")
    await eventually(async () => expect((await withKey("pk_after_crash")).status).toBe(401))
  }, 120_000)

  it("under load through an immediate crash and restart: only 2xx/4xx/503 answers, and no confirmed cart change is lost", async () => {
    const variantId = await stockedVariant()
    // enough clients at once that cart changes share WAL flushes (group commit) when the crash comes
    const carts = await Promise.all(Array.from({ length: 16 }, () => readyCart(variantId)))
    /** The last version each cart was confirmed at (its ETag), by the clients' own view. */
    const confirmed = new Map<string, number>()
    const statuses = new Map<number, number>()
    let running = true
    const client = async (cartId: string, index: number) => {
      let note = 0
      while (running) {
        const answer = await call("PUT", `/v1/store/cart/${cartId}/notes`, { note: `note ${index}.${++note}` }).catch(() => null)
        if (answer === null) continue // the connection itself broke: no answer, nothing confirmed
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
        if (answer.status === 200) confirmed.set(cartId, Number(answer.headers.get("etag")?.replaceAll("\"", "")))
        if (answer.status === 503) await sleep(50)
      }
    }
    const clients = carts.map(client)
    await sleep(1_500)
    cluster.crashRestart()
    await sleep(1_500)
    running = false
    await Promise.all(clients)

    const unexpected = [...statuses.keys()].filter((status) => status !== 200 && status !== 503)
    expect(unexpected, JSON.stringify(Object.fromEntries(statuses))).toEqual([])
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0)
    await waitUntilReady(server, Number(new URL(base).port), 60_000)
    for (const cartId of carts) {
      const stored = await call("GET", `/v1/store/cart/${cartId}`)
      expect(stored.status).toBe(200)
      expect(Number(stored.headers.get("etag")?.replaceAll("\"", ""))).toBeGreaterThanOrEqual(confirmed.get(cartId) ?? 0)
    }
  }, 120_000)
})
