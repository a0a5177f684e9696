/**
 * Calling a service that runs as a process of its own (server-process.ts) over plain HTTP, with
 * the demo catalog's publishable key: one call, a new customer registered, waiting for what the
 * service does in the background. Plain async code, for suites that start, kill and restart
 * processes around the calls.
 */
import { randomUUID } from "node:crypto"
import { sleep } from "./server-process.ts"

export const KEY = "pk_demo_main_storefront"

let sequence = 0

/** A fresh client IP (sent as X-Forwarded-For through the trusted proxy hop). */
export const freshIp = () => `10.${sequence % 250}.${Math.floor(Math.random() * 250)}.${(sequence++ % 250) + 1}`

export interface Answer {
  readonly status: number
  readonly headers: Headers
  readonly body: Record<string, unknown>
}

/** One API call with the demo's publishable key against `base` (a proxy or one instance). */
export const call = async (
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {}
): Promise<Answer> => {
  const send = () =>
    fetch(`${base}${path}`, {
      method,
      headers: { "x-publishable-api-key": KEY, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000)
    })
  // fetch keeps connections alive: one pooled to a process these suites killed is closed under
  // the next request before any of it was read ("other side closed"); that request is sent again
  // once, on a new connection (fetch retries so only idempotent methods)
  const response = await send().catch((error: unknown) => {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    if (cause?.code === "UND_ERR_SOCKET" && cause.message === "other side closed") return send()
    throw error
  })
  const text = await response.text()
  let parsed: Record<string, unknown> = {}
  try {
    parsed = text === "" ? {} : JSON.parse(text) as Record<string, unknown>
  } catch {
    parsed = { text } // a proxy's own error pages are HTML
  }
  return { status: response.status, headers: response.headers, body: parsed }
}

/** Retries an assertion until it holds or `timeoutMillis` passes (then fails with its last error). */
export const eventually = async <A>(assertion: () => Promise<A>, timeoutMillis = 30_000, pauseMillis = 100): Promise<A> => {
  const deadline = Date.now() + timeoutMillis
  for (;;) {
    try {
      return await assertion()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await sleep(pauseMillis)
    }
  }
}

/**
 * Registers a new customer (unique email and phone) and returns its credentials; `headers` go
 * with the request (e.g. an `x-forwarded-for` of its own, for a service that trusts a proxy).
 */
export const registerCustomer = async (base: string, headers: Record<string, string> = {}) => {
  const suffix = randomUUID().replaceAll("-", "").slice(0, 8)
  const digits = String(Number.parseInt(suffix, 16) % 100_000_000).padStart(8, "0")
  const customer = {
    name: "Process Tester",
    email: `customer-${suffix}@example.com`,
    password: "violet-harbour-lantern",
    phone: `+88017${digits}`
  }
  const registered = await call(base, "POST", "/v1/store/auth/register", customer, headers)
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`)
  return customer
}
