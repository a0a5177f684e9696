/**
 * The HTTP metrics every request records (by method, route template and status): a request
 * counter and a latency histogram in seconds, rendered at `/metrics` (metrics-route.ts).
 */
import { Effect, Metric } from "effect"

/** Latency bucket bounds in seconds: 1 ms to 10 s, dense where the catalog reads live. */
export const LATENCY_BUCKETS_SECONDS: ReadonlyArray<number> = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10
]

const requests = Metric.counter("storefront_http_requests_total", {
  description: "HTTP requests answered, by method, route template and status",
  incremental: true
})

const duration = Metric.histogram("storefront_http_request_duration_seconds", {
  description: "Time to produce an HTTP response, by method, route template and status",
  boundaries: LATENCY_BUCKETS_SECONDS
})

export interface RequestLabels {
  readonly method: string
  readonly route: string
  readonly status: number
}

export const recordRequest = (labels: RequestLabels, seconds: number) => {
  const attributes = { method: labels.method, route: labels.route, status: String(labels.status) }
  return Effect.andThen(
    Metric.update(Metric.withAttributes(requests, attributes), 1),
    Metric.update(Metric.withAttributes(duration, attributes), seconds)
  )
}
