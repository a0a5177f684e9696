// `npm exec -- node test/bench/instances-bench.ts [--instances 1,2,3] [--shapes a,b] [--duration S]
// [--warmup S] [--connections C] --database-url URL`: the same shapes as `npm run bench`, through
// haproxy (test/support/haproxy.ts) in front of 1, 2 and 3 instances on one PostgreSQL database
// that `npm run bench` (or an import) has filled. Prints req/s and latency per instance count
// and shape, each instance's start-up time and RSS. On a two-core machine the figures show what
// the balancer and more processes cost, not how the service scales. Not a test.
import { parseArgs } from "node:util"
import { resolve } from "node:path"
import { startHaproxy } from "../support/haproxy.ts"
import { discoverCatalog } from "./catalog-discovery.ts"
import { cleanUpOnSignals, runCleanups } from "./cleanup-on-exit.ts"
import { runShape } from "./load-runner.ts"
import { readRssMB } from "./rss-sampler.ts"
import { type RunningServer, startServer } from "./server-process.ts"
import { makeStoreApi } from "./store-api.ts"
import { storefrontShapes } from "./storefront-shapes.ts"

const repoRoot = resolve(import.meta.dirname, "../..")

const { values } = parseArgs({
  options: {
    instances: { type: "string", default: "1,2,3" },
    shapes: { type: "string", default: "product-by-slug,list-all,add-to-cart" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "20" },
    "database-url": { type: "string" }
  }
})

const databaseUrl = values["database-url"] ?? process.env["BENCH_DATABASE_URL"]
if (databaseUrl === undefined) throw new Error("--database-url (or BENCH_DATABASE_URL): a database `npm run bench` has filled")
const counts = values.instances.split(",").map(Number)
const shapes = values.shapes.split(",").map((name) => {
  const shape = storefrontShapes.find((candidate) => candidate.name === name)
  if (shape === undefined) throw new Error(`unknown shape ${name}`)
  return shape
})

const runWith = async (count: number) => {
  const servers: Array<RunningServer> = []
  try {
    for (let index = 0; index < count; index++) {
      servers.push(await startServer({ entry: "config/main.ts", cwd: repoRoot, databaseUrl, readyTimeoutMs: 600_000 }))
    }
    for (const [index, server] of servers.entries()) {
      console.log(`[instances] ${count} instance(s): #${index + 1} ready in ${server.startupSeconds.toFixed(1)} s, RSS ${(await readRssMB(server.pid))?.toFixed(0)} MB`)
    }
    const haproxy = await startHaproxy(servers.map((server, index) => ({ name: `s${index + 1}`, port: Number(new URL(server.baseUrl).port) })))
    try {
      const api = makeStoreApi(haproxy.url)
      const discovered = await discoverCatalog(api)
      const rows = []
      for (const shape of shapes) {
        const result = await runShape(shape, {
          api,
          discovered,
          serverPid: servers[0]?.pid ?? 0,
          connections: Number(values.connections),
          durationSeconds: Number(values.duration),
          warmupSeconds: Number(values.warmup)
        })
        rows.push(`${count} | ${shape.name} | ${result.requestsPerSecond} | ${result.latencyMs.p50} / ${result.latencyMs.p99} | ${result.status}`)
      }
      return rows
    } finally {
      haproxy.stop()
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
  }
}

cleanUpOnSignals()
const table = ["instances | shape | req/s | p50 / p99 ms | status", "---|---|---|---|---"]
try {
  for (const count of counts) table.push(...await runWith(count))
  console.log(table.join("\n"))
} finally {
  await runCleanups()
}
