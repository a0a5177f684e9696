/**
 * A local simulator of the bKash Tokenized Checkout (v1.2.0-beta) and SSLCommerz v4 HTTP APIs
 * the adapters call (docs/payments.md cites the fields), on 127.0.0.1 and a free port, with state
 * the tests drive as the shopper and the gateways would, and the faults a test switches on:
 * bKash in bkash-simulator.ts (`bkashShopper`, expired tokens, a lost execute answer, a failing
 * status query, lost refund answers), SSLCommerz in sslcommerz-simulator.ts (`sslShopper`,
 * failing validation, refunds processing, lost refund answers). `calls` lists every request.
 */
import { makeBkashSimulator } from "./bkash-simulator.ts"
import { startLocalHttpServer } from "./local-http-server.ts"
import { json } from "./simulator-http.ts"
import { makeSslcommerzSimulator } from "./sslcommerz-simulator.ts"

export { BKASH_CREDENTIALS } from "./bkash-simulator.ts"
export { SSL_CREDENTIALS } from "./sslcommerz-simulator.ts"

export const startGatewaySimulator = async () => {
  const calls: Array<string> = []
  let base = ""
  const bkash = makeBkashSimulator(() => base)
  const ssl = makeSslcommerzSimulator(() => base)

  const server = await startLocalHttpServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://simulator")
    calls.push(`${request.method} ${url.pathname}`)
    const handled = url.pathname.startsWith("/bkash/tokenized/checkout")
      ? bkash.handle(url.pathname.slice("/bkash/tokenized/checkout".length), request, response)
      : url.pathname.startsWith("/sslcommerz/")
      ? ssl.handle(new URL(url.pathname.slice("/sslcommerz".length) + url.search, "http://simulator"), request, response)
      : Promise.resolve(json(response, { error: "not found" }, 404))
    handled.catch(() => json(response, { error: "simulator failure" }, 500))
  })
  base = server.origin

  return {
    bkashBaseUrl: `${base}/bkash`,
    sslcommerzBaseUrl: `${base}/sslcommerz`,
    calls,
    ...bkash.controls,
    ...ssl.controls,
    close: server.close
  }
}

export type GatewaySimulator = Awaited<ReturnType<typeof startGatewaySimulator>>
