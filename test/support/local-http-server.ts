/**
 * The local HTTP servers the tests stand in for other services with (payment gateways, the SMS
 * API, a webhook endpoint): on 127.0.0.1 and a free port, closed with every connection.
 */
import { createServer, type IncomingMessage, type RequestListener } from "node:http"
import type { AddressInfo } from "node:net"

/** The request's whole body as text. */
export const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
  })

/** A server answering with `listener`; `origin` is `http://127.0.0.1:<port>`. */
export const startLocalHttpServer = async (listener: RequestListener) => {
  const server = createServer(listener)
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
