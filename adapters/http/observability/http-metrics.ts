/**
 * The HTTP metrics every request records, by method, route template and status: a request
 * counter and a latency histogram in seconds, rendered in the Prometheus text format at
 * `/metrics` (metrics-route.ts) beside Effect's metric registry.
 *
 * They are kept here in plain counters rather than in Effect's registry because they sit on
 * every request's path: an update there costs a few µs (context and registry lookups per
 * series), here a map lookup and three additions.
 */

/** Latency bucket bounds in seconds: 1 ms to 10 s, dense where the catalog reads live. */
export const LATENCY_BUCKETS_SECONDS: ReadonlyArray<number> = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10
]

const REQUESTS = "storefront_http_requests_total"
const DURATION = "storefront_http_request_duration_seconds"

export interface RequestLabels {
  readonly method: string
  readonly route: string
  readonly status: number
}

interface Series {
  /** `method="GET",route="/health",status="200"` */
  readonly labels: string
  count: number
  sum: number
  /** requests per bucket (not cumulative); the last one is over the largest bound */
  readonly buckets: Float64Array
}

/**
 * By method, then route, then status; no key is built per request (the route strings are the
 * route table's own). Routes are templates and statuses few, so the maps stay small; unknown
 * methods share `OTHER`.
 */
const series = new Map<string, Map<string, Map<number, Series>>>()

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])

const escapeLabelValue = (value: string) => value.replace(/\\/g, "\\\\").replace(/"/g, "\\\"").replace(/\n/g, "\\n")

const childOf = <K, V>(map: Map<K, V>, key: K, make: () => V): V => {
  let child = map.get(key)
  if (child === undefined) {
    child = make()
    map.set(key, child)
  }
  return child
}

const seriesOf = (labels: RequestLabels): Series => {
  const method = KNOWN_METHODS.has(labels.method) ? labels.method : "OTHER"
  const byStatus = childOf(childOf(series, method, () => new Map()), labels.route, () => new Map<number, Series>())
  return childOf(byStatus, labels.status, () => ({
    labels: `method="${method}",route="${escapeLabelValue(labels.route)}",status="${labels.status}"`,
    count: 0,
    sum: 0,
    buckets: new Float64Array(LATENCY_BUCKETS_SECONDS.length + 1)
  }))
}

const allSeries = function*(): Generator<Series> {
  for (const byRoute of series.values()) {
    for (const byStatus of byRoute.values()) yield* byStatus.values()
  }
}

export const recordRequest = (labels: RequestLabels, seconds: number): void => {
  const target = seriesOf(labels)
  target.count++
  target.sum += seconds
  let bucket = 0
  while (bucket < LATENCY_BUCKETS_SECONDS.length && seconds > LATENCY_BUCKETS_SECONDS[bucket]!) bucket++
  target.buckets[bucket]!++
}

/** Both families in the Prometheus text format (0.0.4), each line ending in a newline. */
export const renderHttpMetrics = (): string => {
  const lines: Array<string> = [
    `# HELP ${REQUESTS} HTTP requests answered, by method, route template and status`,
    `# TYPE ${REQUESTS} counter`
  ]
  for (const { labels, count } of allSeries()) lines.push(`${REQUESTS}{${labels}} ${count}`)
  lines.push(
    `# HELP ${DURATION} Time to produce an HTTP response, by method, route template and status`,
    `# TYPE ${DURATION} histogram`
  )
  for (const { labels, count, sum, buckets } of allSeries()) {
    let cumulative = 0
    LATENCY_BUCKETS_SECONDS.forEach((bound, index) => {
      cumulative += buckets[index]!
      lines.push(`${DURATION}_bucket{${labels},le="${bound}"} ${cumulative}`)
    })
    lines.push(`${DURATION}_bucket{${labels},le="+Inf"} ${count}`)
    lines.push(`${DURATION}_sum{${labels}} ${sum}`)
    lines.push(`${DURATION}_count{${labels}} ${count}`)
  }
  return lines.join("\n") + "\n"
}
