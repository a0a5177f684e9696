/**
 * A back-office webhook endpoint for tests: it records every POST (headers and raw body) and
 * can be down (answering 503) until the test brings it up; `accepted` are the deliveries it
 * answered 204.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"

export interface WebhookCall {
  readonly headers: Record<string, string>
  readonly body: string
  readonly at: number
}

export const startWebhookReceiver = async () => {
  let up = true
  const calls: Array<WebhookCall> = []
  const accepted: Array<WebhookCall> = []
  const server = createServer((request, response) => {
    let body = ""
    request.setEncoding("utf8")
    request.on("data", (chunk: string) => (body += chunk))
    request.on("end", () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]))
      const call = { headers, body, at: Date.now() }
      calls.push(call)
      if (!up) {
        response.writeHead(503).end()
        return
      }
      accepted.push(call)
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    calls: (): ReadonlyArray<WebhookCall> => calls,
    accepted: (): ReadonlyArray<WebhookCall> => accepted,
    setUp: (value: boolean) => void (up = value),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>
