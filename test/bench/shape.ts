// A benchmark shape: one kind of traffic driven at the server and measured on its own.
// Shapes are plain data; the load runner turns them into autocannon runs.
import type { Discovery } from "./catalog-discovery.ts"
import type { StoreApi } from "./store-api.ts"

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"

export type JsonValue =
  | null
  | boolean
  | number
  | string
  | ReadonlyArray<JsonValue>
  | { readonly [key: string]: JsonValue }

/** Per-connection state for request flows (`order: "sequence"`); reset when the flow restarts. */
export type FlowContext = Record<string, unknown>

/** The request about to be sent; `prepare` may return a changed copy (e.g. a path holding an id). */
export interface PreparedRequest {
  readonly method: string
  readonly path: string
  readonly headers: Record<string, string>
  readonly body?: string | Buffer
}

export interface BenchRequest {
  /** default GET */
  readonly method?: HttpMethod
  /** path and query, e.g. `/v1/store/products?limit=20` */
  readonly path: string
  /** merged over the default headers (publishable key); a JSON body adds Content-Type */
  readonly headers?: Readonly<Record<string, string>>
  /** serialised as JSON */
  readonly body?: JsonValue
  /** last-moment change using the flow context; return null to restart the flow */
  readonly prepare?: (request: PreparedRequest, context: FlowContext) => PreparedRequest | null
  /** read the response, e.g. keep an id in the flow context for the next request */
  readonly onResponse?: (status: number, body: string, context: FlowContext) => void
}

/** Handed to `setup`: the running server and what discovery found in the imported catalog. */
export interface ShapeContext {
  readonly api: StoreApi
  readonly discovered: Discovery
  /** connections this load will use, e.g. to create one cart per connection */
  readonly connections: number
  /** seconds the load runs in all (warm-up and measured run), e.g. to size a supply of one-use ids */
  readonly loadSeconds: number
}

export interface Shape {
  /** unique; used by `--shapes` and in the report */
  readonly name: string
  /** a single request: method + path (+ headers, body) ... */
  readonly method?: HttpMethod
  readonly path?: string
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: JsonValue
  /** ... or several requests ... */
  readonly requests?: ReadonlyArray<BenchRequest>
  /** ... or a hook that may create data through the HTTP API and returns the requests */
  readonly setup?: (context: ShapeContext) => Promise<ReadonlyArray<BenchRequest>>
  /**
   * How several requests are used. "rotate" (default): every request sent takes the next one
   * from a cursor shared by all connections (spreads e.g. slugs evenly). "sequence": each
   * connection walks the list in order as a flow, with a per-connection FlowContext.
   */
  readonly order?: "rotate" | "sequence"
  /** fixed total rate in requests/s (autocannon overallRate; latency corrected for coordinated omission) */
  readonly rate?: number
  /** overrides `--connections` for this load */
  readonly connections?: number
  /**
   * "cached": one request repeated, so after the first every answer may come from a cache;
   * reported apart from the main figures.
   */
  readonly group?: "cached"
  /** the status every answer should have (e.g. 304 for conditional requests); any 2xx by default */
  readonly expectedStatus?: number
  /** loads run at the same time as this one (warm-up and measured run), reported as rows of their own */
  readonly alongside?: ReadonlyArray<Shape>
}
