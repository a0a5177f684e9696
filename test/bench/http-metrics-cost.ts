// What recording one request's HTTP metrics costs on the request path: the plain counters of
// adapters/http/observability/http-metrics.ts against the same counter and histogram kept in
// Effect's metric registry (Metric.update), over three series in turn, 1M requests each.
// Run: npm exec -- node test/bench/http-metrics-cost.ts
import { Effect, Metric } from "effect"
import { LATENCY_BUCKETS_SECONDS, recordRequest } from "../../adapters/http/observability/http-metrics.ts"

const REQUESTS = 1_000_000
const labels = [
  { method: "GET", route: "/v1/store/products", status: 200 },
  { method: "GET", route: "/v1/store/products/by-slug/:slug", status: 200 },
  { method: "POST", route: "/v1/store/carts", status: 201 }
]

const microsPerRequest = (run: (requests: number) => void) => {
  run(REQUESTS / 10) // warm-up
  const started = performance.now()
  run(REQUESTS)
  return Math.round((performance.now() - started) * 1000 / REQUESTS * 100) / 100
}

const plain = microsPerRequest((requests) => {
  for (let i = 0; i < requests; i++) recordRequest(labels[i % 3]!, (i % 100) / 10_000)
})

const counter = Metric.counter("cost_requests_total", { incremental: true })
const histogram = Metric.histogram("cost_duration_seconds", { boundaries: LATENCY_BUCKETS_SECONDS })
const registry = microsPerRequest((requests) =>
  Effect.runSync(Effect.gen(function*() {
    for (let i = 0; i < requests; i++) {
      const { method, route, status } = labels[i % 3]!
      const attributes = { method, route, status: String(status) }
      yield* Metric.update(Metric.withAttributes(counter, attributes), 1)
      yield* Metric.update(Metric.withAttributes(histogram, attributes), (i % 100) / 10_000)
    }
  }))
)

console.log(`HTTP metrics per request: plain counters ${plain} µs, Effect metric registry ${registry} µs`)
