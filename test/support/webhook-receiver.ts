/**
 * A back-office webhook endpoint for tests: it records every POST (headers and raw body) and
 * can be down (answering 503) until the test brings it up, or slow (answering after a delay);
 * `accepted` are the deliveries it answered 204.
 */
import { readBody, startLocalHttpServer } from "./local-http-server.ts"

export interface WebhookCall {
  readonly headers: Record<string, string>
  readonly body: string
  readonly at: number
}

export const startWebhookReceiver = async () => {
  let up = true
  let delayMillis = 0
  const calls: Array<WebhookCall> = []
  const accepted: Array<WebhookCall> = []
  const server = await startLocalHttpServer((request, response) => {
    void readBody(request).then((body) => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]))
      const call = { headers, body, at: Date.now() }
      calls.push(call)
      if (!up) {
        response.writeHead(503).end()
        return
      }
      const accept = () => {
        accepted.push({ ...call, at: Date.now() })
        response.writeHead(204).end()
      }
      if (delayMillis === 0) accept()
      else setTimeout(accept, delayMillis)
    })
  })
  return {
    url: `${server.origin}/hooks`,
    calls: (): ReadonlyArray<WebhookCall> => calls,
    accepted: (): ReadonlyArray<WebhookCall> => accepted,
    setUp: (value: boolean) => void (up = value),
    /** Answers each delivery this long after it arrived (0: at once). */
    setDelay: (millis: number) => void (delayMillis = millis),
    close: server.close
  }
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>
