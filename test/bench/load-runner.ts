// Runs one shape against the server with autocannon: setup, warm-up (discarded), then the
// measured run with its `alongside` loads at the same time, sampling the server's RSS.
import autocannon from "autocannon"
import type { AutocannonContext, AutocannonOptions, AutocannonRequest, AutocannonResult } from "autocannon"
import type { Discovery } from "./catalog-discovery.ts"
import { onCleanup } from "./cleanup-on-exit.ts"
import { startRssSampler } from "./rss-sampler.ts"
import type { BenchRequest, Shape } from "./shape.ts"
import type { StoreApi } from "./store-api.ts"

export interface LoadSettings {
  readonly api: StoreApi
  readonly discovered: Discovery
  readonly serverPid: number
  readonly connections: number
  readonly durationSeconds: number
  readonly warmupSeconds: number
}

export interface LatencyMs {
  readonly average: number
  readonly p50: number
  readonly p90: number
  readonly p99: number
  readonly max: number
}

export interface LoadResult {
  readonly name: string
  readonly status: "ok" | "FAILED"
  /** why the load is FAILED (setup error, non-2xx responses, connection errors, no responses) */
  readonly failures: ReadonlyArray<string>
  /** mean of the per-second samples of completed requests */
  readonly requestsPerSecond: number
  readonly totalRequests: number
  readonly durationSeconds: number
  /** 2xx responses only (autocannon's default) */
  readonly latencyMs: LatencyMs
  readonly non2xx: number
  /** bytes read per response, headers included (compressed bodies show here) */
  readonly bytesPerResponse: number
  readonly errors: number
  readonly timeouts: number
  readonly statusCodes: Readonly<Record<string, number>>
  readonly connections: number
  /** fixed request rate, or null for as fast as possible */
  readonly rate: number | null
  /** distinct request descriptors the load cycles through */
  readonly distinctRequests: number
}

export interface ShapeResult extends LoadResult {
  /** "cached" for one request repeated (reported apart), null for the main figures */
  readonly group: "cached" | null
  /** highest VmRSS of the server during the measured run, MB */
  readonly maxRssMB: number | null
  readonly alongside: ReadonlyArray<LoadResult>
}

interface PreparedLoad {
  readonly name: string
  /** null: any 2xx */
  readonly expectedStatus: number | null
  readonly connections: number
  readonly rate: number | null
  readonly distinctRequests: number
  /** a fresh autocannon request list for each run */
  readonly requests: () => Array<AutocannonRequest>
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e))

const hasHeader = (headers: Record<string, string>, name: string): boolean =>
  Object.keys(headers).some((h) => h.toLowerCase() === name)

const toAutocannonRequest = (request: BenchRequest, defaultHeaders: Readonly<Record<string, string>>): AutocannonRequest => {
  const headers: Record<string, string> = { ...defaultHeaders, ...request.headers }
  const out: AutocannonRequest = { method: request.method ?? "GET", path: request.path, headers }
  if (request.body !== undefined) {
    if (!hasHeader(headers, "content-type")) headers["content-type"] = "application/json"
    out.body = JSON.stringify(request.body)
  }
  const { prepare, onResponse } = request
  if (prepare !== undefined) out.setupRequest = (raw, context) => prepare(raw, context)
  if (onResponse !== undefined) out.onResponse = (status, body, context) => onResponse(status, body, context)
  return out
}

/**
 * One autocannon request that, each time it is sent, becomes the next of `built` (a cursor shared
 * by all connections and kept from the warm-up to the measured run, so that a list of distinct
 * requests is not replayed from its start after the warm-up).
 */
const rotatingRequest = (built: ReadonlyArray<AutocannonRequest>, cursor: { next: number }): AutocannonRequest => {
  const pickedFor = new WeakMap<AutocannonContext, AutocannonRequest>()
  const rotating: AutocannonRequest = {
    setupRequest: (raw, context) => {
      const next = built[cursor.next % built.length]
      cursor.next += 1
      if (next === undefined) return null
      pickedFor.set(context, next)
      const request = { ...raw, method: next.method ?? "GET", path: next.path ?? "/", headers: next.headers ?? {} }
      if (next.body !== undefined) request.body = next.body
      else delete request.body
      return next.setupRequest === undefined ? request : next.setupRequest(request, context)
    }
  }
  // autocannon reads response bodies only when some request has onResponse
  if (built.some((r) => r.onResponse !== undefined)) {
    rotating.onResponse = (status, body, context, headers) => pickedFor.get(context)?.onResponse?.(status, body, context, headers)
  }
  return rotating
}

const benchRequestsOf = async (shape: Shape, settings: LoadSettings, connections: number): Promise<ReadonlyArray<BenchRequest>> => {
  if (shape.setup !== undefined) {
    return shape.setup({
      api: settings.api,
      discovered: settings.discovered,
      connections,
      loadSeconds: settings.warmupSeconds + settings.durationSeconds
    })
  }
  if (shape.requests !== undefined) return shape.requests
  if (shape.path !== undefined) {
    const single: { -readonly [K in keyof BenchRequest]: BenchRequest[K] } = { path: shape.path }
    if (shape.method !== undefined) single.method = shape.method
    if (shape.body !== undefined) single.body = shape.body
    return [single]
  }
  throw new Error("the shape has neither path, requests nor setup")
}

