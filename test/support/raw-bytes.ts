/**
 * A GET to the test server over node:http, returning the body bytes exactly as sent (no
 * decompression, unlike fetch) with the status and headers: for tests of content codings and
 * conditional requests.
 */
import { request } from "node:http"
import { Effect } from "effect"
import { HttpServer } from "effect/http"
import { NetAddress } from "effect/net"

export interface RawResponse {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: Buffer
}

export const rawGet = (path: string, headers: Readonly<Record<string, string>> = {}) =>
  Effect.gen(function*() {
    const server = yield* HttpServer.HttpServer
    const address = server.address
    if (NetAddress.isUnixPathAddress(address)) return yield* Effect.die(new Error("a TCP test server is needed"))
    return yield* Effect.promise(() =>
      new Promise<RawResponse>((resolve, reject) => {
        const outgoing = request(
          { host: "127.0.0.1", port: address.port, path, method: "GET", headers, agent: false },
          (incoming) => {
            const chunks: Array<Buffer> = []
            incoming.on("data", (chunk: Buffer) => chunks.push(chunk))
            incoming.on("error", reject)
            incoming.on("end", () => {
              const flat: Record<string, string> = {}
              for (const [name, value] of Object.entries(incoming.headers)) {
                if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(", ") : value
              }
              resolve({ status: incoming.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) })
            })
          }
        )
        outgoing.on("error", reject)
        outgoing.end()
      })
    )
  })
