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

export const clientSchemaSource = async (): Promise<string> => {
  const document = OpenApi.fromApi(StorefrontApi) as unknown as OpenAPI3
  const nodes = await openapiTS(document, { silent: true })
  return HEADER + astToString(nodes)
}
