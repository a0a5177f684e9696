// Minimal typings for the parts of autocannon 8 (which ships no types) that the benchmark uses.
// Run in-process (no `workers`), so setupRequest / onResponse are plain functions.

declare module "autocannon" {
  /** The raw request autocannon is about to serialise; setupRequest may return a changed copy. */
  export interface AutocannonRawRequest {
    method: string
    path: string
    headers: Record<string, string>
    body?: string | Buffer
  }

  /** Per-connection state, reset to `{}` each time a connection restarts its `requests` list. */
  export type AutocannonContext = Record<string, unknown>

  export interface AutocannonRequest {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string | Buffer
    /** Return a falsy value to restart the connection's sequence from the first request. */
    setupRequest?: (request: AutocannonRawRequest, context: AutocannonContext) => AutocannonRawRequest | null
    onResponse?: (
      status: number,
      body: string,
      context: AutocannonContext,
      headers: Record<string, string | Array<string>>
    ) => void
  }

  export interface AutocannonOptions {
    url: string
    title?: string
    connections?: number
    /** seconds */
    duration?: number
    /** seconds per request before it counts as a timeout error */
    timeout?: number
    method?: string
    headers?: Record<string, string>
    body?: string | Buffer
    requests?: Array<AutocannonRequest>
    /** requests per second across all connections */
    overallRate?: number
    /** requests in all, across the connections (instead of a duration) */
    amount?: number
    excludeErrorStats?: boolean
  }

  export interface AutocannonHistogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p2_5: number
    p50: number
    p75: number
    p90: number
    p97_5: number
    p99: number
    p99_9: number
    p99_99: number
    p99_999: number
  }

  export interface AutocannonResult {
    title?: string
    url: string
    /** seconds */
    duration: number
    samples: number
    connections: number
    errors: number
    timeouts: number
    non2xx: number
    resets: number
    "2xx": number
    statusCodeStats: Record<string, { count: number }>
    /** milliseconds; 2xx responses only */
    latency: AutocannonHistogram & { totalCount: number }
    /** requests per sample second; `total` = completed requests, `sent` = requests sent */
    requests: AutocannonHistogram & { sent: number }
    /** bytes per sample second */
    throughput: AutocannonHistogram
  }

  export interface AutocannonInstance {
    stop(): void
  }

  function autocannon(
    options: AutocannonOptions,
    callback: (error: Error | null, result: AutocannonResult) => void
  ): AutocannonInstance

  export default autocannon
}
