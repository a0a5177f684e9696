// What one add-to-cart costs the server in process, apart from the database and the socket: the
// whole app as served (storefront-http-app.ts, composed as config/storefront-server.ts does)
// over the memory stores, called through HttpRouter.toWebHandler. A signed-in shopper creates a
// cart and adds nine items one request at a time, then starts a new cart (the add-to-cart shape
// of `npm run bench`, cart-shapes.ts). Prints CPU microseconds and bytes allocated (from the GC
// profiler: heap growth between collections) per request over the measured requests.
// Run: npm exec -- node test/bench/add-to-cart-cost.ts [REQUESTS] [WARMUP]
import { DemoCourier } from "../../adapters/couriers/demo-courier.ts"
import { GCProfiler } from "node:v8"
import { Context, Layer, References } from "effect"
import { HttpRouter, HttpServer } from "effect/http"
import * as StorefrontHttpApp from "../../adapters/http/storefront-http-app.ts"
import { catalogReadModel } from "../../config/catalog-read-model.ts"
import { BackgroundLoops } from "../../application/shared/background-loops.ts"
import { applicationServices, httpAppPorts } from "../../config/application-services.ts"
import { testPayments } from "../support/payment-test-layers.ts"
import { testAccountSecurity } from "../support/account-test-layers.ts"
import { buyingFixture } from "../support/buying-fixture.ts"
import { memoryBuyingTestStores } from "../support/buying-stores.ts"
import { SHOP_A_KEY } from "../support/cart-http.ts"

const REQUESTS = Number(process.argv[2] ?? 20_000)
const WARMUP = Number(process.argv[3] ?? 5_000)
const ADDS_PER_CART = 9
const BASE = "http://bench.local/v1/store"

// composed as config/storefront-server.ts does: the app sees the services, not the ports
const readModel = catalogReadModel({ pollInterval: "1 minute" }).pipe(
  Layer.provideMerge(memoryBuyingTestStores(buyingFixture()))
)
const app = StorefrontHttpApp.layer({ maxBodyBytes: 65_536 }).pipe(
  Layer.provide(applicationServices.pipe(Layer.provide(testAccountSecurity), Layer.provide(readModel))),
  Layer.provide(testPayments()),
  Layer.provide(DemoCourier.layerAt("http://bench.local")),
  Layer.provideMerge(httpAppPorts.pipe(Layer.provide(readModel))),
  Layer.provide(BackgroundLoops.layer),
  Layer.provide(HttpServer.layerServices),
  // no access-log lines: they would be most of the cost measured
  Layer.provideMerge(Layer.succeed(References.MinimumLogLevel, "None"))
)
const { handler, dispose } = HttpRouter.toWebHandler(app, { disableLogger: true })

const call = async (method: string, path: string, body?: unknown, token?: string) => {
  const headers: Record<string, string> = { "x-publishable-api-key": SHOP_A_KEY, "content-type": "application/json" }
  if (token !== undefined) headers["authorization"] = `Bearer ${token}`
  const response = await handler(
    new Request(`${BASE}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }),
    Context.empty()
  )
  const text = await response.text()
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`)
  return JSON.parse(text) as Record<string, unknown>
}

const registered = await call("POST", "/auth/register", {
  name: "Bench Shopper",
  email: "bench-shopper@example.com",
  password: "violet-harbour-lantern-bench"
})
const token = (registered["tokens"] as { accessToken: string }).accessToken
const listing = await call("GET", "/products?inStock=true&limit=100")
const variants = (listing["data"] as Array<{ variants: Array<{ id: string; inStock: boolean }> }>)
  .flatMap((product) => product.variants.filter((variant) => variant.inStock).map((variant) => variant.id))

/** `count` requests of the shape: a new cart, then nine adds, and so on. */
const run = async (count: number) => {
  let cartId = ""
  for (let i = 0; i < count; i++) {
    if (i % (ADDS_PER_CART + 1) === 0) {
      cartId = (await call("POST", "/cart", {}, token))["id"] as string
    } else {
      await call("POST", `/cart/${cartId}/items`, { variantId: variants[i % variants.length], quantity: 1 }, token)
    }
  }
}

await run(WARMUP)
const profiler = new GCProfiler()
profiler.start()
const heapBefore = process.memoryUsage().heapUsed
const cpuBefore = process.cpuUsage()
const started = performance.now()
await run(REQUESTS)
const wallMillis = performance.now() - started
const cpu = process.cpuUsage(cpuBefore)
const heapAfter = process.memoryUsage().heapUsed
const { statistics } = profiler.stop()
// allocated = what each collection found (before it) beyond what the previous one left, plus the growth since the last
let allocated = 0
let previous = heapBefore
for (const gc of statistics) {
  allocated += gc.beforeGC.heapStatistics.usedHeapSize - previous
  previous = gc.afterGC.heapStatistics.usedHeapSize
}
allocated += heapAfter - previous
await dispose()

const per = (value: number) => Math.round(value / REQUESTS)
console.log(JSON.stringify({
  requests: REQUESTS,
  cpuMicrosPerRequest: per(cpu.user + cpu.system),
  wallMicrosPerRequest: per(wallMillis * 1000),
  allocatedBytesPerRequest: per(allocated),
  collections: statistics.length
}))
