// What the phases of the `couriers` shape share (courier-figures.ts, pathao-events.ts): distinct
// webhook events each POSTed once by autocannon (a cursor shared by the connections), what an
// event load gave, and waiting for the orders to reach a state.
import { setTimeout as sleep } from "node:timers/promises"
import autocannon from "autocannon"
import { onCleanup } from "./cleanup-on-exit.ts"

/** How long the orders may take to show their bookings, or the webhooks' outcome, before a failure. */
const SETTLE_TIMEOUT_MS = 120_000

export interface EventFigures {
  readonly events: number
  readonly connections: number
  /** all answers over the run's seconds */
  readonly requestsPerSecond: number
  readonly latencyMs: { readonly p50: number; readonly p99: number; readonly max: number }
}

export interface EventLoad {
  readonly baseUrl: string
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  /** the JSON bodies, each sent once */
  readonly bodies: ReadonlyArray<string>
  readonly connections: number
  /** the status every event must be answered with */
  readonly expectedStatus: number
}

export const round = (n: number) => Math.round(n * 10) / 10

/** Sends every body once; the figures, and the failures (other answers, connection errors). */
export const postEvents = (load: EventLoad): Promise<{ readonly figures: EventFigures; readonly failures: ReadonlyArray<string> }> =>
  new Promise((resolve, reject) => {
    let next = 0
    let unregister = (): void => {}
    const instance = autocannon({
      url: load.baseUrl,
      title: load.path,
      connections: load.connections,
      amount: load.bodies.length,
      requests: [{
        method: "POST",
        path: load.path,
        headers: { "content-type": "application/json", ...load.headers },
        setupRequest: (request) => ({ ...request, body: load.bodies[next++ % load.bodies.length]! })
      }]
    }, (error, result) => {
      unregister()
      if (error !== null) return reject(error)
      const failures: Array<string> = []
      const unexpected = Object.entries(result.statusCodeStats).filter(([code]) => code !== String(load.expectedStatus))
      if (unexpected.length > 0) failures.push(`${load.path} answers besides ${load.expectedStatus}: ${unexpected.map(([code, s]) => `${s.count}x${code}`).join(", ")}`)
      if (result.errors > 0) failures.push(`${result.errors} connection errors on ${load.path} (${result.timeouts} timeouts)`)
      resolve({
        figures: {
          events: load.bodies.length,
          connections: load.connections,
          requestsPerSecond: round(result.requests.total / result.duration),
          latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max }
        },
        failures
      })
    })
    unregister = onCleanup(() => instance.stop())
  })

/** Waits until `check` finds nothing wrong (or the timeout); a failure naming what still is. */
export const settle = async (what: string, check: () => Promise<ReadonlyArray<string>>): Promise<ReadonlyArray<string>> => {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS
  for (;;) {
    const wrong = await check()
    if (wrong.length === 0) return []
    if (Date.now() > deadline) return [`${wrong.length} ${what}, e.g. ${wrong.slice(0, 3).join("; ")}`]
    await sleep(100)
  }
}

export const describeEvents = (figures: EventFigures) =>
  `${figures.requestsPerSecond} events/s, p50 ${figures.latencyMs.p50} ms, p99 ${figures.latencyMs.p99} ms, ` +
  `max ${figures.latencyMs.max} ms (${figures.events} distinct events, ${figures.connections} connections)`