const prepareLoad = async (shape: Shape, settings: LoadSettings): Promise<PreparedLoad> => {
  const connections = shape.connections ?? settings.connections
  const benchRequests = await benchRequestsOf(shape, settings, connections)
  if (benchRequests.length === 0) throw new Error("the shape resolved to no requests")
  const headers = { ...settings.api.defaultHeaders, ...shape.headers }
  const built = benchRequests.map((r) => toAutocannonRequest(r, headers))
  const sequence = shape.order === "sequence"
  const cursor = { next: 0 }
  return {
    name: shape.name,
    expectedStatus: shape.expectedStatus ?? null,
    connections,
    rate: shape.rate ?? null,
    distinctRequests: built.length,
    requests: () => (sequence || built.length === 1 ? built.map((r) => ({ ...r })) : [rotatingRequest(built, cursor)])
  }
}

const runAutocannon = (options: AutocannonOptions): Promise<AutocannonResult> =>
  new Promise((resolve, reject) => {
    let unregister = (): void => {}
    const instance = autocannon(options, (error, result) => {
      unregister()
      if (error === null) resolve(result)
      else reject(error)
    })
    unregister = onCleanup(() => instance.stop())
  })

const runLoad = (load: PreparedLoad, baseUrl: string, durationSeconds: number): Promise<AutocannonResult> => {
  const options: AutocannonOptions = {
    url: baseUrl,
    title: load.name,
    connections: load.connections,
    duration: durationSeconds,
    requests: load.requests()
  }
  if (load.rate !== null) options.overallRate = load.rate
  return runAutocannon(options)
}

const round = (n: number, digits = 2): number => Math.round(n * 10 ** digits) / 10 ** digits

const isExpected = (code: string, expected: number | null): boolean =>
  expected === null ? code.startsWith("2") : code === String(expected)

const describeCodes = (codes: Readonly<Record<string, number>>, expected: number | null): string =>
  Object.entries(codes)
    .filter(([code]) => !isExpected(code, expected))
    .map(([code, count]) => `${count}x${code}`)
    .join(", ")

const toLoadResult = (load: PreparedLoad, result: AutocannonResult): LoadResult => {
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]))
  const failures: Array<string> = []
  const unexpected = Object.entries(statusCodes)
    .filter(([code]) => !isExpected(code, load.expectedStatus))
    .reduce((sum, [, count]) => sum + count, 0)
  const expectation = load.expectedStatus === null ? "non-2xx" : `non-${load.expectedStatus}`
  if (unexpected > 0) {
    failures.push(`${unexpected} ${expectation} responses (${describeCodes(statusCodes, load.expectedStatus)})`)
  }
  if (result.errors > 0) failures.push(`${result.errors} connection errors (${result.timeouts} timeouts)`)
  if (result.requests.total === 0) failures.push("no responses")
  return {
    name: load.name,
    status: failures.length === 0 ? "ok" : "FAILED",
    failures,
    requestsPerSecond: round(result.requests.average),
    totalRequests: result.requests.total,
    durationSeconds: result.duration,
    latencyMs: {
      average: round(result.latency.average),
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max
    },
    non2xx: result.non2xx,
    bytesPerResponse: result.requests.total === 0 ? 0 : Math.round(result.throughput.total / result.requests.total),
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    connections: load.connections,
    rate: load.rate,
    distinctRequests: load.distinctRequests
  }
}

const notRun = (shape: Shape, settings: LoadSettings, failure: string): LoadResult => ({
  name: shape.name,
  status: "FAILED",
  failures: [failure],
  requestsPerSecond: 0,
  totalRequests: 0,
  durationSeconds: 0,
  latencyMs: { average: 0, p50: 0, p90: 0, p99: 0, max: 0 },
  non2xx: 0,
  bytesPerResponse: 0,
  errors: 0,
  timeouts: 0,
  statusCodes: {},
  connections: shape.connections ?? settings.connections,
  rate: shape.rate ?? null,
  distinctRequests: 0
})

export const runShape = async (shape: Shape, settings: LoadSettings): Promise<ShapeResult> => {
  const { baseUrl } = settings.api
  let loads: Array<PreparedLoad>
  try {
    loads = [await prepareLoad(shape, settings)]
    for (const other of shape.alongside ?? []) loads.push(await prepareLoad(other, settings))
  } catch (e) {
    const failure = `setup failed: ${message(e)}`
    console.error(`[bench] ${shape.name}: ${failure}`)
    return {
      ...notRun(shape, settings, failure),
      group: shape.group ?? null,
      maxRssMB: null,
      alongside: (shape.alongside ?? []).map((a) => notRun(a, settings, "not run"))
    }
  }

  const names = loads.map((l) => `${l.name} (${l.connections} conn${l.rate === null ? "" : `, ${l.rate} req/s`})`)
  if (settings.warmupSeconds > 0) {
    console.log(`[bench] ${shape.name}: warm-up ${settings.warmupSeconds} s: ${names.join(" + ")}`)
    await Promise.all(loads.map((l) => runLoad(l, baseUrl, settings.warmupSeconds)))
  }
  console.log(`[bench] ${shape.name}: measuring ${settings.durationSeconds} s: ${names.join(" + ")}`)
  const rss = startRssSampler(settings.serverPid, 200)
  const results = await Promise.all(loads.map((l) => runLoad(l, baseUrl, settings.durationSeconds)))
  const { maxMB } = await rss.stop()

  const [main, ...others] = loads.map((l, i) => {
    const result = results[i]
    if (result === undefined) throw new Error(`no result for ${l.name}`)
    return toLoadResult(l, result)
  })
  if (main === undefined) throw new Error(`no result for ${shape.name}`)
  const alongside = others
  const failed = main.status === "FAILED" || alongside.some((a) => a.status === "FAILED")
  return {
    ...main,
    status: failed ? "FAILED" : "ok",
    failures: [...main.failures, ...alongside.flatMap((a) => a.failures.map((f) => `${a.name}: ${f}`))],
    group: shape.group ?? null,
    maxRssMB: maxMB === null ? null : round(maxMB, 1),
    alongside
  }
}
