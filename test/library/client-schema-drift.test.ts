/**
 * The typed client's checked-in types (client/openapi-schema.ts) are what `npm run
 * client:generate` makes from the current API definition: regenerated in memory and compared,
 * so a change to the API that is not regenerated fails here rather than in a storefront.
 */
import { readFile } from "node:fs/promises"
import { describe, expect, it } from "vitest"
import { CLIENT_SCHEMA_FILE, clientSchemaSource } from "../../scripts/client-schema.ts"

describe("the typed client's generated types", () => {
  it("match the OpenAPI document of the API definition (run `npm run client:generate` when not)", async () => {
    const checkedIn = await readFile(CLIENT_SCHEMA_FILE, "utf8")
    const regenerated = await clientSchemaSource()
    expect(checkedIn === regenerated, "client/openapi-schema.ts is stale: run `npm run client:generate`").toBe(true)
  })
})
