/**
 * What Node rejects before routing is answered with problem+json, not an empty body: a header
 * block over the limit (431), a malformed request line (400), CONNECT (405). Raw sockets against
 * the server factory the service listens with.
 */
import { connect } from "node:net"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { createStorefrontNodeServer } from "../../adapters/http/node-server.ts"

const server = createStorefrontNodeServer()
server.on("request", (_request, response) => response.end("ok"))
let port = 0

beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => {
  port = (server.address() as AddressInfo).port
  resolve()
})))
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** Sends raw bytes and collects everything the server answers until it closes the connection. */
const exchange = (raw: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(raw))
    let answer = ""
    socket.on("data", (chunk) => (answer += chunk.toString()))
    socket.on("end", () => resolve(answer))
    socket.on("error", (error) => (answer === "" ? reject(error) : resolve(answer)))
  })

const problemOf = (answer: string) => {
  const [head = "", body = ""] = answer.split("\r\n\r\n", 2)
  expect(head).toMatch(/content-type: application\/problem\+json/i)
  return { statusLine: head.split("\r\n")[0], body: JSON.parse(body) as Record<string, unknown> }
}

describe("client errors before routing", () => {
  it("a 20 KB header: 431 header_fields_too_large", async () => {
    const answer = await exchange(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`)
    const { statusLine, body } = problemOf(answer)
    expect(statusLine).toMatch(/^HTTP\/1\.1 431 /)
    expect(body).toMatchObject({ status: 431, code: "header_fields_too_large", type: "urn:storefront:error:header_fields_too_large" })
  })

  it("a malformed request line: 400 malformed_request", async () => {
    const { statusLine, body } = problemOf(await exchange("NOT A REQUEST\r\n\r\n"))
    expect(statusLine).toMatch(/^HTTP\/1\.1 400 /)
    expect(body).toMatchObject({ status: 400, code: "malformed_request" })
  })

  it("CONNECT: 405 method_not_allowed", async () => {
    const { statusLine, body } = problemOf(await exchange("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n"))
    expect(statusLine).toMatch(/^HTTP\/1\.1 405 /)
    expect(body).toMatchObject({ status: 405, code: "method_not_allowed" })
  })
})
