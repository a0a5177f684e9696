/** What the gateway simulators share: a JSON answer and a random id with a prefix. */
import { randomBytes } from "node:crypto"
import type { ServerResponse } from "node:http"

export const simulatorId = (prefix: string) => `${prefix}${randomBytes(6).toString("hex").toUpperCase()}`

export const json = (response: ServerResponse, body: unknown, status = 200) => {
  response.writeHead(status, { "content-type": "application/json" })
  response.end(JSON.stringify(body))
}
