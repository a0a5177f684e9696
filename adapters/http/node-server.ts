/**
 * The Node HTTP server the service listens with. Requests that Node itself rejects before any
 * routing (a header block over Node's limit, a malformed request line, a request that took too
 * long to arrive) are answered with problem+json too, instead of Node's empty-bodied default:
 * 431 `header_fields_too_large`, 408 `request_timeout`, 400 `malformed_request`; and a CONNECT
 * (which Node hands to a separate event, not to the router) is 405 `method_not_allowed`. The
 * connection is closed after the answer.
 */
import { createServer, type Server, STATUS_CODES } from "node:http"
import type { Duplex } from "node:stream"
import { problemType } from "./problems/problem-type.ts"

interface ClientErrorProblem {
  readonly status: number
  readonly code: string
  readonly title: string
}

export const clientErrorProblem = (error: { readonly code?: string | undefined }): ClientErrorProblem => {
  switch (error.code) {
    case "HPE_HEADER_OVERFLOW":
      return { status: 431, code: "header_fields_too_large", title: "Request header fields too large" }
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { status: 408, code: "request_timeout", title: "Request timeout" }
    default:
      return { status: 400, code: "malformed_request", title: "Malformed request" }
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

const METHOD_NOT_ALLOWED: ClientErrorProblem = { status: 405, code: "method_not_allowed", title: "Method not allowed" }

const answerAndClose = (socket: Duplex, problem: ClientErrorProblem) => {
  const body = JSON.stringify({ type: problemType(problem.code), title: problem.title, status: problem.status, code: problem.code })
  socket.end(
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? problem.title}\r\n` +
      "Content-Type: application/problem+json\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      "Connection: close\r\n\r\n" +
      body
  )
}

/** A Node HTTP server that answers client errors with problem+json. */
export const createStorefrontNodeServer = (): Server => {
  const server = createServer()
  server.on("clientError", answerClientError)
  server.on("connect", (_request, socket: Duplex) => answerAndClose(socket, METHOD_NOT_ALLOWED))
  return server
}
