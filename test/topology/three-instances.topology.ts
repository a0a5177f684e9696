/**
 * Three instances behind haproxy on a PostgreSQL primary with a streaming replica
 * (topology-fixture.ts), for real: `npm run test:topology`.
 * - Under a mixed load, `kill -9` of one instance: haproxy marks it down within its checks,
 *   only requests in flight on it fail, buyers retrying with their Idempotency-Key get exactly
 *   one cart and one order each, no confirmed write is lost, and the instance restarts and
 *   takes traffic again.
 * - Across instances: failed-login counters and OTP throttles are shared, an Idempotency-Key
 *   in flight on one instance answers 409 on another, and If-Match holds.
 * - The catalog is read from the replica, and from the primary past the allowed lag or while the
 *   replica is down; a start reads its index snapshot's pieces from the replica.
 * TOPOLOGY_TRACE=1 prints the steps, the buyers' retries and, at the end, the instances' output.
 */
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { haproxyAvailable } from "../support/haproxy.ts"
import { sleep } from "../support/server-process.ts"
import { throwawayPostgresAvailable } from "../support/throwaway-postgres.ts"
import { failed, startMixedLoad } from "./mixed-load.ts"
import { ADDRESS, call, eventually, registerCustomer, stockedVariants, startTopology, type Topology, versionOf } from "./topology-fixture.ts"

let topology: Topology

const quoted = (ids: ReadonlyArray<string>) => ids.map((id) => `'${id}'`).join(",")

