// The `delivery` shape of `npm run bench` (issue 19): from the HTTP request to the mail server's
// accept. The real server process, on a fresh database of its own with the demo catalog
// (delivery-shape.ts), sends its mail to a real SMTP server in this process (smtp-server; a
// message counts as accepted when its DATA has arrived). Customers are registered first, each
// from a client address of its own (the server trusts one proxy hop), so no rate limit meets
// the load: every login code requested goes to a customer who has had none.
// - paced: one request every 50 ms (20/s, open loop: not waiting for the answers), each timed
//   from just before it was sent until its mail arrived;
// - burst: as many requests as the server takes, 32 in flight at once; the mails per second
//   between the first and the last arrival are what the relay sustains while requests keep
//   coming, and each is timed from its request as above.
import { loadavg } from "node:os"
import { setTimeout as sleep } from "node:timers/promises"
import type { SmtpInbox } from "../support/smtp-inbox.ts"
import { benchClientAddress } from "./auth-shapes.ts"
import { inParallel } from "./in-parallel.ts"
import { type Latency, latencyOf } from "./quantiles.ts"
import type { StoreApi } from "./store-api.ts"

export const DELIVERY_SHAPE = "delivery"

const PACED_MESSAGES = 200
const PACED_INTERVAL_MS = 50
const BURST_MESSAGES = 400
const BURST_CONCURRENCY = 32
const REGISTRATION_CONCURRENCY = 4
/** How long the mails of one phase may take to arrive before the missing ones count as failures. */
const ARRIVAL_TIMEOUT_MS = 120_000

export interface DeliveryFigures {
  readonly engine: "pglite" | "postgres"
  /** the 1-minute load average of the machine before and after the measurement (2 cores, shared) */
  readonly loadAverage: { readonly before: number; readonly after: number }
  readonly paced: { readonly requestsPerSecond: number; readonly requestToAcceptMs: Latency }
  readonly burst: {
    readonly messages: number
    readonly concurrency: number
    /** requests the server answered per second */
    readonly requestsPerSecond: number
    /** mails that arrived per second, between the first and the last */
    readonly messagesPerSecond: number
    readonly requestToAcceptMs: Latency
  }
  /** wrong answers and mails that never came */
  readonly failures: ReadonlyArray<string>
}

interface Customer {
  readonly email: string
  /** the client address it registers and asks for its code from */
  readonly address: string
}

const registerCustomers = async (api: StoreApi, count: number): Promise<ReadonlyArray<Customer>> => {
  const customers = Array.from({ length: count }, (_, i) => ({ email: `delivery-${i}@example.com`, address: benchClientAddress(i) }))
  await inParallel(customers, REGISTRATION_CONCURRENCY, async ({ email, address }) => {
    const registered = await api.request({
      method: "POST",
      path: "/v1/store/auth/register",
      body: { name: "Bench Recipient", email, password: "bench-delivery-passphrase-3" },
      headers: { "x-forwarded-for": address }
    })
    if (registered.status !== 201) throw new Error(`register ${email} answered ${registered.status}: ${JSON.stringify(registered.body)}`)
  })
  return customers
}

/** When each customer's code was requested (epoch ms, just before sending), and the wrong answers. */
interface Sent {
  readonly startedAt: Map<string, number>
  readonly failures: Array<string>
}

const requestCode = (api: StoreApi, sent: Sent) => async ({ email, address }: Customer) => {
  sent.startedAt.set(email, Date.now())
  const answer = await api.request({
    method: "POST",
    path: "/v1/store/auth/otp/request",
    body: { channel: "email", email, purpose: "login" },
    headers: { "x-forwarded-for": address }
  })
  if (answer.status !== 202) sent.failures.push(`code for ${email} answered ${answer.status}`)
}

/** Waits until every requested customer's mail arrived (or the timeout); each one's request-to-arrival time, in order of arrival. */
const arrivals = async (inbox: SmtpInbox, sent: Sent) => {
  const deadline = Date.now() + ARRIVAL_TIMEOUT_MS
  for (;;) {
    const arrived = new Map(inbox.mails().filter((mail) => sent.startedAt.has(mail.to)).map((mail) => [mail.to, mail.receivedAt]))
    if (arrived.size === sent.startedAt.size || Date.now() > deadline) {
      const missing = sent.startedAt.size - arrived.size
      if (missing > 0) sent.failures.push(`${missing} mails never arrived`)
      const times = [...arrived.values()].sort((a, b) => a - b)
      return {
        latencies: [...arrived].map(([email, at]) => at - sent.startedAt.get(email)!),
        first: times[0] ?? 0,
        last: times.at(-1) ?? 0
      }
    }
    await sleep(50)
  }
}

export const measureDelivery = async (api: StoreApi, inbox: SmtpInbox, engine: DeliveryFigures["engine"]): Promise<DeliveryFigures> => {
  const before = loadavg()[0]!
  const registeredFrom = performance.now()
  const customers = await registerCustomers(api, PACED_MESSAGES + BURST_MESSAGES)
  console.log(`[bench] delivery: ${customers.length} customers registered in ${((performance.now() - registeredFrom) / 1000).toFixed(1)} s`)
  const failures: Array<string> = []

  const paced: Sent = { startedAt: new Map(), failures }
  const requests: Array<Promise<void>> = []
  const pacedFrom = performance.now()
  for (const [i, customer] of customers.slice(0, PACED_MESSAGES).entries()) {
    await sleep(Math.max(0, pacedFrom + i * PACED_INTERVAL_MS - performance.now()))
    requests.push(requestCode(api, paced)(customer))
  }
  await Promise.all(requests)
  const pacedArrivals = await arrivals(inbox, paced)

  const burst: Sent = { startedAt: new Map(), failures }
  const burstFrom = performance.now()
  await inParallel(customers.slice(PACED_MESSAGES), BURST_CONCURRENCY, requestCode(api, burst))
  const answeredIn = (performance.now() - burstFrom) / 1000
  const burstArrivals = await arrivals(inbox, burst)

  const round = (n: number) => Math.round(n * 10) / 10
  return {
    engine,
    loadAverage: { before: round(before), after: round(loadavg()[0]!) },
    paced: { requestsPerSecond: 1000 / PACED_INTERVAL_MS, requestToAcceptMs: latencyOf(pacedArrivals.latencies) },
    burst: {
      messages: BURST_MESSAGES,
      concurrency: BURST_CONCURRENCY,
      requestsPerSecond: round(BURST_MESSAGES / answeredIn),
      messagesPerSecond: round((burstArrivals.latencies.length - 1) / Math.max(0.001, (burstArrivals.last - burstArrivals.first) / 1000)),
      requestToAcceptMs: latencyOf(burstArrivals.latencies)
    },
    failures
  }
}

const describeLatency = (latency: Latency) => `p50 ${latency.p50} ms, p99 ${latency.p99} ms, max ${latency.max} ms over ${latency.samples}`

export const describeDelivery = (figures: DeliveryFigures): string =>
  `delivery (${figures.engine}, HTTP request → SMTP accept; load ${figures.loadAverage.before} → ${figures.loadAverage.after}): ` +
  `paced ${figures.paced.requestsPerSecond} req/s: ${describeLatency(figures.paced.requestToAcceptMs)}; ` +
  `burst of ${figures.burst.messages} (${figures.burst.concurrency} in flight): ${figures.burst.requestsPerSecond} req/s answered, ` +
  `relay ${figures.burst.messagesPerSecond} messages/s, ${describeLatency(figures.burst.requestToAcceptMs)}` +
  (figures.failures.length > 0 ? `; FAILED: ${figures.failures.join("; ")}` : "")
