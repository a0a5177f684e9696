/** The `Vary` header, merged: a field name is listed once, whatever the case it was given in. */
import { HttpServerResponse } from "effect/http"

export const withVary = (
  response: HttpServerResponse.HttpServerResponse,
  ...fields: ReadonlyArray<string>
): HttpServerResponse.HttpServerResponse => {
  const current = response.headers["vary"]
  const listed = current === undefined ? [] : current.split(",").map((field) => field.trim()).filter((f) => f !== "")
  if (listed.includes("*")) return response
  const known = new Set(listed.map((field) => field.toLowerCase()))
  const added = fields.filter((field) => !known.has(field.toLowerCase()))
  if (added.length === 0) return response
  return HttpServerResponse.setHeader(response, "vary", [...listed, ...added].join(", "))
}