describe.runIf(throwawayPostgresAvailable() && haproxyAvailable())("three instances behind haproxy, primary and replica", () => {
  beforeAll(async () => {
    topology = await startTopology()
  }, 300_000)

  afterAll(() => {
    if (process.env["TOPOLOGY_TRACE"]) {
      for (const instance of topology?.instances ?? []) console.error(`--- ${instance.name} ---\n${instance.process.output().slice(-4000)}`)
    }
    topology?.destroy()
  })

  it("kill -9 of one instance under mixed load: the others serve, haproxy routes around it, keyed retries make one cart and one order, nothing confirmed is lost, the instance rejoins", async () => {
    const base = topology.haproxy.url
    // a few variants, stocked for every checkout the load makes
    const variants = (await stockedVariants(base)).slice(0, 4)
    topology.sql(`UPDATE variants SET stock = 1000000 WHERE id IN (${quoted(variants)})`)
    const customer = await registerCustomer(base)
    const login = { email: customer.email, password: customer.password }
    const notedCarts = await Promise.all([0, 1, 2, 3].map(async (index) => {
      const created = await call(base, "POST", "/v1/store/cart", { items: [{ variantId: variants[index % variants.length], quantity: 1 }] })
      expect(created.status).toBe(201)
      return created.body["id"] as string
    }))
    const cartsBefore = Number(topology.sql("SELECT count(*) FROM carts"))

    const mark = (what: string) => process.env["TOPOLOGY_TRACE"] && console.error(`${new Date().toISOString()} ${what}`)
    const load = startMixedLoad({ base, variants, notedCarts, login })
    await sleep(3_000)
    const victim = topology.instances[0]!
    const servedByVictimBefore = load.record.attempts.filter((attempt) => attempt.servedBy === victim.name).length
    const killedAt = Date.now()
    await topology.kill(victim)
    // the kernel takes a moment to tear a process down: in flight means sent before it was gone
    const goneAt = Date.now()
    mark(`killed, gone after ${goneAt - killedAt} ms`)
    const downAfter = await eventually(async () => {
      const states = await topology.haproxy.states()
      if (!states[victim.name]?.startsWith("DOWN")) throw new Error(JSON.stringify(states))
      return Date.now() - goneAt
    }, 10_000, 20)
    mark(`down after ${downAfter} ms`)
    await sleep(3_000)
    // until the restart nothing can be served by it; after, haproxy may route to it before this test sees it UP
    const restartingAt = Date.now()
    await topology.restart(victim)
    mark("restarted")
    const upAt = await eventually(async () => {
      const states = await topology.haproxy.states()
      if (states[victim.name] !== "UP") throw new Error(JSON.stringify(states))
      return Date.now()
    }, 30_000)
    mark("up in haproxy")
    await sleep(2_000)
    await load.stop()
    mark("load stopped")
    const { attempts, confirmedVersions, purchases } = load.record

    // the victim served its share before it died, and again after it rejoined
    expect(servedByVictimBefore).toBeGreaterThan(0)
    expect(attempts.filter((attempt) => attempt.servedBy === victim.name && attempt.startedAt > upAt).length).toBeGreaterThan(0)
    // from when the process was gone: two failed checks at the check interval, and the slack of a busy machine
    expect(downAfter).toBeLessThan(topology.haproxy.checkIntervalMillis * 3 + 1_000)
    // the others kept serving while it was gone
    const whileDown = attempts.filter((attempt) => attempt.startedAt > goneAt && attempt.endedAt < restartingAt)
    expect(whileDown.filter((attempt) => attempt.status !== null && attempt.status < 300).length).toBeGreaterThan(10)
    expect(whileDown.some((attempt) => attempt.servedBy === victim.name)).toBe(false)
    // only requests in flight when it died failed; nothing else went wrong
    const failures = attempts.filter(failed)
    for (const failure of failures) {
      expect(failure.startedAt, JSON.stringify(failure)).toBeLessThanOrEqual(goneAt)
      expect(failure.endedAt, JSON.stringify(failure)).toBeGreaterThanOrEqual(killedAt)
    }
    const serverErrors = attempts.filter((attempt) => !failed(attempt) && (attempt.status ?? 0) >= 500)
    expect(serverErrors).toEqual([])
    // 409: a retried key still held by the request that died with the victim, until its lease ends
    const unexpected = attempts.filter((attempt) => !failed(attempt) && ![200, 201, 409].includes(attempt.status ?? 0))
    expect(unexpected).toEqual([])
    expect(attempts.filter((attempt) => attempt.what === "login" && attempt.status === 200).length).toBeGreaterThan(0)

    // each purchase, however often retried: one cart and one order
    expect(purchases.length).toBeGreaterThan(2)
    const cartIds = purchases.map((purchase) => purchase.cartId ?? "")
    expect(new Set(cartIds).size).toBe(purchases.length)
    expect(Number(topology.sql("SELECT count(*) FROM carts")) - cartsBefore).toBe(purchases.length)
    expect(Number(topology.sql(`SELECT count(*) FROM orders WHERE cart_id IN (${quoted(cartIds)})`))).toBe(purchases.length)
    const orderIds = purchases.map((purchase) => purchase.orderId ?? "")
    expect(Number(topology.sql(`SELECT count(*) FROM orders WHERE id IN (${quoted(orderIds)})`))).toBe(purchases.length)
    // every cart is at least at the version a client saw confirmed
    for (const [cartId, version] of confirmedVersions) {
      expect(Number(topology.sql(`SELECT version FROM carts WHERE id = '${cartId}'`)), cartId).toBeGreaterThanOrEqual(version)
    }
  }, 180_000)

  it("failed logins count on every instance: ten on two instances, the eleventh is refused on the third", async () => {
    const [one, two, three] = topology.instances.map((instance) => instance.url)
    const customer = await registerCustomer(one!)
    const wrong = { email: customer.email, password: "not-the-password-at-all" }
    for (const base of [one!, two!, one!, two!, one!, two!, one!, two!, one!, two!]) {
      expect((await call(base, "POST", "/v1/store/auth/login", wrong)).status).toBe(401)
    }
    const refused = await call(three!, "POST", "/v1/store/auth/login", { email: customer.email, password: customer.password })
    expect(refused.status, JSON.stringify(refused.body)).toBe(429)
    expect(refused.body["code"]).toBe("rate_limited")
  }, 60_000)

  it("an OTP sent by one instance throttles the next for that phone on another", async () => {
    const [one, two] = topology.instances.map((instance) => instance.url)
    const customer = await registerCustomer(one!)
    const request = { channel: "sms", phone: customer.phone, purpose: "login" }
    expect((await call(one!, "POST", "/v1/store/auth/otp/request", request)).status).toBe(202)
    const throttled = await call(two!, "POST", "/v1/store/auth/otp/request", request)
    expect(throttled.status, JSON.stringify(throttled.body)).toBe(429)
    expect(throttled.headers.get("retry-after")).toMatch(/^\d+$/)
  }, 60_000)

  it("an Idempotency-Key in flight on one instance answers 409 on another; afterwards both give the one order", async () => {
    const [one, two, three] = topology.instances.map((instance) => instance.url)
    const [variantId] = await stockedVariants(one!)
    const created = await call(one!, "POST", "/v1/store/cart", { items: [{ variantId, quantity: 1 }] })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const cartId = created.body["id"] as string
    expect((await call(two!, "PUT", `/v1/store/cart/${cartId}/shipping-address`, ADDRESS)).status).toBe(200)
    expect((await call(three!, "PUT", `/v1/store/cart/${cartId}/shipping-method`, { shippingMethodId: "sm_demo_standard" })).status).toBe(200)
    const key = randomUUID()
    // another session holds the cart's row, so the checkout on `one` claims the key and then waits
    const holder = topology.primary.psqlInBackground(
      `SET application_name = 'row_holder'; BEGIN; SELECT id FROM carts WHERE id = '${cartId}' FOR UPDATE; SELECT pg_sleep(30)`,
      "storefront"
    )
    // the server-side session outlives its psql: end it, releasing the row
    const release = () => topology.sql("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = 'row_holder'")
    try {
      await eventually(async () =>
        expect(topology.sql("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'row_holder' AND wait_event = 'PgSleep'")).toBe("1"), 10_000)
      const first = call(one!, "POST", `/v1/store/cart/${cartId}/checkout`, {}, { "idempotency-key": key })
      await eventually(async () => expect(topology.sql("SELECT count(*) FROM idempotency_keys WHERE status = 'running'")).not.toBe("0"), 10_000)
      const meanwhile = await call(two!, "POST", `/v1/store/cart/${cartId}/checkout`, {}, { "idempotency-key": key })
      expect(meanwhile.status, JSON.stringify(meanwhile.body)).toBe(409)
      expect(meanwhile.body["code"]).toBe("idempotency_key_in_progress")
      release()
      const order = await first
      expect(order.status, JSON.stringify(order.body)).toBe(201)
      const replayed = await call(three!, "POST", `/v1/store/cart/${cartId}/checkout`, {}, { "idempotency-key": key })
      expect(replayed.status).toBe(201)
      expect(replayed.body["id"]).toBe(order.body["id"])
      expect(topology.sql(`SELECT count(*) FROM orders WHERE cart_id = '${cartId}'`)).toBe("1")
    } finally {
      holder.kill("SIGKILL")
      release()
    }
  }, 60_000)

  it("If-Match across instances: the version read on one is accepted once on another, then refused as stale on the third", async () => {
    const [one, two, three] = topology.instances.map((instance) => instance.url)
    const [variantId] = await stockedVariants(one!)
    const created = await call(one!, "POST", "/v1/store/cart", { items: [{ variantId, quantity: 1 }] })
    const cartId = created.body["id"] as string
    const read = await call(two!, "GET", `/v1/store/cart/${cartId}`)
    const etag = read.headers.get("etag") ?? ""
    expect(versionOf(read)).toBe(versionOf(created))
    const changed = await call(two!, "PUT", `/v1/store/cart/${cartId}/notes`, { note: "leave at the gate" }, { "if-match": etag })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(versionOf(changed)).toBe(versionOf(read) + 1)
    const stale = await call(three!, "PUT", `/v1/store/cart/${cartId}/notes`, { note: "ring twice" }, { "if-match": etag })
    expect(stale.status, JSON.stringify(stale.body)).toBe(412)
    expect(stale.body["code"]).toBe("cart_version_mismatch")
    expect((await call(one!, "GET", `/v1/store/cart/${cartId}`)).body["customerNote"]).toBe("leave at the gate")
  }, 60_000)

  it("the catalog is read from the replica: a change reaches every instance once the replica replays it; past the allowed lag, or with the replica stopped, from the primary; carts stay on the primary", async () => {
    const instances = topology.instances
    const ready = (base: string) => call(base, "GET", "/ready")
    const replicaOf = async (base: string) => (await ready(base)).body["replica"] as { state: string; readingFrom: string }
    for (const instance of instances) {
      await eventually(async () => expect(await replicaOf(instance.url)).toMatchObject({ state: "streaming", readingFrom: "replica" }))
      expect(await (await fetch(`${instance.url}/metrics`)).text()).toMatch(/^storefront_catalog_reads_from_replica 1$/m)
    }
    // a start reads its index snapshot's pieces from the replica: the replica's own statistics count the reads
    const snapshotReadsOnReplica = () =>
      Number(topology.replica.psql(
        "SELECT coalesce(sum(coalesce(seq_scan, 0) + coalesce(idx_scan, 0)), 0) FROM pg_stat_user_tables WHERE relname = 'catalog_snapshot_pieces'",
        "storefront"
      ).trim())
    const readsBefore = snapshotReadsOnReplica()
    const restarted = instances[2]!
    restarted.process.child.kill("SIGTERM")
    expect((await restarted.process.finished).code).toBe(0)
    await topology.restart(restarted)
    expect(restarted.process.output()).not.toContain("catalog snapshot unreadable")
    await eventually(async () => expect(snapshotReadsOnReplica()).toBeGreaterThan(readsBefore))
    const listed = await call(topology.haproxy.url, "GET", "/v1/store/products?limit=1")
    const product = (listed.body["data"] as ReadonlyArray<{ id: string; slug: string }>)[0]!
    const nameOn = async (base: string) => (await call(base, "GET", `/v1/store/products/by-slug/${product.slug}`)).body["name"]
    const rename = (name: string) => topology.sql(`UPDATE products SET name = '${name}' WHERE id = '${product.id}'`)
    const everyInstanceShows = (name: string, timeoutMillis = 15_000) =>
      Promise.all(instances.map((instance) => eventually(async () => expect(await nameOn(instance.url)).toBe(name), timeoutMillis)))

    // the replica stops replaying: the change is not seen while it is within the allowed lag, and is once it replays
    const before = await nameOn(instances[0]!.url)
    topology.replica.psql("SELECT pg_wal_replay_pause()")
    try {
      rename("Replayed Saree")
      await sleep(1_500)
      for (const instance of instances) expect(await nameOn(instance.url)).toBe(before)
    } finally {
      topology.replica.psql("SELECT pg_wal_replay_resume()")
    }
    await everyInstanceShows("Replayed Saree")

    // stuck past REPLICA_MAX_LAG_SECONDS (5): the catalog is read from the primary, and back from the replica after
    topology.replica.psql("SELECT pg_wal_replay_pause()")
    try {
      rename("Past The Lag Saree")
      await everyInstanceShows("Past The Lag Saree", 20_000)
      expect(await replicaOf(instances[1]!.url)).toMatchObject({ state: "lagging", readingFrom: "primary" })
      expect((await ready(instances[1]!.url)).status).toBe(200)
    } finally {
      topology.replica.psql("SELECT pg_wal_replay_resume()")
    }
    for (const instance of instances) {
      await eventually(async () => expect(await replicaOf(instance.url)).toMatchObject({ state: "streaming", readingFrom: "replica" }))
    }

    // the replica stopped: the catalog is served (and follows the primary), carts work, every instance stays ready
    topology.replica.stop()
    try {
      for (const instance of instances) {
        await eventually(async () => expect(await replicaOf(instance.url)).toMatchObject({ state: "unreachable", readingFrom: "primary" }))
        expect((await ready(instance.url)).status).toBe(200)
        expect(await (await fetch(`${instance.url}/metrics`)).text()).toMatch(/^storefront_replica_lag_seconds NaN$/m)
        const [variantId] = await stockedVariants(instance.url)
        expect((await call(instance.url, "POST", "/v1/store/cart", { items: [{ variantId, quantity: 1 }] })).status).toBe(201)
      }
      rename("While The Replica Was Down Saree")
      await everyInstanceShows("While The Replica Was Down Saree")
    } finally {
      topology.replica.start()
    }
    // it returns, catches up, and the catalog is read from it again
    rename("After The Replica Returned Saree")
    await everyInstanceShows("After The Replica Returned Saree")
    for (const instance of instances) {
      await eventually(async () => expect(await replicaOf(instance.url)).toMatchObject({ state: "streaming", readingFrom: "replica" }))
    }
  }, 180_000)
})
