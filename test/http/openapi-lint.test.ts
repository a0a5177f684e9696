/**
 * The OpenAPI document served at /openapi.json passes Redocly's OpenAPI linter (the engine of
 * `redocly lint`, @redocly/openapi-core, run in-process and offline) with its
 * `recommended-strict` rules: no error and no warning. `info-license` is off: the service is
 * not published under a licence.
 */
import { createConfig, lintFromString } from "@redocly/openapi-core"
import { OpenApi } from "effect/http-api"
import { describe, expect, it } from "vitest"
import { StorefrontApi } from "../../adapters/http/api/storefront-api.ts"

describe("the OpenAPI document under a standard OpenAPI 3.1 linter", () => {
  it("has no problem under Redocly's recommended-strict rules", async () => {
    const config = await createConfig({ extends: ["recommended-strict"], rules: { "info-license": "off" } })
    const problems = await lintFromString({
      source: JSON.stringify(OpenApi.fromApi(StorefrontApi)),
      absoluteRef: "openapi.json",
      config
    })
    const described = problems.map((problem) =>
      `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? "?"}`
    )
    expect(described).toEqual([])
  })
})
