/**
 * The Node HTTP server the service listens with. Requests that Node itself rejects before any
 * routing (a header block over Node's limit, a malformed request line, a request that took too
 * long to arrive) are answered with problem+json too, instead of Node's empty-bodied default:
 * 431 `header_fields_too_large`, 408 `request_timeout`, 400 `malformed_request`; and a CONNECT
 * (which Node hands to a separate event, not to the router) is 405 `method_not_allowed`. The
 * connection is closed after the answer.
 *
 * The port is open while the service starts (migrations, loading the catalog), so a request can
 * arrive before the app's handler is installed; until then this server answers it itself:
 * `/health` 200 (the process is alive), `/ready` and everything else 503 `service_unavailable`
 * with `Retry-After`, so a load balancer waits and a client retries instead of hanging. Once
 * the server is closing, every answer carries `Connection: close`.
 */
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
  type Server,
  ServerResponse,
  STATUS_CODES
} from "node:http"
import type { Duplex } from "node:stream"
import { problemType } from "./problems/problem-type.ts"
import { type GenericProblem, HeaderFieldsTooLarge, MalformedRequest, MethodNotAllowed, RequestTimeout } from "./problems/generic-problems.ts"

export const clientErrorProblem = (error: { readonly code?: string | undefined }): GenericProblem => {
  switch (error.code) {
    case "HPE_HEADER_OVERFLOW":
      return HeaderFieldsTooLarge
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return RequestTimeout
    default:
      return MalformedRequest
  }
}

const answerClientError = (error: Error & { readonly code?: string }, socket: Duplex) => {
  // nothing to answer on a connection that is already gone
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy()
    return
  }
  answerAndClose(socket, clientErrorProblem(error))
}

const METHOD_NOT_ALLOWED: GenericProblem = MethodNotAllowed

const answerAndClose = (socket: Duplex, problem: GenericProblem) => {
  const body = JSON.stringify({ type: problemType(problem.code), title: problem.title, status: problem.status, code: problem.code })
  socket.end(
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? problem.title}\r\n` +
      "Content-Type: application/problem+json\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      "Connection: close\r\n\r\n" +
      body
  )
}

const STARTING_RETRY_AFTER_SECONDS = 2

const answerWhileStarting = (request: IncomingMessage, response: ServerResponse) => {
  const path = (request.url ?? "/").split("?")[0]
  if (path === "/health") {
    response.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" })
    response.end(JSON.stringify({ status: "ok" }))
    return
  }
  const body = JSON.stringify({
    type: problemType("service_unavailable"),
    title: "Service unavailable",
    status: 503,
    code: "service_unavailable",
    detail: "The service is starting"
  })
  response.writeHead(503, {
    "content-type": "application/problem+json",
    "retry-after": String(STARTING_RETRY_AFTER_SECONDS),
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(body)
  })
  response.end(body)
}

/** A Node HTTP server that answers client errors with problem+json, and requests while starting. */
export const createStorefrontNodeServer = (): Server => {
  // Once closing (draining on SIGTERM), every answer closes its connection, decided when its
  // head is written: a keep-alive client moves on to another instance at once instead of
  // holding this one open until the keep-alive timeout.
  class DrainingAwareResponse<Request extends IncomingMessage> extends ServerResponse<Request> {
    override writeHead(
      statusCode: number,
      messageOrHeaders?: string | OutgoingHttpHeaders | Array<OutgoingHttpHeader>,
      headers?: OutgoingHttpHeaders | Array<OutgoingHttpHeader>
    ): this {
      if (!server.listening && !this.headersSent) this.setHeader("connection", "close")
      // all three passed on as given: Effect writes (status, undefined message, headers)
      return super.writeHead(statusCode, messageOrHeaders as string | undefined, headers)
    }
  }
  const server: Server = createServer({ ServerResponse: DrainingAwareResponse })
  // the first listener: it answers only while no other (the app's handler) is installed
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    if (server.listenerCount("request") === 1) answerWhileStarting(request, response)
  })
  server.on("clientError", answerClientError)
  server.on("connect", (_request, socket: Duplex) => answerAndClose(socket, METHOD_NOT_ALLOWED))
  return server
}
