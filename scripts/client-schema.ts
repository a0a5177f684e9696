/**
 * The typed client's types, generated from the OpenAPI document of the API definition with
 * openapi-typescript. `npm run client:generate` writes them to client/openapi-schema.ts (checked
 * in); test/library/client-schema-drift.test.ts regenerates them in memory and compares.
 */
import { OpenApi } from "effect/http-api"
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript"
import { StorefrontApi } from "../adapters/http/api/storefront-api.ts"

export const CLIENT_SCHEMA_FILE = new URL("../client/openapi-schema.ts", import.meta.url)

const HEADER = `/**
 * Types of the Storefront API, generated from its OpenAPI document (GET /openapi.json) by
 * openapi-typescript. Do not edit: run \`npm run client:generate\` after changing the API.
 */
`

type Json = Record<string, any>

/** A response's name: its first problem code, or its description's words (`Cart`, `NotModified`). */
const responseName = (response: Json): string => {
  const description = String(response["description"] ?? "")
  const words = description.match(/`([a-z_]+)`/)?.[1] ?? description.split(":")[0]!
  return words.split(/[^A-Za-z0-9]+/).filter((word) => word !== "").map((word) => word[0]!.toUpperCase() + word.slice(1)).join("")
}

/**
 * The document with every response that several operations give alike (the problem answers
 * above all) declared once, under components.responses, and referred to: the same types, in a
 * tenth of the lines. Only the client's copy; the served document is unchanged.
 */
const withSharedResponses = (document: Json): Json => {
  const uses = new Map<string, number>()
  const operations = Object.values<Json>(document["paths"]).flatMap((item) => Object.values<Json>(item))
  for (const operation of operations) {
    for (const response of Object.values<Json>(operation["responses"] ?? {})) {
      const key = JSON.stringify(response)
      uses.set(key, (uses.get(key) ?? 0) + 1)
    }
  }
  const responses: Json = {}
  const names = new Map<string, string>()
  for (const operation of operations) {
    for (const [status, response] of Object.entries<Json>(operation["responses"] ?? {})) {
      const key = JSON.stringify(response)
      if (uses.get(key)! < 2) continue
      let name = names.get(key)
      if (name === undefined) {
        const base = responseName(response)
        name = base
        for (let n = 2; Object.hasOwn(responses, name); n++) name = `${base}_${n}`
        names.set(key, name)
        responses[name] = response
      }
      operation["responses"][status] = { $ref: `#/components/responses/${name}` }
    }
  }
  return { ...document, components: { ...document["components"], responses } }
}

export const clientSchemaSource = async (): Promise<string> => {
  const document = withSharedResponses(structuredClone(OpenApi.fromApi(StorefrontApi)) as Json) as OpenAPI3
  const nodes = await openapiTS(document, { silent: true })
  return HEADER + astToString(nodes)
}
